// `postctl ads accounts update [account_id]`: only the flags given are sent.
import { updateAccount } from '../../../ads/accounts.js';
import { UsageError } from '../../../errors/cli-error.js';
import { INDUSTRY_TYPES, checkAccountUpdate } from '../../../validate/ads-core-params.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { throwIfProblems } from '../_checks.js';
import { objectFields } from '../_show.js';

export default defineVerb({
  name: 'update [account_id]',
  description: 'change the name or industry type of an ad account (only the flags given are sent)',
  examples: ['postctl ads accounts update --name "Spring ads"', 'postctl ads accounts update 18ce54d4x5t --industry-type RETAIL'],
  options: {
    name: { flags: '--name <name>', description: 'account name' },
    industryType: { flags: '--industry-type <type>', description: `one of ${INDUSTRY_TYPES.join(', ')}` },
    ...writeOptions,
  },
  async run([id], opts, ctx) {
    const params: { name?: string; industry_type?: string } = {};
    if (opts.name !== undefined) params.name = opts.name;
    if (opts.industryType !== undefined) params.industry_type = opts.industryType.toUpperCase(); // the API's values are upper case: retail is RETAIL
    if (!Object.keys(params).length) throw new UsageError('nothing to update: give --name and/or --industry-type');
    throwIfProblems(checkAccountUpdate(params), 'invalid account update');
    const account = await accountRef(ctx, opts, id);
    const client = await ctx.client();
    const res = await updateAccount(client, account, params);
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`updated account ${account.id} (${Object.keys(params).join(', ')})`);
    return 0;
  },
});
