// What `ads plan` and `ads apply` share: the file read and checked (every
// problem with its line, exit 6), the account it is about, the account's
// current tree and the plan between them.
import { readFile } from 'node:fs/promises';
import { adsApi } from '../../ads/common.js';
import { listCampaigns, readChildren } from '../../ads/plan/current.js';
import type { DesiredTree } from '../../ads/plan/desired.js';
import { campaignsToRead, diffTrees, type Plan } from '../../ads/plan/diff.js';
import { loadTree, MAX_FILE_BYTES, throwFileProblems, toProblems } from '../../ads/plan/load.js';
import type { AccountRef } from '../../ads/types.js';
import type { Context } from '../../entry/context.js';
import { InputError, UsageError } from '../../errors/cli-error.js';
import { inputKind, isStdinPath } from '../../input/file-kind.js';
import { readStdin } from '../../entry/prompt.js';
import { accountOptions } from '../_ads-flags.js';
import type { OptionTable } from '../define.js';

export const planOptions = {
  prune: {
    flags: '--prune',
    description: 'also delete what the account has and the file does not (campaigns, and children of the campaigns in the file)',
  },
  ...accountOptions,
} as const satisfies OptionTable;

async function readText(ctx: Context, file: string): Promise<string> {
  const kind = await inputKind(file);
  if (kind.kind === 'file' && kind.size > MAX_FILE_BYTES)
    throw new InputError(`${file} is ${kind.size} bytes; a campaigns file is at most ${MAX_FILE_BYTES}`);
  const text = isStdinPath(file) ? await readStdin(ctx.io.stdin) : await readFile(file, 'utf8');
  if (Buffer.byteLength(text) > MAX_FILE_BYTES) throw new InputError(`${file} is larger than ${MAX_FILE_BYTES} bytes`);
  return text;
}

/** The account: --account, else the file's, else the usual fallbacks; --account and a different file account conflict. */
async function accountFor(ctx: Context, tree: DesiredTree, opts: { account?: string; sandbox?: boolean }): Promise<AccountRef> {
  if (opts.account && tree.account && opts.account !== tree.account)
    throw new UsageError(
      `--account ${opts.account} and the file's account ${tree.account} differ`,
      'drop one of them, or make them the same.',
    );
  return { id: opts.account ?? tree.account ?? (await ctx.adsAccount(undefined)), api: adsApi(opts) };
}

export interface Planned {
  plan: Plan;
  account: AccountRef;
  /** The file's lines, for problems found later (the budget guard). */
  lineOf(path: string): number | undefined;
}

/** Reads and checks the file, reads the account, and computes the plan; every problem is exit 6 before anything is sent. */
export async function makePlan(
  ctx: Context,
  file: string,
  opts: { account?: string; sandbox?: boolean; prune?: boolean },
): Promise<Planned> {
  const client = await ctx.client();
  const { tree, source } = await loadTree(file, await readText(ctx, file), client.names);
  const account = await accountFor(ctx, tree, opts);
  const all = await listCampaigns(client, account);
  const current = await readChildren(client, account, campaignsToRead(tree, all, Boolean(opts.prune)));
  const plan = diffTrees(account.id, tree, current, { prune: Boolean(opts.prune), style: client.names });
  throwFileProblems(file, toProblems(source, plan.problems));
  return { plan, account, lineOf: source.lineOf };
}
