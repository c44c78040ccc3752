// `postctl dm get <event_id>`: one direct message event (GET /2/dm_events/{event_id}).
import { dmEventRequest } from '../../platform/dm.js';
import { USER_CONTEXT, authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { defineVerb } from '../define.js';
import { DM_COLUMNS } from './_columns.js';

export default defineVerb({
  name: 'get <event_id>',
  description: 'one direct message event: sender, conversation, text, media (GET /2/dm_events/{event_id})',
  examples: ['postctl dm get 1582838360831426561'],
  options: {
    auth: authOption('user (OAuth 1.0a) when the profile holds an access token, else oauth2 (dm.read)'),
  },
  async run([id], opts, ctx) {
    const req = dmEventRequest('GET', id!);
    const { client } = await authedClient(ctx, { endpoints: ['GET /2/dm_events/{event_id}'], prefer: USER_CONTEXT, flag: opts.auth });
    const res = await client.request<{ data?: Record<string, unknown> }>(req);
    ctx.printer.object(res.body?.data ?? {}, DM_COLUMNS, res.body);
    return 0;
  },
});
