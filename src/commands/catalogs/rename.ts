// `postctl catalogs rename <catalog_id> <name>`.
import { adsApi } from '../../ads/common.js';
import { renameCatalog } from '../../catalogs/api.js';
import { sandboxOption } from '../_ads-flags.js';
import { defineVerb } from '../define.js';
import { COLUMNS, catalogName } from './_catalog.js';

export default defineVerb({
  name: 'rename <catalog_id> <name>',
  description: 'rename a product catalog',
  examples: ['postctl catalogs rename 1456789 "Summer shop"'],
  options: {
    sandbox: sandboxOption,
  },
  async run([id, name], opts, ctx) {
    const client = await ctx.client();
    const res = await renameCatalog(client, adsApi(opts), id, catalogName(name));
    ctx.printer.object(res.body.data, COLUMNS, res.body);
    return 0;
  },
});
