// The query planner (pure): from a checked selection and the account's zone and
// currency to every request the API allows — the range checked in the zone,
// the mode chosen, windows of 7 (sync) or 90/45 (job) days, ids in chunks of
// 20 per placement, metric groups that must go apart in requests of their own —
// and the buckets each window's reply must hold.
import { REQUESTED_APART, STATS_LIMITS, type Granularity, type MetricGroup, type StatsEntity } from '../../validate/ads-stats.js';
import type { InputProblem } from '../../errors/cli-error.js';
import type { AccountRef } from '../types.js';
import {
  buckets,
  chooseMode,
  groupSets,
  maxWindowDays,
  parseBound,
  planRequests,
  rangeProblems,
  splitWindows,
  type Bound,
  type PlannedRequest,
  type StatsMode,
  type Window,
} from './plan.js';

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
  plan: RunPlan;
}

/** --from/--to in the account's zone: the range, or the problems with it for this granularity. */
export function planRange(
  from: string,
  to: string,
  granularity: Granularity,
  tz: string,
): { start: number; end: number; problems: InputProblem[] } {
  const start = (parseBound(from, tz, 'from') as Bound).ms;
  const end = (parseBound(to, tz, 'to') as Bound).ms;
  return { start, end, problems: rangeProblems(start, end, granularity, tz) };
}

export interface QueryInput {
  account: AccountRef;
  entity: StatsEntity;
  groups: MetricGroup[];
  granularity: Granularity;
  mode: 'auto' | StatsMode;
  segment?: string | undefined;
  country?: string | undefined;
  start: number;
  end: number;
  /** The ids to ask for on each placement (given, or from active entities). */
  idsByPlacement: ReadonlyArray<{ placement: string; ids: readonly string[] }>;
  /** The account's time zone and currency (from its account read). */
  tz: string;
  currency?: string | undefined;
}

export function planQuery(i: QueryInput): Query {
  const mode = chooseMode(i.mode, i.start, i.end, i.granularity, i.tz, Boolean(i.segment));
  const windows = splitWindows(i.start, i.end, maxWindowDays(mode, Boolean(i.segment)), i.granularity, i.tz);
  const requests: PlannedRequest[] = [];
  for (const g of i.idsByPlacement) {
    const series = requests.length ? requests[requests.length - 1]!.series + 1 : 0;
    for (const r of planRequests({ ids: g.ids, placements: [g.placement], groupSets: groupSets(i.groups, REQUESTED_APART), windows }))
      requests.push({ ...r, index: requests.length, series: r.series + series });
  }
  const plan: RunPlan = {
    account: i.account,
    entity: i.entity,
    granularity: i.granularity,
    ...(i.segment ? { segment: i.segment } : {}),
    ...(i.country ? { country: i.country } : {}),
    requests,
    windows,
    buckets: windows.map((w) => buckets(w, i.granularity, i.tz)),
  };
  return {
    entity: i.entity,
    groups: i.groups,
    granularity: i.granularity,
    mode,
    tz: i.tz,
    currency: i.currency,
    start: i.start,
    end: i.end,
    plan,
  };
}

/** Whether a query runs more synchronous requests than the endpoint allows per 15 minutes. */
export const syncOverBudget = (q: Query): boolean => q.mode === 'sync' && q.plan.requests.length > STATS_LIMITS.syncPer15Minutes;
