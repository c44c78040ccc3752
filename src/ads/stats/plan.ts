// Planning an analytics query (pure): split a resolved range (time-range.ts)
// into windows the endpoint allows and the ids into chunks of 20, and list the
// buckets the merged series will have. DAY windows and buckets follow the
// account's midnights (range/calendar.ts), so daylight-saving days are 23 or
// 25 hours long and stay one DAY bucket.
import { STATS_LIMITS, type Granularity } from '../../validate/ads-stats.js';
import { dayBoundaries } from './range/calendar.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface Window {
  start: number;
  end: number;
}

/**
 * Windows of at most `maxDays` × 24 hours covering [start, end). DAY windows
 * hold whole local days (a 25-hour day counts 25 hours, so a week holding one
 * is cut a day early); HOUR and TOTAL windows whole hours.
 */
export function splitWindows(start: number, end: number, maxDays: number, granularity: Granularity, tz: string): Window[] {
  const maxMs = maxDays * DAY_MS;
  const out: Window[] = [];
  if (granularity !== 'DAY') {
    for (let t = start; t < end; t += maxMs) out.push({ start: t, end: Math.min(end, t + maxMs) });
    return out;
  }
  const days = dayBoundaries(start, end, tz);
  let i = 0;
  while (i < days.length - 1) {
    let j = i + 1;
    while (j + 1 < days.length && days[j + 1]! - days[i]! <= maxMs) j++;
    out.push({ start: days[i]!, end: days[j]! });
    i = j;
  }
  return out;
}

/** The buckets of a window: its days, its hours, or the window itself. */
export function buckets(w: Window, granularity: Granularity, tz: string): Window[] {
  if (granularity === 'TOTAL') return [w];
  if (granularity === 'HOUR') {
    const out: Window[] = [];
    for (let t = w.start; t < w.end; t += HOUR_MS) out.push({ start: t, end: t + HOUR_MS });
    return out;
  }
  const days = dayBoundaries(w.start, w.end, tz);
  return days.slice(0, -1).map((s, i) => ({ start: s, end: days[i + 1]! }));
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export type StatsMode = 'sync' | 'job';

/** Largest window per request: 7 days synchronous, 90 (45 segmented) as jobs. */
export function maxWindowDays(mode: StatsMode, segmented: boolean): number {
  if (mode === 'sync') return STATS_LIMITS.syncDays;
  return segmented ? STATS_LIMITS.segmentedJobDays : STATS_LIMITS.jobDays;
}

/** auto: synchronous when one 7-day window covers the range and nothing is segmented. */
export function chooseMode(
  asked: 'auto' | StatsMode,
  start: number,
  end: number,
  granularity: Granularity,
  tz: string,
  segmented: boolean,
): StatsMode {
  if (asked !== 'auto') return asked;
  if (segmented) return 'job';
  return splitWindows(start, end, STATS_LIMITS.syncDays, granularity, tz).length <= 1 ? 'sync' : 'job';
}

export interface PlannedRequest {
  /** Position in the plan: the key of a job in the state file. */
  index: number;
  /** Which series this request feeds: chunk × placement. */
  series: number;
  ids: string[];
  placement: string;
  groups: string[];
  window: Window;
}

/** Every request of a query: id chunks × placements × metric-group sets × windows, in output order. */
export function planRequests(p: {
  ids: readonly string[];
  placements: readonly string[];
  groupSets: readonly string[][];
  windows: readonly Window[];
}): PlannedRequest[] {
  const out: PlannedRequest[] = [];
  let series = 0;
  for (const ids of chunk(p.ids, STATS_LIMITS.idsPerRequest))
    for (const placement of p.placements) {
      for (const groups of p.groupSets)
        for (const window of p.windows) out.push({ index: out.length, series, ids, placement, groups, window });
      series++;
    }
  return out;
}

/** MOBILE_CONVERSION goes in a request of its own; the other groups together. */
export function groupSets(groups: readonly string[], apart: readonly string[]): string[][] {
  const together = groups.filter((g) => !apart.includes(g));
  const sets = together.length ? [together] : [];
  for (const g of groups) if (apart.includes(g)) sets.push([g]);
  return sets;
}
