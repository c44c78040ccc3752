// `postctl ads accounts list`: the ad accounts the authenticated user can use.
import { ACCOUNT_SORT_FIELDS, ACCOUNTS_PAGE, listAccountsRequest } from '../../../ads/accounts.js';
import { adsApi, listQuery } from '../../../ads/common.js';
import { printAdsList } from '../../_ads-list.js';
import type { Account } from '../../../ads/types.js';
import type { Column } from '../../../output/printer.js';
import { checkSortBy, idList } from '../../../validate/ads-core-params.js';
import { listOptions, sandboxOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { throwIfProblems } from '../_checks.js';
import { PAGE_1000 } from '../_page.js';

const ACCOUNT_COLUMNS: Column<Account>[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name', flex: true, priority: 3 },
  { header: 'business', key: 'business_name', priority: 0 },
  { header: 'industry', key: 'industry_type', priority: 0 },
  { header: 'approval', key: 'approval_status' },
  // Times in this account's reports and schedules are read in its time zone: it stays at 80 columns.
  { header: 'timezone', key: 'timezone', priority: 3 },
  { header: 'deleted', key: 'deleted' },
];

export default defineVerb({
  name: 'list',
  description: 'list the ad accounts the authenticated user can use',
  examples: [
    'postctl ads accounts list',
    'postctl ads accounts list --q emu --with-total-count -o json',
    'postctl ads accounts list --all -o jsonl',
  ],
  options: {
    accountIds: { flags: '--account-ids <ids>', description: 'only these accounts (comma list, up to 200)' },
    q: { flags: '--q <prefix>', description: 'case-insensitive prefix of the account name' },
    ...listOptions(PAGE_1000),
    sandbox: sandboxOption,
  },
  async run(_args, opts, ctx) {
    const ids = idList('account_ids', opts.accountIds);
    throwIfProblems([...ids.problems, ...checkSortBy(opts.sortBy, ACCOUNT_SORT_FIELDS)]);
    const query = listQuery(opts, ACCOUNTS_PAGE);
    if (ids.list.length) query.push(['account_ids', ids.list.join(',')]);
    if (opts.q !== undefined) query.push(['q', opts.q]);
    const client = await ctx.client();
    await printAdsList(ctx, client, listAccountsRequest(adsApi(opts), query), opts, ACCOUNT_COLUMNS);
    return 0;
  },
});
