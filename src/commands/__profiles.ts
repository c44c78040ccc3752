// `postctl __profiles` (hidden): profile names, one per line, for the completion scripts.
import { loadConfigData } from '../config/resolve.js';
import { isProfileName } from '../config/profile-name.js';
import { defineVerb } from './define.js';

export default defineVerb({
  name: '__profiles',
  description: 'profile names, one per line (used by the completion scripts)',
  examples: [],
  hidden: true,
  async run(_args, _opts, ctx) {
    const { data } = await loadConfigData(ctx.env);
    // Only names a shell cannot read as code: a hand-edited config may hold anything.
    const names = Object.keys(data.profiles ?? {}).filter((name) => isProfileName(name));
    if (names.length) ctx.printer.write(names.join('\n') + '\n');
  },
});
