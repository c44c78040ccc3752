// `postctl users unfollow`: src/commands/_engage.ts does the work.
import { engage, engageOptions } from '../_engage.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'unfollow [users...]',
  description: 'unfollow users (DELETE /2/users/{source_user_id}/following/{target_user_id}): ids, @handles or profile URLs',
  examples: ['postctl users unfollow @emu_dev'],
  options: {
    ...engageOptions,
  },
  run: (args, opts, ctx) => engage(ctx, 'unfollow', args, opts),
});
