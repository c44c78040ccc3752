// `postctl posts unbookmark`: src/commands/_engage.ts does the work.
import { engage, engageOptions } from '../_engage.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'unbookmark [posts...]',
  description: 'remove bookmarks (DELETE /2/users/{id}/bookmarks/{tweet_id}; OAuth 2.0 only): ids or post URLs, --file or -',
  examples: ['postctl posts unbookmark 1460323737035677698'],
  options: {
    ...engageOptions,
  },
  run: (args, opts, ctx) => engage(ctx, 'unbookmark', args, opts),
});
