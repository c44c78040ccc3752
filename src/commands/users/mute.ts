// `postctl users mute`: src/commands/_engage.ts does the work.
import { engage, engageOptions } from '../_engage.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'mute [users...]',
  description: 'mute users (POST /2/users/{id}/muting): ids, @handles or profile URLs, --file or -',
  examples: ['postctl users mute @emu_dev'],
  options: {
    ...engageOptions,
  },
  run: (args, opts, ctx) => engage(ctx, 'mute', args, opts),
});
