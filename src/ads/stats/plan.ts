// Planning an analytics query (pure): parse --from/--to in the account's time
// zone, check whole hours and midnight alignment, split the range into windows
// the endpoint allows and the ids into chunks of 20, and list the buckets the
// merged series will have. Time zones through Intl only: every UTC instant's
// local wall time comes from Intl.DateTimeFormat, so daylight-saving days are
// 23 or 25 hours long and stay one DAY bucket.
import { STATS_LIMITS, type Granularity } from '../../validate/ads-stats.js';
import { parseIso8601 } from '../../validate/rules.js';
import type { InputProblem } from '../../errors/cli-error.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** True when Intl knows the IANA zone. */
export function isTimeZone(tz: string): boolean {
  try {
    formatter(tz);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock fields of a UTC instant in `tz`. */
function localParts(ms: number, tz: string): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const p: Record<string, number> = {};
  for (const part of formatter(tz).formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { y: p.year!, m: p.month!, d: p.day!, h: p.hour!, min: p.minute!, s: p.second! };
}

/** The zone's offset from UTC at an instant, in ms (local − UTC). */
function offsetAt(ms: number, tz: string): number {
  const l = localParts(ms, tz);
  return Date.UTC(l.y, l.m - 1, l.d, l.h, l.min, l.s) - Math.floor(ms / 1000) * 1000;
}

/**
 * The UTC instant of local midnight starting the calendar day y-m-d in `tz`.
 * Tries the offsets in force just before and after (a change the same day
 * moves them); where midnight itself was skipped, the day starts at the first
 * instant that exists, the next whole hour.
 */
export function localMidnight(y: number, m: number, d: number, tz: string): number {
  const wall = Date.UTC(y, m - 1, d);
  const candidates = [wall - offsetAt(wall - DAY_MS / 2, tz), wall - offsetAt(wall + DAY_MS / 2, tz)].sort((a, b) => a - b);
  for (const t of candidates) {
    const l = localParts(t, tz);
    if (l.y === y && l.m === m && l.d === d && l.h === 0 && l.min === 0) return t;
  }
  for (let t = candidates[0]!; t < wall + 2 * DAY_MS; t += HOUR_MS) {
    const l = localParts(t, tz);
    if (l.y === y && l.m === m && l.d === d) return t;
  }
  return candidates[0]!;
}

/** The local midnight that starts the day after the one containing `ms`. */
function nextMidnight(ms: number, tz: string): number {
  const l = localParts(ms, tz);
  const next = new Date(Date.UTC(l.y, l.m - 1, l.d) + DAY_MS);
  return localMidnight(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), tz);
}

/** Whether `ms` is local midnight (the start of a day) in `tz`. */
export function isMidnight(ms: number, tz: string): boolean {
  const l = localParts(ms, tz);
  return localMidnight(l.y, l.m, l.d, tz) === ms;
}

export interface Bound {
  ms: number;
  kind: 'date' | 'time';
}

/**
 * `--from`/`--to`: a date is a day in the account's zone (`--to` inclusive, like
 * the Ads UI, so it ends at the next midnight); an ISO time is an instant on a
 * whole hour (`--to` exclusive, like the API).
 */
export function parseBound(text: string, tz: string, which: 'from' | 'to'): Bound | string {
  const dm = DATE_RE.exec(text);
  if (dm) {
    const [y, m, d] = [Number(dm[1]), Number(dm[2]), Number(dm[3])];
    const probe = new Date(Date.UTC(y, m - 1, d));
    if (probe.getUTCMonth() !== m - 1 || probe.getUTCDate() !== d) return `${text} is not a calendar date`;
    const start = localMidnight(y, m, d, tz);
    return { ms: which === 'from' ? start : nextMidnight(start, tz), kind: 'date' };
  }
  const ms = parseIso8601(text);
  if (ms === undefined) return `must be a date (2026-11-01) or an ISO 8601 time (2026-11-01T05:00:00Z), got ${JSON.stringify(text)}`;
  if (ms % HOUR_MS !== 0) return `${text} is not on a whole hour (the API takes whole hours: minutes and seconds zero)`;
  return { ms, kind: 'time' };
}

export const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');

/** Problems of a parsed range for a granularity: order, DAY alignment to local midnight. */
export function rangeProblems(start: number, end: number, granularity: Granularity, tz: string): InputProblem[] {
  const out: InputProblem[] = [];
  if (end <= start) out.push({ field: '--from', message: `must be before --to (${iso(start)} is not before ${iso(end)})` });
  if (granularity === 'DAY') {
    for (const [field, ms] of [
      ['--from', start],
      ['--to', end],
    ] as const)
      if (!isMidnight(ms, tz))
        out.push({ field, message: `${iso(ms)} is not midnight in the account's time zone ${tz} (DAY needs whole days; give a date)` });
  }
  return out;
}

/** Local midnights from start to end, both included (start and end must be midnights). */
export function dayBoundaries(start: number, end: number, tz: string): number[] {
  const out = [start];
  while (out[out.length - 1]! < end) out.push(nextMidnight(out[out.length - 1]!, tz));
  return out;
}

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
