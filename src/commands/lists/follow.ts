// `postctl lists follow`: src/commands/_engage.ts does the work.
import { engage, engageOptions } from '../_engage.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'follow [lists...]',
  description: 'follow lists as the authenticated user (POST /2/users/{id}/followed_lists): list ids or URLs, --file or -',
  examples: ['postctl lists follow 1800000000000000001'],
  options: {
    ...engageOptions,
  },
  run: (args, opts, ctx) => engage(ctx, 'follow_list', args, opts),
});
