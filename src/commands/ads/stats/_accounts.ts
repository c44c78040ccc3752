// `ads stats --accounts ID,ID|all`: the same report for several ad accounts,
// each in its own time zone and currency, several at once (--account-concurrency;
// each account's processing jobs within --max-jobs, the per-account limit),
// into one output with an account column, in the order the accounts were given
// or listed. An account that fails is reported (stderr, the JSON tail, the HTML
// page) and the run goes on: exit 8 when any failed.
import { getMaxListeners, setMaxListeners } from 'node:events';
import { listAccountsRequest } from '../../../ads/accounts.js';
import { adsApi } from '../../../ads/common.js';
import type { AccountRef } from '../../../ads/types.js';
import type { Context } from '../../../entry/context.js';
import { CliError, Interrupted, PartialFailure, UsageError } from '../../../errors/cli-error.js';
import type { ApiClient } from '../../../http/client.js';
import { idSegment } from '../../../http/path.js';
import { adsCursor, pages } from '../../../http/paginate.js';
import { runPool } from '../../../bulk/pool.js';
import { InOrder } from './_ordered.js';
import type { Report } from './_report.js';
import { commaList } from '../../../validate/rules.js';

const PAGE = 1000;

/** The ids of --accounts, checked before anything is sent ('all' → undefined: listed from the API). */
export function accountsFlag(raw: string, single: string | undefined): string[] | 'all' {
  if (single !== undefined) throw new UsageError('--accounts and --account name the accounts twice', 'give one of them');
  if (raw.trim().toLowerCase() === 'all') return 'all';
  const ids = [...new Set(commaList(raw))];
  if (!ids.length) throw new UsageError('--accounts takes account ids, comma-separated, or all');
  for (const id of ids) idSegment(id, 'ads', '--accounts');
  return ids;
}

/**
 * Every ad account the user can read (GET /12/accounts, every page), through the one pager: a repeated
 * cursor or the page cap ends the listing as for every other listing (a warning with accounts read, exit 7 without).
 */
export async function allAccounts(client: ApiClient, sandbox: boolean): Promise<string[]> {
  const ids = new Set<string>();
  for await (const page of pages<{ id?: unknown }>(client, listAccountsRequest(adsApi({ sandbox }), [['count', String(PAGE)]]), adsCursor))
    for (const a of page.items) if (typeof a?.id === 'string') ids.add(a.id);
  return [...ids];
}

export const ACCOUNT_CONCURRENCY = { default: 4, max: 16 } as const;

/** One account's two steps: before any stats request (checks, account read, plan), and its stats. */
export interface AccountSteps<P> {
  prepare(account: AccountRef): Promise<P>;
  /** Between the two steps, once every account is prepared (undefined: the account failed): the run's choices. */
  plan(prepared: ReadonlyArray<P | undefined>): Array<P | undefined>;
  run(p: P, report: Pick<Report, 'account' | 'failed'>): Promise<void>;
}

/**
 * Runs every account, `concurrency` at a time: all prepared first (so the plan
 * can weigh them together before a stats request is sent), then run. Each
 * account's rows reach `report` in the order of `ids` (_ordered.ts). A failure
 * (any error but an interruption) is said on stderr, handed to the report in
 * the account's turn, and the other accounts go on. Throws exit 8 at the end
 * when any failed.
 */
export async function eachAccount<P>(
  ctx: Context,
  ids: readonly string[],
  o: { sandbox: boolean; concurrency: number; report: Report },
  steps: AccountSteps<P>,
): Promise<void> {
  // Each request in flight links to the run's signal (Ctrl-C) until it ends; several accounts at once, each
  // with its own requests in flight, pass Node's default of 10 listeners without any leak.
  setMaxListeners(Math.max(getMaxListeners(ctx.signal), o.concurrency * 32), ctx.signal);
  const out = new InOrder(o.report, ids.length);
  const bad = new Set<number>();
  const guard = async (i: number, f: () => Promise<void>): Promise<void> => {
    try {
      await f();
    } catch (e) {
      if (e instanceof Interrupted || !(e instanceof CliError)) throw e;
      ctx.log.warn(`account ${ids[i]}: ${e.message}`);
      out.slot(i).failed(ids[i]!, e.message);
      bad.add(i);
    }
  };
  const prepared: Array<P | undefined> = ids.map(() => undefined);
  await runPool(ids, o.concurrency, (id, i) =>
    guard(i, async () => {
      prepared[i] = await steps.prepare({ id, api: adsApi({ sandbox: o.sandbox }) });
    }),
  );
  const planned = steps.plan(prepared);
  await runPool(ids, o.concurrency, async (_, i) => {
    const p = planned[i];
    if (p !== undefined) await guard(i, () => steps.run(p, out.slot(i)));
    out.finish(i);
  });
  if (bad.size) {
    const failed = ids.filter((_, i) => bad.has(i));
    throw new PartialFailure(
      `${failed.length} of ${ids.length} accounts failed (${failed.join(', ')}); the others' rows were written`,
      'the reason for each is above; run again with --accounts naming the failed ones',
    );
  }
}
