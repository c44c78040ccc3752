// `postctl ads promoted-accounts list`: GET accounts/:account_id/promoted_accounts.
import { accountOptions, listOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { runChildList } from '../_children.js';
import { parentFlags } from '../_ids.js';
import { PAGE_1000 } from '../_page.js';
import { PROMOTED_ACCOUNTS } from './_columns.js';

export default defineVerb({
  name: 'list',
  description: 'list promoted accounts (the user each line item promotes, status, approval)',
  examples: ['postctl ads promoted-accounts list --line-item 8u94u', 'postctl ads promoted-accounts list --all -o jsonl'],
  options: {
    lineItem: parentFlags.lineItem,
    lineItemIds: { flags: '--line-item-ids <ids>', description: 'only those of these line items (comma list, up to 200)' },
    promotedAccountIds: { flags: '--promoted-account-ids <ids>', description: 'only these promoted accounts (comma list, up to 200)' },
    ...listOptions(PAGE_1000),
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    return runChildList(ctx, { ...opts, ownIds: opts.promotedAccountIds }, PROMOTED_ACCOUNTS);
  },
});
