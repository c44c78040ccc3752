// `ads sync`, one account (several run at once, --parallel; their store work one at a time): read its state and its window's stats through the
// stats engine (the planner, then synchronous requests or jobs, every reply
// checked: each asked id exactly once), and only then write it all in one
// transaction: the entities, the stats rows, the bookmark. A failure before the
// commit leaves the store as it was, so a re-run resumes from the bookmark.
import { join } from 'node:path';
import { optionsHash } from '../../../bulk/state.js';
import { JobState } from '../../../bulk/job-state.js';
import { runSync, type SeriesSink } from '../../../ads/stats/executor.js';
import { runJobs } from '../../../ads/stats/jobs.js';
import { planQuery, syncOverBudget, type Query } from '../../../ads/stats/planner.js';
import { addDays, formatDate, localDate, type CalendarDate } from '../../../ads/stats/range/calendar.js';
import { resolveTimeRange } from '../../../ads/stats/range/time-range.js';
import { entityIds, readAccountState, statsRows, storeColumns, type AccountState } from '../../../ads/sync/read.js';
import type { Store } from '../../../ads/sync/store.js';
import { endRun, startRun } from '../../../ads/sync/write.js';
import {
  readBookmark,
  writeBookmark,
  writeEntities,
  writeStats,
  type Counts,
  type EntityTable,
  type StatsRow,
} from '../../../ads/sync/write.js';
import type { AccountRef } from '../../../ads/types.js';
import type { Context } from '../../../entry/context.js';
import { CliError, InputError, Interrupted } from '../../../errors/cli-error.js';
import type { ApiClient } from '../../../http/client.js';
import { stringifyJson } from '../../../json/stringify.js';
import { STATS_LIMITS, type MetricGroup, type StatsEntity } from '../../../validate/ads-stats.js';

export interface SyncSelection {
  entities: StatsEntity[];
  groups: MetricGroup[];
  placements: string[];
  segment?: string | undefined;
  country?: string | undefined;
  since?: string | undefined;
  restate: number;
  includeToday: boolean;
  maxJobs: number;
  /** Accounts read at once. */
  parallel: number;
}

export interface AccountResult extends Counts {
  account_id: string;
  from: string | null;
  to: string | null;
  entities: number;
}

const parseDate = (s: string): CalendarDate => {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number];
  return { y, m, d };
};
const shift = (s: string, days: number): string => formatDate(addDays(parseDate(s), days));

/**
 * The days to read: from the bookmark less the restatement window (or --since on a first run; never before
 * --since when given) to yesterday in the account's zone (today with --include-today).
 */
export function syncWindow(
  bookmark: string | undefined,
  s: Pick<SyncSelection, 'since' | 'restate' | 'includeToday'>,
  today: string,
  account: string,
): { from: string; to: string } | undefined {
  const to = s.includeToday ? today : shift(today, -1);
  let from: string;
  // --since is also the earliest day wanted: a restatement window never reaches before it.
  if (bookmark !== undefined)
    from = s.since !== undefined && s.since > shift(bookmark, 1 - s.restate) ? s.since : shift(bookmark, 1 - s.restate);
  else if (s.since !== undefined) from = s.since;
  else
    throw new InputError(
      `account ${account} has no bookmark in the store yet: give --since DATE for its first run (a backfill from that day)`,
    );
  return from > to ? undefined : { from, to };
}

