// `postctl catalogs list`: the product catalogs of the user.
import { adsApi } from '../../ads/common.js';
import { listCatalogs } from '../../catalogs/api.js';
import { sandboxOption } from '../_ads-flags.js';
import { defineVerb } from '../define.js';
import { COLUMNS, userId } from './_catalog.js';

export default defineVerb({
  name: 'list',
  description: 'list the product catalogs of the authenticated user (or of --user-id)',
  examples: ['postctl catalogs list', 'postctl catalogs list -o json'],
  options: {
    userId: { flags: '--user-id <id>', description: 'list the catalogs of this user id (a number)' },
    sandbox: sandboxOption,
  },
  async run(_args, opts, ctx) {
    const uid = userId(opts);
    const client = await ctx.client();
    const res = await listCatalogs(client, adsApi(opts), uid);
    const items = Array.isArray(res.body?.data) ? res.body.data : [];
    ctx.printer.list(items, COLUMNS, res.body);
    if (items.length === 0 && ctx.format === 'table')
      ctx.log.info('no product catalogs yet; create one with `postctl catalogs create <name>`');
    return 0;
  },
});
