// `postctl dm block`: src/commands/_engage.ts does the work.
import { engage, engageOptions } from '../_engage.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'block [users...]',
  description:
    'stop users from sending you direct messages (POST /2/users/{id}/dm/block, the id being theirs): ids, @handles or URLs, --file or -',
  examples: ['postctl dm block @emu_news'],
  options: {
    ...engageOptions,
  },
  run: (args, opts, ctx) => engage(ctx, 'dm_block', args, opts),
});
