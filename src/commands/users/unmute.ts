// `postctl users unmute`: src/commands/_engage.ts does the work.
import { engage, engageOptions } from '../_engage.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'unmute [users...]',
  description: 'unmute users (DELETE /2/users/{source_user_id}/muting/{target_user_id}): ids, @handles or profile URLs',
  examples: ['postctl users unmute @emu_dev'],
  options: {
    ...engageOptions,
  },
  run: (args, opts, ctx) => engage(ctx, 'unmute', args, opts),
});
