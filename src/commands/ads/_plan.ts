// What `ads plan` and `ads apply` share: the file read and checked (every
// problem with its line, exit 6), the account it is about, the account's
// current tree, the plan between them with its live stops marked, and the
// money guard over the plan (every concern at once, exit 6 unless
// --yes-budget; apply asks at a terminal).
import { readFile } from 'node:fs/promises';
import { adsApi } from '../../ads/common.js';
import { listCampaigns, readChildren } from '../../ads/plan/current.js';
import type { DesiredTree } from '../../ads/plan/desired.js';
import { campaignsToRead, diffTrees, type Plan } from '../../ads/plan/diff.js';
import { planConcerns } from '../../ads/plan/guard.js';
import { markLive } from '../../ads/plan/live.js';
import { loadTree, MAX_FILE_BYTES, throwFileProblems, toProblems } from '../../ads/plan/load.js';
import type { AccountRef } from '../../ads/types.js';
import type { Context } from '../../entry/context.js';
import { InputError, UsageError } from '../../errors/cli-error.js';
import { inputKind, isStdinPath } from '../../input/file-kind.js';
import { readStdin } from '../../entry/prompt.js';
import { accountOptions } from '../_ads-flags.js';
import type { OptionTable } from '../define.js';
import { guardConcerns, yesBudgetOption } from './_budget.js';

export const planOptions = {
  prune: {
    flags: '--prune',
    description:
      "also delete the line items of the file's campaigns that the file does not list (campaigns too with `prune: account` in the file)",
  },
  pruneAccount: {
    flags: '--prune-account',
    description: "--prune, and also delete the account's campaigns the file does not name",
  },
  yesBudget: yesBudgetOption,
  ...accountOptions,
} as const satisfies OptionTable;

interface PlanFlags {
  account?: string;
  sandbox?: boolean;
  prune?: boolean;
  pruneAccount?: boolean;
  yesBudget?: boolean;
}

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

/** Reads and checks the file, reads the account, computes the plan and marks its live stops; every problem is exit 6 before anything is sent. */
export async function makePlan(ctx: Context, file: string, opts: PlanFlags): Promise<Planned> {
  const client = await ctx.client();
  const { tree, source } = await loadTree(file, await readText(ctx, file), client.names);
  const account = await accountFor(ctx, tree, opts);
  // Campaigns the file does not name are deleted only when the file or a flag of their own says so.
  const prune = Boolean(opts.prune || opts.pruneAccount);
  const pruneAccount = Boolean(opts.pruneAccount || (opts.prune && tree.pruneAccount));
  const all = await listCampaigns(client, account);
  const current = await readChildren(client, account, campaignsToRead(tree, all, pruneAccount));
  const plan = diffTrees(account.id, tree, current, { prune, pruneAccount, style: client.names });
  throwFileProblems(file, toProblems(source, plan.problems));
  await markLive(client, account, plan.operations, ctx.now());
  return { plan, account, lineOf: source.lineOf };
}

/**
 * The money guard over the plan, every concern at once: exit 6 with each one's line unless --yes-budget;
 * with `ask` (apply) a person at a terminal is asked instead.
 */
export async function guardPlan(ctx: Context, planned: Planned, yesBudget: boolean | undefined, ask: boolean): Promise<void> {
  const client = await ctx.client();
  await guardConcerns(ctx, await planConcerns(client, planned.account, planned.plan, planned.lineOf), yesBudget, ask);
}
