// `postctl users show <user>`: one user by id (GET /2/users/{id}) or by
// @handle (GET /2/users/by/username/{username}) — one request, no lookup batch.
import { userRefsFromArgs } from '../../platform/refs.js';
import { oneUserRequest } from '../../platform/single.js';
import { userFieldParams } from '../../validate/user-fields.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { USER_COLUMNS, userFieldOptions } from '../_users.js';
import { defineVerb } from '../define.js';
import { APP_FIRST } from '../posts/_search.js';

export default defineVerb({
  name: 'show <user>',
  description: 'one user, by id (GET /2/users/{id}) or by @handle or profile URL (GET /2/users/by/username/{username})',
  examples: ['postctl users show @emu_dev --user-fields created_at,public_metrics', 'postctl users show 2244994945 -o json'],
  options: {
    ...userFieldOptions,
    auth: authOption('app'),
  },
  async run([user], opts, ctx) {
    const style = (await ctx.client()).names;
    const [ref] = userRefsFromArgs([user!], 'user');
    const { endpoint, req } = oneUserRequest(ref!, userFieldParams(opts, style));
    const { client } = await authedClient(ctx, { endpoints: [endpoint], prefer: APP_FIRST, flag: opts.auth });
    const res = await client.request<{ data?: Record<string, unknown> }>(req);
    ctx.printer.object(res.body?.data ?? {}, USER_COLUMNS, res.body);
    return 0;
  },
});
