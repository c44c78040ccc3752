// `postctl webhooks subscriptions list <webhook_id>`: the users whose account
// activity a webhook receives (GET …/subscriptions/all/list; app only).
import { reads } from '../../../platform/webhook-lifecycle.js';
import { defineVerb } from '../../define.js';

export default defineVerb({
  name: 'list <webhook_id>',
  description: 'users subscribed to a webhook (GET /2/account_activity/webhooks/{id}/subscriptions/all/list; app)',
  examples: ['postctl webhooks subscriptions list 1146654567674912769'],
  options: {},
  async run([webhookId], _opts, ctx) {
    const client = await ctx.client();
    const res = await client.request<{ data?: { subscriptions?: unknown[] } }>({ ...reads.subscribedUsers(webhookId!), auth: 'app' });
    const body = res.body ?? {};
    ctx.printer.list(body.data?.subscriptions ?? [], [{ header: 'user_id', key: 'user_id' }], body);
    if (!body.data?.subscriptions?.length) ctx.log.info('no subscribed users');
    return 0;
  },
});