/** Runs one plan through the engine, as `ads stats` does: synchronous requests, or jobs with a state file. */
async function execute(ctx: Context, client: ApiClient, q: Query, s: SyncSelection, sink: SeriesSink, started: number): Promise<void> {
  const deadline = started + client.maxWaitMs;
  if (q.mode === 'sync') {
    if (syncOverBudget(q))
      ctx.log.warn(
        `${q.plan.requests.length} synchronous requests: more than ${STATS_LIMITS.syncPer15Minutes} per 15 minutes, this waits for resets`,
      );
    await runSync(client, q.plan, sink, { deadline });
    return;
  }
  const fingerprint = {
    sync: q.plan.account.id,
    entity: q.entity,
    requests: q.plan.requests.map((r) => `${r.ids.join(',')}|${r.placement}|${r.groups.join(',')}|${r.window.start}-${r.window.end}`),
  };
  const path = join(ctx.io.cwd, `postctl-sync-${optionsHash(fingerprint).slice(0, 12)}.state.json`);
  const state = await JobState.open(path, fingerprint, q.plan.requests.length, {
    resume: false,
    warn: (m) => ctx.log.warn(m),
    info: (m) => ctx.log.info(m),
  });
  await runJobs(client, q.plan, sink, {
    state,
    maxJobs: s.maxJobs,
    pollMs: 1000,
    maxPollMs: 10_000,
    clock: ctx.io.clock,
    deadline,
    maxWaitMs: client.maxWaitMs,
    download: { cap: 1024 ** 3, timeoutMs: 30_000, env: ctx.env },
    info: (m) => ctx.log.info(m),
  });
  await state.remove();
}

/** The stats rows of one entity type over the window, every reply checked by the engine before a row exists. */
async function entityRows(
  ctx: Context,
  client: ApiClient,
  account: AccountRef,
  st: AccountState,
  entity: StatsEntity,
  s: SyncSelection,
  w: { from: string; to: string; today: string; started: number },
): Promise<StatsRow[]> {
  const ids = entityIds(st, entity, account.id);
  if (!ids.length) return [];
  const range = resolveTimeRange({ from: w.from, to: w.to, granularity: 'DAY' }, { zone: st.tz, now: w.started });
  const q = planQuery({
    account,
    entity,
    groups: s.groups,
    mode: 'auto',
    segment: s.segment,
    country: s.country,
    range,
    idsByPlacement: s.placements.map((placement) => ({ placement, ids })),
    currency: st.currency ?? undefined,
  });
  const rows: StatsRow[] = [];
  const o = {
    account: account.id,
    entity,
    groups: s.groups,
    segmentType: s.segment ?? '',
    buckets: q.plan.buckets,
    tz: st.tz,
    today: w.today,
    currency: st.currency,
  };
  await execute(ctx, client, q, s, (list) => rows.push(...statsRows(list, o)), w.started);
  ctx.log.info(
    `account ${account.id}: ${entity.toLowerCase()} ${ids.length} id${ids.length === 1 ? '' : 's'}, ${q.plan.requests.length} ${q.mode === 'sync' ? 'synchronous request' : 'job request'}${q.plan.requests.length === 1 ? '' : 's'}, ${rows.length} rows`,
  );
  return rows;
}

const TABLES: Array<Exclude<EntityTable, 'accounts'>> = ['funding_instruments', 'campaigns', 'line_items', 'promoted_posts'];

