// The previous period of a report, for its changes: the same number of the
// account's calendar days immediately before the range (a week before a week,
// 30 days before 30 days — calendar days, so a daylight-saving change keeps
// whole days), asked for the same entities, placements and metric groups.
import { planQuery, type Query } from '../../../ads/stats/planner.js';
import { addDays, formatDate, localDate, type CalendarDate } from '../../../ads/stats/range/calendar.js';
import { resolveTimeRange, type TimeRange } from '../../../ads/stats/range/time-range.js';
import { InputError } from '../../../errors/cli-error.js';

const DAY_MS = 86_400_000;
const dayNumber = (c: CalendarDate) => Date.UTC(c.y, c.m - 1, c.d) / DAY_MS;

/** The first and last calendar dates of a range [start, end) in its zone, and how many days it spans. */
export function periodDates(start: number, end: number, tz: string): { first: string; last: string; days: number } {
  const a = localDate(start, tz);
  const b = localDate(end - 1, tz);
  return { first: formatDate(a), last: formatDate(b), days: dayNumber(b) - dayNumber(a) + 1 };
}

/** The previous period's plan: equal length in days, ending the day before the range starts. */
export function previousQuery(q: Query): { query: Query; first: string; last: string } | { problem: string } {
  const first = localDate(q.start, q.tz);
  const { days } = periodDates(q.start, q.end, q.tz);
  const from = formatDate(addDays(first, -days));
  const to = formatDate(addDays(first, -1));
  let range: TimeRange;
  try {
    // Resolved by the range module like dates given by hand. As of the range's start: the period ends
    // before it, so it has begun and is over (the caller gives it the range's own timing).
    range = resolveTimeRange({ from, to, granularity: q.granularity }, { zone: q.tz, now: q.start });
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    return { problem: e.problems.length ? e.problems.map((p) => p.message).join('; ') : e.message };
  }
  const byPlacement = new Map<string, Set<string>>();
  for (const r of q.plan.requests) {
    const set = byPlacement.get(r.placement) ?? new Set<string>();
    for (const id of r.ids) set.add(id);
    byPlacement.set(r.placement, set);
  }
  const query = planQuery({
    account: q.plan.account,
    entity: q.entity,
    groups: q.groups,
    mode: q.mode,
    segment: q.plan.segment,
    country: q.plan.country,
    range,
    idsByPlacement: [...byPlacement].map(([placement, ids]) => ({ placement, ids: [...ids] })),
    currency: q.currency,
  });
  return { query, first: from, last: to };
}

export const periodText = (first: string, last: string): string => (first === last ? first : `${first} to ${last}`);
