// `postctl webhooks list`: the app's webhooks (GET /2/webhooks, app only).
import { reads } from '../../platform/webhook-lifecycle.js';
import { defineVerb } from '../define.js';
import { WEBHOOK_COLUMNS } from './create.js';

export default defineVerb({
  name: 'list',
  description: "the app's webhooks (GET /2/webhooks): id, url, valid, created_at",
  examples: ['postctl webhooks list', 'postctl webhooks list -o json'],
  options: {},
  async run(_args, _opts, ctx) {
    const client = await ctx.client();
    const res = await client.request<{ data?: unknown[] }>({ ...reads.webhooks(), auth: 'app' });
    const body = res.body ?? {};
    ctx.printer.list(body.data ?? [], WEBHOOK_COLUMNS, body);
    if (!body.data?.length) ctx.log.info('no webhooks');
    return 0;
  },
});
