// `postctl lists get <list_id>`: one list with its counts (GET /2/lists/{id}).
import { chooseAuth } from '../../platform/auth-choice.js';
import { listReads } from '../../platform/lists.js';
import { authOption } from '../_flags.js';
import { defineVerb } from '../define.js';
import { APP_FIRST } from '../posts/_search.js';
import { LIST_COLUMNS } from './_lists.js';

export default defineVerb({
  name: 'get <list_id>',
  description: 'show a list: name, privacy, member and follower counts, owner, description (GET /2/lists/{id})',
  examples: ['postctl lists get 1800000000000000001'],
  options: {
    auth: authOption('app'),
  },
  async run([id], opts, ctx) {
    const req = listReads.get(id!);
    const auth = chooseAuth(await ctx.settings(), { endpoints: ['GET /2/lists/{id}'], prefer: APP_FIRST, flag: opts.auth });
    const res = await (await ctx.client()).request<{ data?: Record<string, unknown> }>({ ...req, auth });
    ctx.printer.object(res.body?.data ?? {}, LIST_COLUMNS, res.body);
    return 0;
  },
});
