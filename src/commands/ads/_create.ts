// What `ads campaigns create` and `ads line-items create` share: a file of many
// through the batch endpoint (every line checked, the money guard per line,
// created PAUSED unless a line says otherwise), or one from flags (the money
// guard, the paused default, the request or its dry run).
import { FundingLookup, guardedAmounts, originFromTyped, type FundingFacts } from '../../ads/budget-guard.js';
import type { BatchResource } from '../../ads/batch.js';
import { pausedByDefault, withCreatedStatus } from '../../ads/paused-default.js';
import type { AccountRef } from '../../ads/types.js';
import type { Context } from '../../entry/context.js';
import type { InputProblem } from '../../errors/cli-error.js';
import type { ApiClient, RequestOptions } from '../../http/client.js';
import type { LineItemParam, LineItemParams, TypedUnits } from '../../validate/line-item.js';
import { objectParams, readBulk, runBulk, wireValues } from './_bulk.js';
import { guardBudgets, type GuardedEntity } from './_budget.js';
import { sendCreate } from './_dry-run.js';
import { bulkPausedNote, createdNote } from './_paused.js';

export interface CreateKind {
  what: 'campaign' | 'line item';
  resource: BatchResource;
  table: readonly LineItemParam[];
  /** Keys a file line may carry besides the table's parameters (campaign_id of a line item). */
  extra?: readonly string[];
  /** The problems of one file line (beyond its keys and values). */
  checkLine(params: LineItemParams, typed: TypedUnits, line: number): InputProblem[];
  /** The funding instrument that pays for the new object. */
  funding(lookup: FundingLookup, params: LineItemParams): Promise<FundingFacts | undefined>;
  /** The parameters as sent (in the client's wire spelling). */
  spelled(params: LineItemParams): LineItemParams;
}

interface Flags {
  dryRun?: boolean;
  failed?: string;
  yesBudget?: boolean;
}

export async function createFromFile(
  ctx: Context,
  client: ApiClient,
  account: AccountRef,
  file: string,
  opts: Flags,
  kind: CreateKind,
): Promise<number> {
  const lookup = new FundingLookup(client, account);
  const guarded: GuardedEntity[] = [];
  let paused = 0;
  const items = await readBulk(ctx, file, (obj, line) => {
    const r = objectParams(kind.table, obj, line, kind.extra);
    const all = [...r.problems, ...kind.checkLine(r.params, r.typed, line)];
    if (!all.length)
      guarded.push({ amounts: guardedAmounts(r.params, originFromTyped(r.typed, line)), funding: () => kind.funding(lookup, r.params) });
    if (pausedByDefault(r.params)) paused++;
    return { params: wireValues(withCreatedStatus(kind.spelled(r.params))), problems: all };
  });
  await guardBudgets(ctx, guarded, opts.yesBudget);
  return runBulk(ctx, account, kind.resource, items, opts, () => (paused ? bulkPausedNote(kind.what, paused) : undefined));
}

/** One object from checked flags: the money guard, then the request (PAUSED unless given) or its dry run. */
export async function createOne(
  ctx: Context,
  client: ApiClient,
  account: AccountRef,
  checked: { params: LineItemParams; typed: TypedUnits },
  opts: Flags,
  kind: CreateKind,
  request: (account: AccountRef, params: LineItemParams) => RequestOptions,
  suffix = '',
): Promise<number> {
  const { params, typed } = checked;
  const lookup = new FundingLookup(client, account);
  await guardBudgets(
    ctx,
    [{ amounts: guardedAmounts(params, originFromTyped(typed)), funding: () => kind.funding(lookup, params) }],
    opts.yesBudget,
  );
  const sent = withCreatedStatus(kind.spelled(params));
  return sendCreate(ctx, client, request(account, sent), sent, opts.dryRun, (made) =>
    createdNote(kind.what, String(made.id), pausedByDefault(params), suffix),
  );
}
