// `postctl posts unrepost`: src/commands/_engage.ts does the work.
import { engage, engageOptions } from '../_engage.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'unrepost [posts...]',
  description: 'undo reposts (DELETE /2/users/{id}/retweets/{source_tweet_id}): ids or post URLs, --file or -',
  examples: ['postctl posts unrepost 1460323737035677698'],
  options: {
    ...engageOptions,
  },
  run: (args, opts, ctx) => engage(ctx, 'unrepost', args, opts),
});
