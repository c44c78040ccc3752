// `postctl webhooks stream-links list`: the webhooks the filtered stream delivers to (GET /2/tweets/search/webhooks; app).
import { streamLinks } from '../../../platform/single.js';
import { defineVerb } from '../../define.js';
import { LINK_COLUMNS } from './_links.js';

export default defineVerb({
  name: 'list',
  description: 'webhooks the filtered stream delivers its posts to (GET /2/tweets/search/webhooks; app)',
  examples: ['postctl webhooks stream-links list'],
  options: {},
  async run(_args, _opts, ctx) {
    const client = await ctx.client();
    const res = await client.request<{ data?: unknown[] }>({ ...streamLinks.list(), auth: 'app' });
    ctx.printer.list(res.body?.data ?? [], LINK_COLUMNS, res.body);
    return 0;
  },
});
