// The query planner (pure): from a checked selection, a resolved range
// (range/time-range.ts: start, end, granularity and the account's zone) and
// the account's currency to every request the API allows — the mode chosen,
// windows of 7 (sync) or 90/45 (job) days, ids in chunks of 20 per placement,
// metric groups that must go apart in requests of their own — and the buckets
// each window's reply must hold.
import { REQUESTED_APART, STATS_LIMITS, type Granularity, type MetricGroup, type StatsEntity } from '../../validate/ads-stats.js';
import type { AccountRef } from '../types.js';
import {
  buckets,
  chooseMode,
  groupSets,
  maxWindowDays,
  planRequests,
  splitWindows,
  type PlannedRequest,
  type StatsMode,
  type Window,
} from './plan.js';
import type { TimeRange } from './range/time-range.js';

/** Everything the executor needs to send and check a query's requests. */
export interface RunPlan {
  account: AccountRef;
  entity: string;
  granularity: string;
  segment?: string;
  country?: string;
  requests: PlannedRequest[];
  windows: Window[];
  /** Buckets of each window (checked against every reply). */
  buckets: Window[][];
}

export interface Query {
  entity: StatsEntity;
  groups: MetricGroup[];
  granularity: Granularity;
  mode: StatsMode;
  tz: string;
  /** The account's currency when a money metric is asked for and it is known. */
  currency?: string | undefined;
  start: number;
  end: number;
  /** Whether every day (or hour) of the range is over, and the account's date now: for the reader. */
  timing: { complete: boolean; today: string };
  plan: RunPlan;
}

export interface QueryInput {
  account: AccountRef;
  entity: StatsEntity;
  groups: MetricGroup[];
  mode: 'auto' | StatsMode;
  segment?: string | undefined;
  country?: string | undefined;
  /** The range, resolved once; the planner reads no flag. */
  range: TimeRange;
  /** The ids to ask for on each placement (given, or from active entities). */
  idsByPlacement: ReadonlyArray<{ placement: string; ids: readonly string[] }>;
  /** The account's currency (from its account read). */
  currency?: string | undefined;
}

export function planQuery(i: QueryInput): Query {
  const { start, end, granularity, zone } = i.range;
  const mode = chooseMode(i.mode, start, end, granularity, zone, Boolean(i.segment));
  const windows = splitWindows(start, end, maxWindowDays(mode, Boolean(i.segment)), granularity, zone);
  const requests: PlannedRequest[] = [];
  for (const g of i.idsByPlacement) {
    const series = requests.length ? requests[requests.length - 1]!.series + 1 : 0;
    for (const r of planRequests({ ids: g.ids, placements: [g.placement], groupSets: groupSets(i.groups, REQUESTED_APART), windows }))
      requests.push({ ...r, index: requests.length, series: r.series + series });
  }
  const plan: RunPlan = {
    account: i.account,
    entity: i.entity,
    granularity,
    ...(i.segment ? { segment: i.segment } : {}),
    ...(i.country ? { country: i.country } : {}),
    requests,
    windows,
    buckets: windows.map((w) => buckets(w, granularity, zone)),
  };
  return {
    entity: i.entity,
    groups: i.groups,
    granularity,
    mode,
    tz: zone,
    currency: i.currency,
    start,
    end,
    timing: { complete: i.range.complete, today: i.range.today },
    plan,
  };
}

/** Whether a query runs more synchronous requests than the endpoint allows per 15 minutes. */
export const syncOverBudget = (q: Query): boolean => q.mode === 'sync' && q.plan.requests.length > STATS_LIMITS.syncPer15Minutes;

/**
 * The same query sent as jobs (jobs do not count against the user-level
 * synchronous budget): the same ids per placement, windows re-cut for jobs.
 */
export function asJobs(q: Query): Query {
  if (q.mode === 'job') return q;
  const byPlacement = new Map<string, Set<string>>();
  for (const r of q.plan.requests) {
    const set = byPlacement.get(r.placement) ?? new Set<string>();
    for (const id of r.ids) set.add(id);
    byPlacement.set(r.placement, set);
  }
  return planQuery({
    account: q.plan.account,
    entity: q.entity,
    groups: q.groups,
    mode: 'job',
    segment: q.plan.segment,
    country: q.plan.country,
    range: { start: q.start, end: q.end, granularity: q.granularity, zone: q.tz, complete: q.timing.complete, today: q.timing.today },
    idsByPlacement: [...byPlacement].map(([placement, ids]) => ({ placement, ids: [...ids] })),
    currency: q.currency,
  });
}
