// `postctl catalogs products <catalog_id>`: the products of a catalog, one page or every page.
import { adsApi, listQuery } from '../../ads/common.js';
import { printAdsList } from '../_ads-list.js';
import { PRODUCTS_PAGE, catalogPath } from '../../catalogs/api.js';
import { InputError } from '../../errors/cli-error.js';
import type { Column } from '../../output/printer.js';
import { listOptions, sandboxOption } from '../_ads-flags.js';
import { defineVerb } from '../define.js';

const PRODUCT_COLUMNS: Column[] = [
  { header: 'id', key: 'id' },
  { header: 'product_key', key: 'product_key' },
  { header: 'title', key: 'title' },
  { header: 'price', key: 'price' },
  { header: 'sale_price', key: 'sale_price' },
  { header: 'availability', key: 'availability' },
  { header: 'item_group_id', key: 'item_group_id' },
];

export default defineVerb({
  name: 'products <catalog_id>',
  description: 'list the products of a catalog (one variant per item group: the one submitted first)',
  examples: [
    'postctl catalogs products 1456789',
    'postctl catalogs products 1456789 --all -o jsonl',
    'postctl catalogs products 1456789 --item-group-key 88vr1',
  ],
  options: {
    itemGroupKey: { flags: '--item-group-key <key>', description: 'only the product group with this generated item_group_key' },
    ...listOptions(PRODUCTS_PAGE, { sortBy: false, withDeleted: false, totalCount: false }),
    sandbox: sandboxOption,
  },
  async run([catalogId], opts, ctx) {
    const query = listQuery(opts, PRODUCTS_PAGE);
    if (opts.itemGroupKey !== undefined) {
      if (!String(opts.itemGroupKey).trim()) throw new InputError('--item-group-key must not be empty');
      query.push(['item_group_key', opts.itemGroupKey]);
    }
    const client = await ctx.client();
    await printAdsList(
      ctx,
      client,
      { api: adsApi(opts), method: 'GET', path: catalogPath(catalogId, 'products'), query },
      opts,
      PRODUCT_COLUMNS,
    );
  },
});
