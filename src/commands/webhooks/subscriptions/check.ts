// `postctl webhooks subscriptions check <webhook_id>`: is the authenticated
// user's account activity subscribed to the webhook (GET
// /2/account_activity/webhooks/{id}/subscriptions/all; user context).
import { subscriptionCheckRequest } from '../../../platform/single.js';
import { USER_CONTEXT, authedClient } from '../../_auth.js';
import { authOption } from '../../_flags.js';
import { defineVerb } from '../../define.js';

export default defineVerb({
  name: 'check <webhook_id>',
  description:
    "whether the authenticated user's account activity is subscribed to a webhook (GET /2/account_activity/webhooks/{id}/subscriptions/all; user context)",
  examples: ['postctl webhooks subscriptions check 1146654567674912769'],
  options: { auth: authOption('user (OAuth 1.0a) when held, else oauth2') },
  async run([id], opts, ctx) {
    const req = subscriptionCheckRequest(id!);
    const endpoints = ['GET /2/account_activity/webhooks/{webhook_id}/subscriptions/all'];
    const { client } = await authedClient(ctx, { endpoints, prefer: USER_CONTEXT, flag: opts.auth });
    const res = await client.request<{ data?: Record<string, unknown> }>(req);
    ctx.printer.object(res.body?.data ?? {}, undefined, res.body);
    return 0;
  },
});
