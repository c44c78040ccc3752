// `postctl lists pin`: src/commands/_engage.ts does the work.
import { engage, engageOptions } from '../_engage.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'pin [lists...]',
  description: 'pin lists as the authenticated user (POST /2/users/{id}/pinned_lists): list ids or URLs, --file or -',
  examples: ['postctl lists pin 1800000000000000001'],
  options: {
    ...engageOptions,
  },
  run: (args, opts, ctx) => engage(ctx, 'pin_list', args, opts),
});
