// Batch update and delete from a JSON Lines file, through the same batch path as
// the creates (`readBulk` and `runBulk` of ./_bulk.ts, the Update and Delete
// operations of src/ads/batch.ts): every line is read and checked first (its id,
// its parameters, the update's rules, the money guard per line), all problems
// reported with their line and nothing sent; then the batches go in file order.
import { FundingLookup, guardedAmounts, originFromTyped, type FundingFacts } from '../../ads/budget-guard.js';
import type { BatchItem, BatchResource } from '../../ads/batch.js';
import { currentValues } from '../../ads/current-values.js';
import type { AccountRef } from '../../ads/types.js';
import type { Context } from '../../entry/context.js';
import { UsageError, type InputProblem } from '../../errors/cli-error.js';
import type { ApiClient } from '../../http/client.js';
import type { LineItemParam, LineItemParams, TypedUnits } from '../../validate/line-item.js';
import { accountRef } from './_account.js';
import { guardBudgets, type GuardedEntity } from './_budget.js';
import { objectParams, readBulk, runBulk, wireValues } from './_bulk.js';

export interface BulkChange {
  resource: BatchResource;
  /** The id parameter of a line (campaign_id, line_item_id). */
  idKey: string;
  what: string;
  /** The plural of `what` when it is not `what` + s (targeting criteria). */
  whats?: string;
}

const plural = (spec: BulkChange): string => spec.whats ?? `${spec.what}s`;

export interface BulkUpdate extends BulkChange {
  table: readonly LineItemParam[];
  check(params: LineItemParams, typed: TypedUnits, line: number): InputProblem[];
  /** The funding instrument that pays for the object of this id (for the money guard). */
  funding(lookup: FundingLookup, client: ApiClient, account: AccountRef, id: string): Promise<FundingFacts | undefined>;
}

interface FileFlags {
  file: string;
  failed?: string;
  dryRun?: boolean;
  account?: string;
  sandbox?: boolean;
}

const ADS_ID = /^[0-9a-z]{1,32}$/;

function idProblem(spec: BulkChange, id: string | undefined, line: number): InputProblem[] {
  if (id === undefined) return [{ line, field: spec.idKey, message: `is required (the ${spec.what} to change)` }];
  return ADS_ID.test(id) ? [] : [{ line, field: spec.idKey, message: `must be an ads id (got ${JSON.stringify(id)})` }];
}

export async function updateFromFile(ctx: Context, opts: FileFlags & { yesBudget?: boolean }, spec: BulkUpdate): Promise<number> {
  const account = await accountRef(ctx, opts);
  const client = await ctx.client();
  const lookup = new FundingLookup(client, account);
  const guarded: GuardedEntity[] = [];
  const items = await readBulk(ctx, opts.file, (obj, line) => {
    const r = objectParams(spec.table, obj, line, [spec.idKey]);
    const id = r.params[spec.idKey];
    const { [spec.idKey]: _id, ...params } = r.params;
    const all = [...r.problems, ...idProblem(spec, id, line)];
    if (!Object.keys(params).length)
      all.push({ line, field: 'line', message: `nothing to update: give at least one parameter besides ${spec.idKey}` });
    all.push(...spec.check(params, r.typed, line));
    if (!all.length && id)
      guarded.push({
        amounts: guardedAmounts(params, originFromTyped(r.typed, line)),
        funding: () => spec.funding(lookup, client, account, id),
      });
    return { params: wireValues(r.params), problems: all };
  });
  await guardBudgets(ctx, guarded, opts.yesBudget);
  if (!opts.dryRun) await withOldValues(client, account, spec, items);
  return runBulk(ctx, account, spec.resource, items, { ...opts, operation: 'Update' });
}

/**
 * The change journal's old → new for a file of updates: the objects as they are, one list request per 200 ids.
 * An extra read (a file update otherwise reads only what the money guard needs), made because without it the
 * journal could not say what a batch changed.
 */
async function withOldValues(client: ApiClient, account: AccountRef, spec: BulkUpdate, items: BatchItem[]): Promise<void> {
  const now = await currentValues(
    client,
    account,
    spec.resource,
    items.map((i) => String(i.params[spec.idKey])),
  );
  for (const it of items) {
    const was = now.get(String(it.params[spec.idKey]));
    if (was)
      it.old = Object.fromEntries(
        Object.keys(it.params)
          .filter((k) => k !== spec.idKey)
          .map((k) => [k, was[k] ?? null]),
      );
  }
}

export async function deleteFromFile(ctx: Context, opts: FileFlags & { yes?: boolean }, spec: BulkChange): Promise<number> {
  const account = await accountRef(ctx, opts);
  // A second delete of one id could only fail (and would make the reply's count of it ambiguous).
  const firstLine = new Map<string, number>();
  const items = await readBulk(ctx, opts.file, (obj, line) => {
    const keys = Object.keys(obj);
    const raw = obj[spec.idKey];
    const id = typeof raw === 'string' ? raw : raw === undefined ? undefined : String(raw);
    const problems = idProblem(spec, id, line);
    for (const k of keys) if (k !== spec.idKey) problems.push({ line, field: k, message: `a delete takes only ${spec.idKey}` });
    const earlier = id === undefined ? undefined : firstLine.get(id);
    if (earlier !== undefined) problems.push({ line, field: spec.idKey, message: `repeats line ${earlier}` });
    else if (id !== undefined) firstLine.set(id, line);
    return { params: { [spec.idKey]: String(raw) }, problems };
  });
  if (
    !opts.dryRun &&
    !(await ctx.prompt.confirm(`Delete ${items.length} ${items.length === 1 ? spec.what : plural(spec)} (irreversible)?`, opts.yes))
  ) {
    ctx.log.info('nothing deleted');
    return 0;
  }
  return runBulk(ctx, account, spec.resource, items, { ...opts, operation: 'Delete' });
}

/** The argument or --file, not both; --failed only with --file. */
export function oneSource(
  id: string | undefined,
  file: string | undefined,
  failed: string | undefined,
  flagsGiven: boolean,
  spec: BulkChange,
): void {
  if (file !== undefined && (id !== undefined || flagsGiven))
    throw new UsageError(`give the ${plural(spec)} either in --file or as <${spec.idKey}> and flags, not both`);
  if (file === undefined && failed !== undefined) throw new UsageError('--failed goes with --file');
  if (file === undefined && id === undefined) throw new UsageError(`<${spec.idKey}> is required (or --file)`);
}
