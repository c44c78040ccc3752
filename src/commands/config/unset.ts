// `postctl config unset <key>`: remove a setting from the profile.
import { defineVerb } from '../define.js';
import { settable } from './_settable.js';

export default defineVerb({
  name: 'unset <key>',
  description: 'remove a setting from the profile (the default or environment applies again)',
  examples: ['postctl config unset output'],
  async run([key], _opts, ctx) {
    const spec = settable(key);
    const s = await ctx.settings();
    (await ctx.store()).patchProfile(s.profile, { [spec.key]: undefined });
    ctx.log.success(`${spec.key} removed from profile ${s.profile}`);
  },
});
