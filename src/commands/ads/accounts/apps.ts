// `postctl ads accounts apps`: the apps of the ad account.
import { APP_SORT_FIELDS, APPS_PAGE, appsRequest } from '../../../ads/accounts.js';
import { listQuery } from '../../../ads/common.js';
import { printAdsList } from '../../_ads-list.js';
import type { AccountApp } from '../../../ads/types.js';
import type { Column } from '../../../output/printer.js';
import { checkSortBy } from '../../../validate/ads-core-params.js';
import { accountOptions, listOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { throwIfProblems } from '../_checks.js';
import { PAGE_1000 } from '../_page.js';

const APP_COLUMNS: Column<AccountApp>[] = [
  { header: 'id', key: 'id' },
  { header: 'os', key: 'os_type' },
  { header: 'app_store_identifier', key: 'app_store_identifier' },
  { header: 'conversion_tracking', key: 'conversion_tracking_enabled' },
  { header: 'deep_link_pattern', key: 'deep_link_pattern' },
];

export default defineVerb({
  name: 'apps',
  description: 'list the apps of the ad account',
  examples: [
    'postctl ads accounts apps',
    'postctl ads accounts apps --all -o jsonl',
    'postctl ads accounts apps --limit 50 --sort-by created_at-desc',
  ],
  options: {
    ...listOptions(PAGE_1000),
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    throwIfProblems(checkSortBy(opts.sortBy, APP_SORT_FIELDS));
    const query = listQuery(opts, APPS_PAGE);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    await printAdsList(ctx, client, appsRequest(account, query), opts, APP_COLUMNS);
    return 0;
  },
});
