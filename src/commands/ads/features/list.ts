// `postctl ads features list`: the feature keys the account can access, checked against the spec's list.
import { getFeatures } from '../../../ads/accounts.js';
import { READABLE_FEATURE_KEYS, enumList } from '../../../validate/ads-core-params.js';
import { accountOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { throwIfProblems } from '../_checks.js';
import { FEATURE_COLUMNS } from './_columns.js';

export default defineVerb({
  name: 'list',
  description: 'the feature keys the account can access',
  examples: ['postctl ads features list', 'postctl ads features list --keys REACH_FREQUENCY_CAP,WEBSITE_CLICKS_CPM_BILLING'],
  options: {
    keys: { flags: '--keys <keys>', description: `only these keys (comma list): ${READABLE_FEATURE_KEYS.join(', ')}` },
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    const keys = enumList('feature_keys', opts.keys, READABLE_FEATURE_KEYS, { required: opts.keys !== undefined });
    throwIfProblems(keys.problems);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await getFeatures(client, account, keys.list);
    const data = Array.isArray(res.body.data) ? res.body.data : [];
    ctx.printer.list(data, FEATURE_COLUMNS, res.body);
    if (!data.length && ctx.format === 'table') ctx.log.info('the account can access none of these features');
    return 0;
  },
});
