// `postctl webhooks stream-links add <webhook_id>`: POST /2/tweets/search/webhooks/{webhook_id} (app).
import { streamLinks } from '../../../platform/single.js';
import { defineVerb } from '../../define.js';
import { lifecycleDryRun, printRequests } from '../../_lifecycle.js';

export default defineVerb({
  name: 'add <webhook_id>',
  description: 'deliver the filtered stream to a registered webhook (POST /2/tweets/search/webhooks/{webhook_id}; app)',
  examples: ['postctl webhooks stream-links add 1146654567674912769'],
  options: { dryRun: lifecycleDryRun },
  async run([id], opts, ctx) {
    if (opts.dryRun) return printRequests(ctx, [streamLinks.add(id!)]);
    const client = await ctx.client();
    const res = await client.request<{ data?: Record<string, unknown> }>({ ...streamLinks.add(id!), auth: 'app' });
    ctx.printer.object(res.body?.data ?? {}, undefined, res.body);
    return 0;
  },
});
