// `postctl ads line-item-categories list`: links between line items and curated categories.
// --line-item keeps one line item's links: the endpoint has no line item filter
// (its parameters are count, cursor, sort_by, with_deleted, with_total_count), so
// the rows are filtered here, as the other list verbs' singular parent flags read.
import { LICC_PAGE, LICC_SORT_FIELDS, lineItemCategoriesRequest } from '../../../ads/categories.js';
import { listQuery } from '../../../ads/common.js';
import { printAdsList } from '../../_ads-list.js';
import type { LineItemCuratedCategory } from '../../../ads/types.js';
import type { Column } from '../../../output/printer.js';
import { checkSortBy } from '../../../validate/ads-core-params.js';
import { accountOptions, listOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { throwIfProblems } from '../_checks.js';
import { adsIdProblems } from '../_ids.js';
import { PAGE_1000 } from '../_page.js';

const LICC_COLUMNS: Column<LineItemCuratedCategory>[] = [
  { header: 'id', key: 'id' },
  { header: 'line_item_id', key: 'line_item_id' },
  { header: 'curated_category_id', key: 'curated_category_id' },
  { header: 'created_at', key: 'created_at' },
  { header: 'deleted', key: 'deleted' },
];

export default defineVerb({
  name: 'list',
  description: 'list line item curated categories',
  examples: [
    'postctl ads line-item-categories list',
    'postctl ads line-item-categories list --line-item 8u94t',
    'postctl ads line-item-categories list --with-deleted --all -o jsonl',
  ],
  options: {
    lineItem: {
      flags: '--line-item <line_item_id>',
      description: 'only the links of this line item (filtered by postctl: the API has no line item filter; --limit counts rows fetched)',
    },
    ...listOptions(PAGE_1000),
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    throwIfProblems([...checkSortBy(opts.sortBy, LICC_SORT_FIELDS), ...adsIdProblems('line_item_id', opts.lineItem)]);
    const query = listQuery(opts, LICC_PAGE);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const { lineItem } = opts;
    const keep = lineItem === undefined ? undefined : (row: LineItemCuratedCategory) => row.line_item_id === lineItem;
    await printAdsList(ctx, client, lineItemCategoriesRequest(account, query), opts, LICC_COLUMNS, keep);
    return 0;
  },
});
