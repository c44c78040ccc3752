// `postctl users me`: the authenticated user (GET /2/users/me).
import { userFieldParams } from '../../validate/user-fields.js';
import { USER_CONTEXT, authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { USER_COLUMNS, userFieldOptions } from '../_users.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'me',
  description: 'the authenticated user (GET /2/users/me): id, username, name and the fields asked for',
  examples: ['postctl users me', 'postctl users me --user-fields created_at,public_metrics -o json'],
  options: {
    ...userFieldOptions,
    auth: authOption('user (OAuth 1.0a) when the profile holds an access token, else oauth2'),
  },
  async run(_args, opts, ctx) {
    const { client } = await authedClient(ctx, { endpoints: ['GET /2/users/me'], prefer: USER_CONTEXT, flag: opts.auth });
    const query = userFieldParams(opts, client.names);
    const res = await client.request<{ data?: Record<string, unknown> }>({ method: 'GET', path: '/2/users/me', query });
    ctx.printer.object(
      res.body?.data ?? {},
      USER_COLUMNS.filter((c) => c.key !== 'description'),
      res.body,
    );
    return 0;
  },
});
