// `postctl ads promotable-users list`: GET accounts/:account_id/promotable_users —
// the users whose posts the account may promote (FULL or RETWEETS_ONLY).
import { listQuery } from '../../../ads/common.js';
import { printAdsList } from '../../_ads-list.js';
import { promotableUsersRequest } from '../../../ads/promoted.js';
import { Problems } from '../../../validate/rules.js';
import { accountOptions, listOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { adsIdsFilter } from '../_ids.js';
import { PAGE_1000 } from '../_page.js';

export default defineVerb({
  name: 'list',
  description: 'list the users whose posts the account can promote (id, user id, FULL or RETWEETS_ONLY)',
  examples: ['postctl ads promotable-users list', 'postctl ads promotable-users list -o json'],
  options: {
    promotableUserIds: { flags: '--promotable-user-ids <ids>', description: 'only these (comma list, up to 200)' },
    ...listOptions(PAGE_1000),
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    const p = new Problems();
    const query: Array<[string, string]> = [];
    adsIdsFilter(p, query, 'promotable_user_ids', opts.promotableUserIds);
    p.throwIfAny('invalid list filters');
    query.push(...listQuery(opts, PAGE_1000));
    const account = await accountRef(ctx, opts);
    await printAdsList(ctx, await ctx.client(), promotableUsersRequest(account, query), opts, [
      { header: 'id', key: 'id' },
      { header: 'user_id', key: 'user_id' },
      { header: 'promotable_user_type', key: 'promotable_user_type' },
    ]);
  },
});
