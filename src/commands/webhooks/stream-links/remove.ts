// `postctl webhooks stream-links remove <webhook_id>`: DELETE /2/tweets/search/webhooks/{webhook_id} (app).
import { streamLinks } from '../../../platform/single.js';
import { defineVerb } from '../../define.js';
import { lifecycleDryRun, printRequests } from '../../_lifecycle.js';

export default defineVerb({
  name: 'remove <webhook_id>',
  description: 'stop delivering the filtered stream to a webhook (DELETE /2/tweets/search/webhooks/{webhook_id}; app)',
  examples: ['postctl webhooks stream-links remove 1146654567674912769'],
  options: { dryRun: lifecycleDryRun },
  async run([id], opts, ctx) {
    if (opts.dryRun) return printRequests(ctx, [streamLinks.remove(id!)]);
    const client = await ctx.client();
    const res = await client.request<{ data?: Record<string, unknown> }>({ ...streamLinks.remove(id!), auth: 'app' });
    ctx.printer.object(res.body?.data ?? {}, undefined, res.body);
    return 0;
  },
});
