// `postctl ads features add <keys...> --sandbox`: adds features to a sandbox account.
import { addSandboxFeatures } from '../../../ads/accounts.js';
import { SANDBOX_FEATURE_KEYS, enumList } from '../../../validate/ads-core-params.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { requireSandbox, throwIfProblems } from '../_checks.js';
import { FEATURE_COLUMNS } from './_columns.js';

export default defineVerb({
  name: 'add <keys...>',
  description: 'add features to a sandbox account (sandbox only: needs --sandbox); keys as arguments or comma lists',
  examples: ['postctl ads features add --sandbox AGE_TARGETING CONVERSATION_CARD --account gq1x7a'],
  options: {
    ...writeOptions,
  },
  async run(keysArg, opts, ctx) {
    requireSandbox(opts, 'adding account features');
    const keys = enumList('feature_keys', keysArg, SANDBOX_FEATURE_KEYS, { required: true });
    throwIfProblems(keys.problems);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await addSandboxFeatures(client, account, keys.list);
    // The response shape is not shown in the spec: an array of keys is listed, anything else printed as is.
    if (Array.isArray(res.body?.data)) ctx.printer.list(res.body.data as string[], FEATURE_COLUMNS, res.body);
    else ctx.printer.value(res.body);
    ctx.log.success(`added ${keys.list.join(', ')} to sandbox account ${account.id}`);
    return 0;
  },
});
