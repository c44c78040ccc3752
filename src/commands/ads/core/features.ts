// `ads features list|add`: feature keys checked against the spec's lists.
import { addSandboxFeatures, getFeatures } from '../../../ads/accounts.js';
import type { Context } from '../../../context.js';
import { READABLE_FEATURE_KEYS, SANDBOX_FEATURE_KEYS, enumList } from '../../../validate/ads-core-params.js';
import { requireSandbox, throwIfProblems } from './shared.js';
import { accountRef } from '../../ads-account.js';

const COLUMNS = [{ header: 'feature', get: (k: string) => k }];

export const list = {
  async run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const keys = enumList('feature_keys', opts.keys, READABLE_FEATURE_KEYS, { required: opts.keys !== undefined });
    throwIfProblems(keys.problems);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await getFeatures(client, account, keys.list);
    const data = Array.isArray(res.body.data) ? res.body.data : [];
    ctx.printer.list(data, COLUMNS, res.body);
    if (!data.length && ctx.format === 'table') ctx.log.info('the account can access none of these features');
    return 0;
  },
};

export const add = {
  async run(keysArg: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    requireSandbox(opts, 'adding account features');
    const keys = enumList('feature_keys', keysArg, SANDBOX_FEATURE_KEYS, { required: true });
    throwIfProblems(keys.problems);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await addSandboxFeatures(client, account, keys.list);
    // The response shape is not shown in the spec: an array of keys is listed, anything else printed as is.
    if (Array.isArray(res.body?.data)) ctx.printer.list(res.body.data as string[], COLUMNS, res.body);
    else ctx.printer.value(res.body);
    ctx.log.success(`added ${keys.list.join(', ')} to sandbox account ${account.id}`);
    return 0;
  },
};