export async function syncAccount(
  ctx: Context,
  client: ApiClient,
  store: Store,
  account: AccountRef,
  s: SyncSelection,
  run: { id: string; started: number },
  lock: Lock,
): Promise<AccountResult> {
  const st = await readAccountState(client, account);
  const today = formatDate(localDate(run.started, st.tz));
  const segmentType = s.segment ?? '';
  // One bookmark per entity type: the window is the widest any of them needs.
  const marks = await lock(async () => {
    const out: Array<string | undefined> = [];
    for (const e of s.entities) out.push(await readBookmark(store, account.id, e, segmentType));
    return out;
  });
  // --since N-days-ago is a day of this account's calendar.
  const since =
    s.since === undefined
      ? undefined
      : formatDate(
          localDate(resolveTimeRange({ from: s.since, to: s.since, granularity: 'DAY' }, { zone: st.tz, now: run.started }).start, st.tz),
        );
  const windows = s.entities.map((e, i) => ({ entity: e, w: syncWindow(marks[i], { ...s, since }, today, account.id) }));
  const rows = new Map<StatsEntity, StatsRow[]>();
  for (const { entity, w } of windows)
    if (w) rows.set(entity, await entityRows(ctx, client, account, st, entity, s, { ...w, today, started: run.started }));
  const at = new Date(run.started).toISOString();
  const json = (v: unknown) => stringifyJson(v);
  return lock(() =>
    store.transaction(async () => {
      let entities = await writeEntities(store, 'accounts', account.id, [st.account], at, json);
      for (const t of TABLES) entities += await writeEntities(store, t, account.id, st[t], at, json);
      const total: AccountResult = { account_id: account.id, inserted: 0, updated: 0, unchanged: 0, entities, from: null, to: null };
      for (const { entity, w } of windows) {
        if (!w) continue;
        const c = await writeStats(
          store,
          { account: account.id, entityType: entity, segmentType, placements: s.placements, from: w.from, to: w.to },
          storeColumns(entity, s.groups),
          rows.get(entity) ?? [],
          at,
        );
        total.inserted += c.inserted;
        total.updated += c.updated;
        total.unchanged += c.unchanged;
        if (total.from === null || w.from < total.from) total.from = w.from;
        if (total.to === null || w.to > total.to) total.to = w.to;
        // A partial day (today) is never bookmarked: the next run reads it again as a complete day.
        const through = w.to < today ? w.to : shift(today, -1);
        if (through >= w.from)
          await writeBookmark(store, { account: account.id, entityType: entity, segmentType, through, runId: run.id, at });
      }
      return total;
    }),
  );
}

/** Runs store work one piece at a time: accounts are read in parallel, but one connection writes. */
export type Lock = <T>(fn: () => Promise<T>) => Promise<T>;

export function serial(): Lock {
  let chain: Promise<unknown> = Promise.resolve();
  return <T>(fn: () => Promise<T>): Promise<T> => {
    const p = chain.then(fn);
    chain = p.then(
      () => undefined,
      () => undefined,
    );
    return p;
  };
}

export type Result = AccountResult & { status: 'ok' | 'failed'; error?: string };

/**
 * One account with its sync_runs row: marked running first, then ok with the counts, or failed with the
 * reason (an API or input failure is reported and the run goes on; an interruption or a store failure ends it).
 */
export async function recordedAccount(
  ctx: Context,
  client: ApiClient,
  store: Store,
  account: AccountRef,
  sel: SyncSelection,
  run: { id: string; started: number },
  lock: Lock,
): Promise<Result> {
  const at = () => new Date(ctx.now()).toISOString();
  const record = {
    run_id: run.id,
    account_id: account.id,
    started_at: at(),
    entity_type: sel.entities.join(','),
    metric_groups: sel.groups.join(','),
    placement: sel.placements.join(','),
    segment_type: sel.segment ?? '',
    from_day: null,
    to_day: null,
    include_today: sel.includeToday,
  };
  await lock(() => startRun(store, record));
  try {
    const r = await syncAccount(ctx, client, store, account, sel, run, lock);
    await lock(() => endRun(store, run.id, account.id, { finished_at: at(), status: 'ok', counts: r, from_day: r.from, to_day: r.to }));
    ctx.log.info(
      `account ${account.id}: ${r.from ?? '-'} to ${r.to ?? '-'}: ${r.inserted} inserted, ${r.updated} updated, ${r.unchanged} unchanged`,
    );
    return { ...r, status: 'ok' };
  } catch (e) {
    const message = ctx.redactor.text((e as Error).message ?? String(e));
    await lock(() => endRun(store, run.id, account.id, { finished_at: at(), status: 'failed', error: message })).catch(() => undefined);
    if (e instanceof Interrupted || !(e instanceof CliError)) throw e;
    ctx.log.warn(`account ${account.id}: ${message}`);
    const none = { from: null, to: null, inserted: 0, updated: 0, unchanged: 0, entities: 0 };
    return { account_id: account.id, status: 'failed', error: message, ...none };
  }
}
