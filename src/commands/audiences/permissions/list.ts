// `postctl audiences permissions list <tailored_audience_id>` (ads API version 5).
import { listQuery } from '../../../ads/common.js';
import { printAdsList } from '../../_ads-list.js';
import { permissionsRequest } from '../../../audiences/api.js';
import { EXIT } from '../../../errors/exit-codes.js';
import { PERMISSIONS_PAGE, filterIds } from '../../../validate/audiences.js';
import { Problems } from '../../../validate/rules.js';
import { accountRef } from '../../ads/_account.js';
import { accountOption, listOptions, sandboxOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { COLUMNS } from './_permissions.js';

export default defineVerb({
  name: 'list <tailored_audience_id>',
  description: 'list the permissions granted on a tailored audience',
  examples: [
    'postctl audiences permissions list 1qz4s',
    'postctl audiences permissions list 1qz4s --granted-account 18ce54d4x5u --all -o jsonl',
  ],
  options: {
    grantedAccount: {
      flags: '--granted-account <ids>',
      description: 'only permissions granted to these accounts (comma list or repeated; up to 200)',
      repeatable: true,
    },
    permissionIds: {
      flags: '--permission-ids <ids>',
      description: 'only these permissions (comma list or repeated; up to 200)',
      repeatable: true,
    },
    ...listOptions(PERMISSIONS_PAGE, { withDeleted: false }),
    account: accountOption,
    sandbox: sandboxOption,
  },
  async run([audience], opts, ctx) {
    const p = new Problems();
    const granted = filterIds(p, '--granted-account', opts.grantedAccount);
    const ids = filterIds(p, '--permission-ids', opts.permissionIds);
    p.throwIfAny();
    const query = listQuery(opts, PERMISSIONS_PAGE);
    if (granted.length) query.push(['granted_account_ids', granted.join(',')]);
    if (ids.length) query.push(['tailored_audience_permission_ids', ids.join(',')]);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    await printAdsList(ctx, client, permissionsRequest(account, client.names, audience, query), opts, COLUMNS);
    return EXIT.OK;
  },
});
