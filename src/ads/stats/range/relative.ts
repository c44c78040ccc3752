// Relative days and named ranges (pure): `today`, `yesterday` and `N-days-ago`
// for --from/--to, and the names of --range, as calendar dates in the
// account's time zone — at 01:00 UTC a New York account's "yesterday" is two
// UTC dates back. Only time-range.ts reads these: the dates it gets back are
// parsed there like dates given by hand, so daylight-saving days stay whole.
import { addDays, formatDate, localDate, type CalendarDate } from './calendar.js';

/** The named ranges of --range; weeks start on Monday (ISO 8601). */
export const RANGE_NAMES = ['yesterday', 'last-7-days', 'last-30-days', 'this-week', 'last-week', 'this-month', 'last-month'] as const;
export type RangeName = (typeof RANGE_NAMES)[number];

const RELATIVE_RE = /^(?:(today)|(yesterday)|(\d{1,4})-days?-ago)$/;

export const isRangeName = (text: string): text is RangeName => (RANGE_NAMES as readonly string[]).includes(text);

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
