// Relative ranges in the account's zone: today/yesterday/N-days-ago and the
// named ranges, for zones behind and ahead of UTC, across daylight saving, and
// where a range stands against the clock.
import { describe, expect, it } from 'vitest';
import { addDays, localDate } from '../../src/ads/stats/range/calendar.js';
import { daysAgo, isRelativeDay, resolveDay, resolveRangeName } from '../../src/ads/stats/range/relative.js';
import { resolveTimeRange } from '../../src/ads/stats/range/time-range.js';

const at = (s: string) => Date.parse(s);

describe('relative days', () => {
  it('parses today, yesterday and N-days-ago, nothing else', () => {
    expect([daysAgo('today'), daysAgo('yesterday'), daysAgo('7-days-ago'), daysAgo('1-day-ago'), daysAgo('YESTERDAY')]).toEqual([
      0, 1, 7, 1, 1,
    ]);
    for (const bad of ['tomorrow', '-1-days-ago', 'days-ago', '2026-11-01', '3 days ago']) expect(daysAgo(bad)).toBeUndefined();
    expect(isRelativeDay('2026-11-01')).toBe(false);
    expect(resolveDay('2026-11-01', at('2026-11-28T01:00:00Z'), 'UTC')).toBe('2026-11-01');
  });

  it('at 01:00 UTC a zone behind UTC is still on the previous date; one ahead is already on this one', () => {
    const now = at('2026-11-28T01:00:00Z');
    expect(resolveDay('today', now, 'America/New_York')).toBe('2026-11-27');
    expect(resolveDay('yesterday', now, 'America/New_York')).toBe('2026-11-26');
    expect(resolveDay('yesterday', now, 'UTC')).toBe('2026-11-27');
    expect(resolveDay('yesterday', now, 'Asia/Tokyo')).toBe('2026-11-27');
    // At 23:00 UTC Tokyo is on the next date already.
    expect(resolveDay('today', at('2026-11-28T23:00:00Z'), 'Asia/Tokyo')).toBe('2026-11-29');
    expect(resolveDay('today', at('2026-11-28T23:00:00Z'), 'Pacific/Kiritimati')).toBe('2026-11-29');
    expect(resolveDay('today', at('2026-11-28T09:00:00Z'), 'Pacific/Pago_Pago')).toBe('2026-11-27');
  });

  it('across a daylight-saving change and month and year ends', () => {
    // 1 November 2026 is 25 hours long in New York: 04:30 UTC on the 2nd is 23:30 on the 1st there.
    expect(resolveDay('yesterday', at('2026-11-02T04:30:00Z'), 'America/New_York')).toBe('2026-10-31');
    expect(resolveDay('yesterday', at('2026-11-02T05:30:00Z'), 'America/New_York')).toBe('2026-11-01');
    expect(resolveDay('3-days-ago', at('2026-03-09T12:00:00Z'), 'America/New_York')).toBe('2026-03-06');
    expect(resolveDay('yesterday', at('2027-01-01T03:00:00Z'), 'UTC')).toBe('2026-12-31');
    expect(addDays({ y: 2028, m: 3, d: 1 }, -1)).toEqual({ y: 2028, m: 2, d: 29 });
    expect(localDate(at('2026-03-08T07:30:00Z'), 'America/New_York')).toEqual({ y: 2026, m: 3, d: 8 });
  });
});

describe('named ranges (weeks start on Monday)', () => {
  // Saturday 28 November 2026 in UTC and Tokyo; Friday 27 November evening in New York.
  const now = at('2026-11-28T01:00:00Z');
  it.each([
    ['yesterday', 'America/New_York', '2026-11-26', '2026-11-26'],
    ['yesterday', 'Asia/Tokyo', '2026-11-27', '2026-11-27'],
    ['last-7-days', 'America/New_York', '2026-11-20', '2026-11-26'],
    ['last-30-days', 'UTC', '2026-10-29', '2026-11-27'],
    ['this-week', 'America/New_York', '2026-11-23', '2026-11-27'],
    ['this-week', 'UTC', '2026-11-23', '2026-11-28'],
    ['last-week', 'America/New_York', '2026-11-16', '2026-11-22'],
    ['this-month', 'America/New_York', '2026-11-01', '2026-11-27'],
    ['last-month', 'America/New_York', '2026-10-01', '2026-10-31'],
  ] as const)('%s in %s: %s to %s', (name, tz, from, to) => {
    expect(resolveRangeName(name, now, tz)).toEqual({ from, to });
  });

  it('on a Monday, this-week is that day; on a Sunday, it began six days before; in January, last-month is December', () => {
    expect(resolveRangeName('this-week', at('2026-11-23T12:00:00Z'), 'UTC')).toEqual({ from: '2026-11-23', to: '2026-11-23' });
    expect(resolveRangeName('this-week', at('2026-11-29T12:00:00Z'), 'UTC')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(resolveRangeName('last-month', at('2027-01-10T12:00:00Z'), 'UTC')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(resolveRangeName('last-month', at('2028-03-01T12:00:00Z'), 'UTC')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});

describe('a range against the clock', () => {
  const now = at('2026-11-28T01:00:00Z');
  const range = (from: string, to: string) => resolveTimeRange({ from, to, granularity: 'DAY' }, { zone: 'America/New_York', now });
  it('past, partial (a day not yet over), future', () => {
    expect(range('2026-11-26', '2026-11-26')).toMatchObject({ complete: true, today: '2026-11-27' });
    expect(range('2026-11-26', '2026-11-27')).toMatchObject({ complete: false, today: '2026-11-27' });
    expect(() => range('2026-11-28', '2026-11-28')).toThrow(
      /has not begun in the account's zone America\/New_York \(its today is 2026-11-27/,
    );
  });
});
