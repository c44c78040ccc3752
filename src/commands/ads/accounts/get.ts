// `postctl ads accounts get [account_id]`: one ad account.
import { getAccount } from '../../../ads/accounts.js';
import { accountOptions, withDeletedOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { objectFields } from '../_show.js';

export default defineVerb({
  name: 'get [account_id]',
  description: "show one ad account (default: --account, POSTCTL_ADS_ACCOUNT or the profile's ads_account)",
  examples: ['postctl ads accounts get', 'postctl ads accounts get 18ce54d4x5t -o json'],
  options: {
    withDeleted: withDeletedOption,
    ...accountOptions,
  },
  async run([id], opts, ctx) {
    const account = await accountRef(ctx, opts, id);
    const client = await ctx.client();
    const res = await getAccount(client, account, { withDeleted: Boolean(opts.withDeleted) });
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    return 0;
  },
});
