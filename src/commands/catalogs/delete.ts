// `postctl catalogs delete <catalog_id>`: permanent, so it asks first.
import { adsApi } from '../../ads/common.js';
import { deleteCatalog } from '../../catalogs/api.js';
import { EXIT } from '../../errors/exit-codes.js';
import { sandboxOption } from '../_ads-flags.js';
import { defineVerb } from '../define.js';
import { COLUMNS, yes } from './_catalog.js';

export default defineVerb({
  name: 'delete <catalog_id>',
  description: 'delete a product catalog with all its products (permanent: asks on a terminal, needs --yes otherwise)',
  examples: ['postctl catalogs delete 1456789', 'postctl catalogs delete 1456789 --yes'],
  options: {
    yes: yes,
    sandbox: sandboxOption,
  },
  async run([id], opts, ctx) {
    const ok = await ctx.prompt.confirm(`Delete product catalog ${id} and all its products permanently?`, opts.yes);
    if (!ok) {
      ctx.log.info('nothing deleted');
      return EXIT.OK;
    }
    const client = await ctx.client();
    const res = await deleteCatalog(client, adsApi(opts), id);
    ctx.printer.object(res.body.data, COLUMNS, res.body);
    ctx.log.success(`deleted catalog ${id} (permanent)`);
    return 0;
  },
});
