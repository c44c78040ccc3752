// `postctl posts like`: src/commands/_engage.ts does the work.
import { engage, engageOptions } from '../_engage.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'like [posts...]',
  description: 'like posts as the authenticated user (POST /2/users/{id}/likes): ids or post URLs, --file or -; paced to 50 per 15 minutes',
  examples: [
    'postctl posts like 1460323737035677698',
    'postctl posts like https://x.com/emu_dev/status/1460323737035677698',
    'postctl posts like --file ids.txt',
  ],
  options: {
    ...engageOptions,
  },
  run: (args, opts, ctx) => engage(ctx, 'like', args, opts),
});
