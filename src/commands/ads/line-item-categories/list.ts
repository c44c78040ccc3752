// `postctl ads line-item-categories list`: links between line items and curated categories.
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
  examples: ['postctl ads line-item-categories list', 'postctl ads line-item-categories list --with-deleted --all -o jsonl'],
  options: {
    ...listOptions(PAGE_1000),
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    throwIfProblems(checkSortBy(opts.sortBy, LICC_SORT_FIELDS));
    const query = listQuery(opts, LICC_PAGE);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    await printAdsList(ctx, client, lineItemCategoriesRequest(account, query), opts, LICC_COLUMNS);
    return 0;
  },
});
