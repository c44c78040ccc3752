// `postctl users follow`: src/commands/_engage.ts does the work.
import { engage, engageOptions } from '../_engage.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'follow [users...]',
  description: 'follow users (POST /2/users/{id}/following): ids, @handles or profile URLs, --file or -; paced to 50 per 15 minutes',
  examples: ['postctl users follow @emu_dev', 'postctl users follow --file handles.txt'],
  options: {
    ...engageOptions,
  },
  run: (args, opts, ctx) => engage(ctx, 'follow', args, opts),
});
