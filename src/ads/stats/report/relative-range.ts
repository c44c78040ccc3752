// Relative ranges of a report (pure): `today`, `yesterday` and `N-days-ago` for
// --from/--to, and named ranges for --range, resolved to calendar dates in the
// account's time zone — at 01:00 UTC a New York account's "yesterday" is two UTC
// dates back. Dates are computed on the account's calendar (Intl gives the local
// date of an instant), then turned into instants by the planner like any date
// given by hand, so daylight-saving days stay whole days.

/** The named ranges of --range; weeks start on Monday (ISO 8601). */
export const RANGE_NAMES = ['yesterday', 'last-7-days', 'last-30-days', 'this-week', 'last-week', 'this-month', 'last-month'] as const;
export type RangeName = (typeof RANGE_NAMES)[number];

/** A calendar date (month 1–12). */
export interface CalendarDate {
  y: number;
  m: number;
  d: number;
}

const RELATIVE_RE = /^(?:(today)|(yesterday)|(\d{1,4})-days?-ago)$/;
const DAY_MS = 86_400_000;

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant in `tz`. */
export function localDate(ms: number, tz: string): CalendarDate {
  let f = dayFormatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(tz, f);
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { y: p.year!, m: p.month!, d: p.day! };
}

/** `date` moved by `days` (negative: back), on the calendar (no time zone involved). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const t = new Date(Date.UTC(date.y, date.m - 1, date.d) + days * DAY_MS);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

export const formatDate = (c: CalendarDate): string =>
  `${String(c.y).padStart(4, '0')}-${String(c.m).padStart(2, '0')}-${String(c.d).padStart(2, '0')}`;

/** Whether the text is a relative day (`today`, `yesterday`, `N-days-ago`). */
export const isRelativeDay = (text: string): boolean => RELATIVE_RE.test(text.toLowerCase());

/** `today` → 0, `yesterday` → 1, `3-days-ago` → 3; undefined when not a relative day. */
export function daysAgo(text: string): number | undefined {
  const m = RELATIVE_RE.exec(text.toLowerCase());
  if (!m) return undefined;
  return m[1] ? 0 : m[2] ? 1 : Number(m[3]);
}

/** A relative day as the account's calendar date (YYYY-MM-DD), or the text as it is when it is not one. */
export function resolveDay(text: string, now: number, tz: string): string {
  const n = daysAgo(text);
  return n === undefined ? text : formatDate(addDays(localDate(now, tz), -n));
}

/** Monday = 0 … Sunday = 6. */
const weekday = (c: CalendarDate): number => (new Date(Date.UTC(c.y, c.m - 1, c.d)).getUTCDay() + 6) % 7;

/** A named range as the account's first and last dates (both inclusive). */
export function resolveRangeName(name: RangeName, now: number, tz: string): { from: string; to: string } {
  const today = localDate(now, tz);
  const yesterday = addDays(today, -1);
  const monday = addDays(today, -weekday(today));
  const span = (a: CalendarDate, b: CalendarDate) => ({ from: formatDate(a), to: formatDate(b) });
  switch (name) {
    case 'yesterday':
      return span(yesterday, yesterday);
    // The last N whole days: today, not yet over, is left out (as the Ads UI does).
    case 'last-7-days':
      return span(addDays(today, -7), yesterday);
    case 'last-30-days':
      return span(addDays(today, -30), yesterday);
    case 'this-week':
      return span(monday, today);
    case 'last-week':
      return span(addDays(monday, -7), addDays(monday, -1));
    case 'this-month':
      return span({ ...today, d: 1 }, today);
    case 'last-month': {
      const last = addDays({ ...today, d: 1 }, -1);
      return span({ ...last, d: 1 }, last);
    }
  }
}

/**
 * Where a range [start, end) stands against now: `past` when every day of it
 * is over, `partial` when it includes a day not yet over (its figures will
 * still grow), `future` when it has not begun.
 */
export function rangeTiming(start: number, end: number, now: number): 'past' | 'partial' | 'future' {
  if (start >= now) return 'future';
  return end > now ? 'partial' : 'past';
}
