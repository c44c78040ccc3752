// The ad account a command is about: --account (or its fallbacks) and --sandbox,
// as the one `AccountRef` every ads endpoint function takes.
import { adsApi } from '../../ads/common.js';
import type { AccountRef } from '../../ads/types.js';
import type { Context } from '../../entry/context.js';

/** A positional account id wins over --account and its fallbacks. */
export async function accountRef(ctx: Context, opts: { account?: string; sandbox?: boolean }, positional?: string): Promise<AccountRef> {
  return { id: positional ?? (await ctx.adsAccount(opts.account)), api: adsApi(opts) };
}
