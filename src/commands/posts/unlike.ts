// `postctl posts unlike`: src/commands/_engage.ts does the work.
import { engage, engageOptions } from '../_engage.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'unlike [posts...]',
  description: 'remove likes (DELETE /2/users/{id}/likes/{tweet_id}): ids or post URLs, --file or -',
  examples: ['postctl posts unlike 1460323737035677698'],
  options: {
    ...engageOptions,
  },
  run: (args, opts, ctx) => engage(ctx, 'unlike', args, opts),
});
