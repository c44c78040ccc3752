// The one place the time range of an analytics verb is read (pure): --range,
// --from/--to and --granularity, in the account's time zone, as of `now` (the
// run's clock, passed in), become `{ start, end, granularity, zone }` once.
// `ads stats`, `ads stats active` and `ads stats reach` call it; the planner,
// the windows and the requests take the result and never parse a flag again.
//
// A date is a day in the account's zone (--to inclusive, like the Ads UI, so it
// ends at the next midnight); an ISO time is an instant on a whole hour (--to
// exclusive, like the API); today, yesterday and N-days-ago are the account's
// dates; a named --range is whole days of the account's calendar.
import type { InputProblem } from '../../../errors/cli-error.js';
import { GRANULARITIES, type Granularity } from '../../../validate/ads-stats.js';
import { parseIso8601, Problems } from '../../../validate/rules.js';
import { formatDate, isMidnight, iso, localDate, localMidnight, nextMidnight } from './calendar.js';
import { isRangeName, isRelativeDay, RANGE_NAMES, resolveDay, resolveRangeName, type RangeName } from './relative.js';

export interface RangeFlags {
  from?: string | undefined;
  to?: string | undefined;
  range?: string | undefined;
  /** DAY, HOUR or TOTAL; a verb without the flag asks for one window (TOTAL: no midnight alignment). */
  granularity?: string | undefined;
}

/** A resolved range: [start, end) in ms, checked against the granularity in `zone`. */
export interface TimeRange {
  start: number;
  end: number;
  granularity: Granularity;
  /** The account's IANA zone ('UTC' when no bound needed it: ISO times only). */
  zone: string;
  /** False when the range includes a day (or hour) not yet over: its figures will still grow. */
  complete: boolean;
  /** The account's date at `now`. */
  today: string;
}

/** The flags, declared once for every verb that takes a range. */
/** The range names, for a list of choices (the MCP tools' enum); reading a name stays in this module. */
export const RANGE_CHOICES: readonly string[] = RANGE_NAMES;

export const RANGE_OPTIONS = {
  from: {
    flags: '--from <when>',
    description: "a date (the account's midnight), today, yesterday, N-days-ago (in the account's zone), or an ISO time on a whole hour",
  },
  to: {
    flags: '--to <when>',
    description: 'a date (inclusive, like the Ads UI), today, yesterday, N-days-ago, or an ISO time on a whole hour (exclusive)',
  },
  range: {
    flags: '--range <name>',
    description: `instead of --from/--to, whole days in the account's zone (weeks start Monday): ${RANGE_NAMES.join(', ')}`,
  },
} as const;

const HOUR_MS = 3_600_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

export interface Bound {
  ms: number;
  kind: 'date' | 'time';
}

/** One bound (relative days already resolved): a date in `tz`, or an instant on a whole hour; a string says what is wrong. */
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
  if (ms === undefined)
    return `must be a date (2026-11-01), today, yesterday, N-days-ago or an ISO 8601 time (2026-11-01T05:00:00Z), got ${JSON.stringify(text)}`;
  if (ms % HOUR_MS !== 0) return `${text} is not on a whole hour (the API takes whole hours: minutes and seconds zero)`;
  return { ms, kind: 'time' };
}

const granularityOf = (f: RangeFlags): string => f.granularity?.toUpperCase() ?? 'TOTAL';

/**
 * Every problem found without the account's zone, all at once: --granularity, --range's name or
 * --from/--to present and well formed, and in order when the zone cannot change that (two dates, two
 * times, or two relative days, compared as UTC dates).
 */
export function rangeFlagProblems(f: RangeFlags, now: number): InputProblem[] {
  const out: InputProblem[] = [];
  if (!(GRANULARITIES as readonly string[]).includes(granularityOf(f)))
    out.push({ field: '--granularity', message: `must be one of ${GRANULARITIES.join(', ')}` });
  if (f.range !== undefined) {
    if (!isRangeName(f.range.toLowerCase()))
      out.push({ field: '--range', message: `must be one of ${RANGE_NAMES.join(', ')} (got ${JSON.stringify(f.range)})` });
    if (f.from !== undefined || f.to !== undefined)
      out.push({ field: '--range', message: 'names the whole range: give it without --from/--to' });
    return out;
  }
  if (!f.from)
    out.push({ field: '--from', message: 'is required (a date such as 2026-11-01, yesterday, 7-days-ago, or --range yesterday)' });
  if (!f.to) out.push({ field: '--to', message: 'is required (a date, inclusive, or an ISO time on a whole hour, exclusive)' });
  if (!f.from || !f.to) return out;
  const a = parseBound(resolveDay(f.from, now, 'UTC'), 'UTC', 'from');
  const b = parseBound(resolveDay(f.to, now, 'UTC'), 'UTC', 'to');
  if (typeof a === 'string') out.push({ field: '--from', message: a });
  if (typeof b === 'string') out.push({ field: '--to', message: b });
  // Two dates or two times compare the same in every zone; a relative day against a date only in the account's.
  const mixed = isRelativeDay(f.from) !== isRelativeDay(f.to);
  if (typeof a !== 'string' && typeof b !== 'string' && a.kind === b.kind && !mixed && b.ms <= a.ms)
    out.push({ field: '--from', message: `${f.from} is not before ${f.to}` });
  return out;
}

/** Whether the account's zone decides the range (a date, a relative day, a named range, or DAY's midnights). */
export function needsZone(f: RangeFlags): boolean {
  if (f.range !== undefined || granularityOf(f) === 'DAY') return true;
  return [f.from, f.to].some((v) => v !== undefined && (DATE_RE.test(v) || isRelativeDay(v)));
}

/**
 * The flags as a range in `zone` as of `now` (the run's clock): exit 6 (InputError) naming the flag when
 * they are malformed, out of order, off the account's midnights for DAY, or wholly in the future. Without
 * a zone (the caller read none: `needsZone` was false) the bounds are instants and UTC names the dates.
 */
export function resolveTimeRange(f: RangeFlags, at: { zone?: string | undefined; now: number }): TimeRange {
  const early = new Problems();
  for (const p of rangeFlagProblems(f, at.now)) early.add(p.field!, p.message);
  early.throwIfAny('invalid stats range');
  const zone = at.zone ?? 'UTC';
  const granularity = granularityOf(f) as Granularity;
  const named = f.range !== undefined ? resolveRangeName(f.range.toLowerCase() as RangeName, at.now, zone) : undefined;
  const from = named?.from ?? resolveDay(f.from!, at.now, zone);
  const to = named?.to ?? resolveDay(f.to!, at.now, zone);
  const start = (parseBound(from, zone, 'from') as Bound).ms;
  const end = (parseBound(to, zone, 'to') as Bound).ms;
  const today = formatDate(localDate(at.now, zone));
  const p = new Problems();
  if (end <= start) p.add('--from', `must be before --to (${iso(start)} is not before ${iso(end)})`);
  if (granularity === 'DAY')
    for (const [field, ms] of [
      ['--from', start],
      ['--to', end],
    ] as const)
      if (!isMidnight(ms, zone))
        p.add(field, `${iso(ms)} is not midnight in the account's time zone ${zone} (DAY needs whole days; give a date)`);
  if (p.ok && start >= at.now) {
    const where = at.zone
      ? ` in the account's zone ${zone} (its today is ${today}; the range starts ${iso(start)})`
      : ` (it is ${iso(at.now)} now)`;
    p.add(f.range ? '--range' : '--from', `${from} to ${to} has not begun${where}`);
  }
  p.throwIfAny('invalid stats range');
  return { start, end, granularity, zone, complete: end <= at.now, today };
}
