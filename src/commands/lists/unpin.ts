// `postctl lists unpin`: src/commands/_engage.ts does the work.
import { engage, engageOptions } from '../_engage.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'unpin [lists...]',
  description: 'unpin lists (DELETE /2/users/{id}/pinned_lists/{list_id}): list ids or URLs, --file or -',
  examples: ['postctl lists unpin 1800000000000000001'],
  options: {
    ...engageOptions,
  },
  run: (args, opts, ctx) => engage(ctx, 'unpin_list', args, opts),
});
