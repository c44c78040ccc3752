// The one `run` of `ads campaigns update` and `ads line-items update`: only the
// parameters given are sent (never a read-modify-write of the whole object).
// The rules that need only the parameters and the money guard's micros-looking
// decimals first (before any request); then, unless --no-fetch, the rules that
// depend on the object as it is now; then the guard's budgets against what the
// funding instrument can pay (after reading it: the object, when --no-fetch
// skipped it, and its funding instrument); then the PUT, or with --dry-run its print.
import { FundingLookup, guardedAmounts, originFromTyped, type FundingFacts } from '../../ads/budget-guard.js';
import type { AccountRef } from '../../ads/types.js';
import type { Context } from '../../entry/context.js';
import { UsageError, type InputProblem } from '../../errors/cli-error.js';
import type { ApiClient, RequestOptions } from '../../http/client.js';
import { accountRef } from './_account.js';
import { oneSource, updateFromFile, type BulkUpdate } from './_bulk-change.js';
import { guardBudgets, guardSlips } from './_budget.js';
import { throwIfProblems } from './_checks.js';
import { printChange, printDryRun } from './_dry-run.js';

type Params = Record<string, string>;
type Typed = Partial<Record<string, string>>;
interface Checked {
  problems: InputProblem[];
  warnings: string[];
}

/** What differs between the updates of one kind of object. */
export interface UpdateKind<T extends Record<string, unknown>> {
  what: 'campaign' | 'line item';
  /** The verb's group, for the hint when no flag was given. */
  group: string;
  local(params: Params, typed: Typed): Checked;
  get(client: ApiClient, account: AccountRef, id: string): Promise<T>;
  /** The rules that need the object as it is now; `title` heads their error. */
  against(params: Params, before: T, typed: Typed): Checked & { title?: string };
  /** The funding instrument that pays for the object. */
  funding(lookup: FundingLookup, before: T): Promise<FundingFacts | undefined>;
  request(account: AccountRef, id: string, params: Params): RequestOptions;
  /** The batch endpoint's Update operation, for --file (where the verb offers it). */
  bulk?: BulkUpdate;
}

export interface UpdateFlags {
  fetch?: boolean;
  dryRun?: boolean;
  yesBudget?: boolean;
  account?: string;
  sandbox?: boolean;
  file?: string;
  failed?: string;
}

export async function runUpdate<T extends Record<string, unknown>>(
  ctx: Context,
  given: string | undefined,
  built: { params: Params; problems: InputProblem[]; typed: Typed },
  opts: UpdateFlags,
  kind: UpdateKind<T>,
): Promise<number> {
  const { params, problems, typed } = built;
  if (kind.bulk) {
    oneSource(given, opts.file, opts.failed, Object.keys(params).length + problems.length > 0, kind.bulk);
    if (opts.file !== undefined) return updateFromFile(ctx, { ...opts, file: opts.file }, kind.bulk);
  }
  if (given === undefined) throw new UsageError(`the ${kind.what} id is required`);
  const id = given;
  if (Object.keys(params).length === 0 && problems.length === 0)
    throw new UsageError(
      'nothing to update: give at least one parameter flag',
      `see \`postctl ads ${kind.group} update --help\` for the flags.`,
    );
  const local = kind.local(params, typed);
  throwIfProblems([...problems, ...local.problems], `invalid ${kind.what} update`);
  const account = await accountRef(ctx, opts);
  const client = await ctx.client();
  let fetched: Promise<T> | undefined;
  const current = () => (fetched ??= kind.get(client, account, id));
  const amounts = guardedAmounts(params, originFromTyped(typed));
  await guardSlips(ctx, amounts, opts.yesBudget);
  const warnings = [...local.warnings];
  const before = opts.fetch !== false ? await current() : undefined;
  if (before) {
    const dependent = kind.against(params, before, typed);
    throwIfProblems(dependent.problems, dependent.title ?? `invalid update for ${kind.what} ${id}`);
    warnings.push(...dependent.warnings);
  }
  const lookup = new FundingLookup(client, account);
  await guardBudgets(ctx, [{ amounts, funding: async () => kind.funding(lookup, await current()) }], opts.yesBudget);
  for (const w of warnings) ctx.log.warn(w);
  const req = kind.request(account, id, params);
  if (opts.dryRun) {
    printDryRun(ctx, client.baseUrl(account.api) + req.path, req, params, before, kind.what);
    return 0;
  }
  // The journal's old values: the fields about to change, as read above (none with --no-fetch).
  const old = before ? Object.fromEntries(Object.keys(params).map((k) => [k, before[k] ?? null])) : undefined;
  const res = await client.request<{ data: T }>(old ? { ...req, note: { old } } : req);
  printChange(ctx, params, before, res.body, kind.what);
  ctx.log.success(`updated ${kind.what} ${id} (${Object.keys(params).join(', ')})`);
  return 0;
}
