// `postctl lists unfollow`: src/commands/_engage.ts does the work.
import { engage, engageOptions } from '../_engage.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'unfollow [lists...]',
  description: 'stop following lists (DELETE /2/users/{id}/followed_lists/{list_id}): list ids or URLs, --file or -',
  examples: ['postctl lists unfollow 1800000000000000001'],
  options: {
    ...engageOptions,
  },
  run: (args, opts, ctx) => engage(ctx, 'unfollow_list', args, opts),
});
