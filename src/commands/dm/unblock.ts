// `postctl dm unblock`: src/commands/_engage.ts does the work.
import { engage, engageOptions } from '../_engage.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'unblock [users...]',
  description: 'let users send you direct messages again (POST /2/users/{id}/dm/unblock): ids, @handles or URLs, --file or -',
  examples: ['postctl dm unblock @emu_news'],
  options: {
    ...engageOptions,
  },
  run: (args, opts, ctx) => engage(ctx, 'dm_unblock', args, opts),
});
