// `postctl webhooks subscriptions count`: account activity subscriptions in
// use and provisioned (GET /2/account_activity/subscriptions/count; app).
import { reads } from '../../../platform/webhook-lifecycle.js';
import { defineVerb } from '../../define.js';

export default defineVerb({
  name: 'count',
  description: 'account activity subscriptions in use and provisioned (GET /2/account_activity/subscriptions/count; app)',
  examples: ['postctl webhooks subscriptions count'],
  options: {},
  async run(_args, _opts, ctx) {
    const client = await ctx.client();
    const res = await client.request<{ data?: Record<string, unknown> }>({ ...reads.count(), auth: 'app' });
    ctx.printer.object(res.body?.data ?? {}, undefined, res.body);
    return 0;
  },
});
