// The account's calendar (pure): the local date of an instant, the instant of
// a local midnight, and days counted on the calendar. Time zones through Intl
// only: every UTC instant's wall time comes from Intl.DateTimeFormat, so
// daylight-saving days are 23 or 25 hours long and stay one day.

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A calendar date (month 1–12). */
export interface CalendarDate {
  y: number;
  m: number;
  d: number;
}

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
function localParts(ms: number, tz: string): CalendarDate & { h: number; min: number; s: number } {
  const p: Record<string, number> = {};
  for (const part of formatter(tz).formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { y: p.year!, m: p.month!, d: p.day!, h: p.hour!, min: p.minute!, s: p.second! };
}

/** The calendar date of an instant in `tz`. */
export function localDate(ms: number, tz: string): CalendarDate {
  const { y, m, d } = localParts(ms, tz);
  return { y, m, d };
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
export function nextMidnight(ms: number, tz: string): number {
  const next = addDays(localDate(ms, tz), 1);
  return localMidnight(next.y, next.m, next.d, tz);
}

/** Whether `ms` is local midnight (the start of a day) in `tz`. */
export function isMidnight(ms: number, tz: string): boolean {
  const l = localDate(ms, tz);
  return localMidnight(l.y, l.m, l.d, tz) === ms;
}

/** Local midnights from start to end, both included (start and end must be midnights). */
export function dayBoundaries(start: number, end: number, tz: string): number[] {
  const out = [start];
  while (out[out.length - 1]! < end) out.push(nextMidnight(out[out.length - 1]!, tz));
  return out;
}

/** `date` moved by `days` (negative: back), on the calendar (no time zone involved). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const t = new Date(Date.UTC(date.y, date.m - 1, date.d) + days * DAY_MS);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

export const formatDate = (c: CalendarDate): string =>
  `${String(c.y).padStart(4, '0')}-${String(c.m).padStart(2, '0')}-${String(c.d).padStart(2, '0')}`;

/** An instant as the API writes it: UTC, whole seconds. */
export const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
