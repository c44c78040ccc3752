// `postctl posts repost`: src/commands/_engage.ts does the work.
import { engage, engageOptions } from '../_engage.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'repost [posts...]',
  description: 'repost posts (POST /2/users/{id}/retweets): ids or post URLs, --file or -; already reposted is a success with a note',
  examples: ['postctl posts repost 1460323737035677698'],
  options: {
    ...engageOptions,
  },
  run: (args, opts, ctx) => engage(ctx, 'repost', args, opts),
});
