// The one time-range module of the analytics verbs (src/ads/stats/range/time-range.ts), driven directly with
// fixed clocks: days across a daylight-saving change in a named zone, last-week's boundaries on either side of
// a local midnight, a range longer than one request may cover (chunked by the planner from the resolved range),
// and bad values, each exit 6 naming its flag.
import { describe, expect, it } from 'vitest';
import { buckets } from '../../src/ads/stats/plan.js';
import { planQuery } from '../../src/ads/stats/planner.js';
import { iso } from '../../src/ads/stats/range/calendar.js';
import { needsZone, resolveTimeRange, type RangeFlags, type TimeRange } from '../../src/ads/stats/range/time-range.js';
import { InputError } from '../../src/errors/cli-error.js';

const at = (s: string) => Date.parse(s);
const H = 3_600_000;
const NY = 'America/New_York';
const span = (r: TimeRange) => [iso(r.start), iso(r.end)];

/** The InputError a call throws, or a failure when it throws none. */
function refused(f: RangeFlags, zone: string | undefined, now: number): InputError {
  try {
    resolveTimeRange(f, { zone, now });
  } catch (e) {
    expect(e).toBeInstanceOf(InputError);
    return e as InputError;
  }
  throw new Error(`${JSON.stringify(f)} was accepted`);
}

describe('days across a daylight-saving change, in the named zone', () => {
  it('yesterday is the 25-hour 1 November and the 23-hour 8 March in New York', () => {
    const fall = resolveTimeRange({ range: 'yesterday', granularity: 'DAY' }, { zone: NY, now: at('2026-11-02T12:00:00Z') });
    expect(span(fall)).toEqual(['2026-11-01T04:00:00Z', '2026-11-02T05:00:00Z']);
    expect((fall.end - fall.start) / H).toBe(25);
    const spring = resolveTimeRange({ range: 'yesterday', granularity: 'DAY' }, { zone: NY, now: at('2026-03-09T12:00:00Z') });
    expect(span(spring)).toEqual(['2026-03-08T05:00:00Z', '2026-03-09T04:00:00Z']);
    expect((spring.end - spring.start) / H).toBe(23);
    expect(spring).toMatchObject({ granularity: 'DAY', zone: NY, complete: true, today: '2026-03-09' });
  });

  it('dates given by hand and relative days land on the same midnights', () => {
    const now = at('2026-11-02T12:00:00Z');
    const byHand = resolveTimeRange({ from: '2026-10-31', to: '2026-11-01', granularity: 'DAY' }, { zone: NY, now });
    const relative = resolveTimeRange({ from: '2-days-ago', to: 'yesterday', granularity: 'DAY' }, { zone: NY, now });
    expect(span(relative)).toEqual(span(byHand));
    expect(span(byHand)).toEqual(['2026-10-31T04:00:00Z', '2026-11-02T05:00:00Z']);
  });

  it("Berlin's last week holding the 25-hour 25 October: 169 hours, seven DAY buckets", () => {
    // Monday 26 October 2026, 09:00 in Berlin.
    const r = resolveTimeRange({ range: 'last-week', granularity: 'DAY' }, { zone: 'Europe/Berlin', now: at('2026-10-26T08:00:00Z') });
    expect(span(r)).toEqual(['2026-10-18T22:00:00Z', '2026-10-25T23:00:00Z']);
    expect((r.end - r.start) / H).toBe(7 * 24 + 1);
    expect(buckets(r, 'DAY', r.zone).map((b) => (b.end - b.start) / H)).toEqual([24, 24, 24, 24, 24, 24, 25]);
  });
});

describe('last-week boundaries (weeks start on Monday, in the account zone)', () => {
  it('23:30 on Sunday is still the old week; 00:30 on Monday starts a new one', () => {
    const sunday = resolveTimeRange({ range: 'last-week', granularity: 'DAY' }, { zone: NY, now: at('2026-11-23T04:30:00Z') });
    expect(span(sunday)).toEqual(['2026-11-09T05:00:00Z', '2026-11-16T05:00:00Z']);
    expect(sunday.today).toBe('2026-11-22');
    const monday = resolveTimeRange({ range: 'last-week', granularity: 'DAY' }, { zone: NY, now: at('2026-11-23T05:30:00Z') });
    expect(span(monday)).toEqual(['2026-11-16T05:00:00Z', '2026-11-23T05:00:00Z']);
    expect(monday).toMatchObject({ today: '2026-11-23', complete: true });
  });

  it('across the year end: the week of 28 December to 3 January', () => {
    const r = resolveTimeRange({ range: 'last-week', granularity: 'DAY' }, { zone: NY, now: at('2027-01-04T05:30:00Z') });
    expect(span(r)).toEqual(['2026-12-28T05:00:00Z', '2027-01-04T05:00:00Z']);
  });
});

describe('a range longer than one request may cover is chunked from the resolved range', () => {
  const account = { id: '18ce54d4x5t', api: 'ads' as const };
  const plan = (range: TimeRange, mode: 'auto' | 'sync' | 'job', segment?: string) =>
    planQuery({
      account,
      entity: 'LINE_ITEM',
      groups: ['ENGAGEMENT'],
      mode,
      segment,
      range,
      idsByPlacement: [{ placement: 'ALL_ON_TWITTER', ids: ['l1'] }],
    });

  it('120 days of HOUR: jobs of 90 + 30 days (45-day pieces segmented), contiguous', () => {
    const r = resolveTimeRange(
      { from: '2026-01-01T00:00:00Z', to: '2026-05-01T00:00:00Z', granularity: 'HOUR' },
      { now: at('2026-11-28T01:00:00Z') },
    );
    expect(r).toMatchObject({ zone: 'UTC', granularity: 'HOUR' });
    const q = plan(r, 'auto');
    expect(q.mode).toBe('job');
    expect(q.plan.windows.map((w) => [iso(w.start), iso(w.end)])).toEqual([
      ['2026-01-01T00:00:00Z', '2026-04-01T00:00:00Z'],
      ['2026-04-01T00:00:00Z', '2026-05-01T00:00:00Z'],
    ]);
    expect(plan(r, 'auto', 'AGE').plan.windows.map((w) => (w.end - w.start) / (24 * H))).toEqual([45, 45, 30]);
  });

  it('last-30-days synchronous in New York: windows of at most 7 days on local midnights, 30 DAY buckets', () => {
    const r = resolveTimeRange({ range: 'last-30-days', granularity: 'DAY' }, { zone: NY, now: at('2026-11-28T01:00:00Z') });
    expect(span(r)).toEqual(['2026-10-28T04:00:00Z', '2026-11-27T05:00:00Z']);
    const q = plan(r, 'sync');
    const w = q.plan.windows;
    expect(w).toHaveLength(5);
    expect(w[0]!.start).toBe(r.start);
    expect(w.at(-1)!.end).toBe(r.end);
    for (let i = 1; i < w.length; i++) expect(w[i]!.start).toBe(w[i - 1]!.end);
    for (const x of w) expect(x.end - x.start).toBeLessThanOrEqual(7 * 24 * H);
    expect(q.plan.buckets.flat()).toHaveLength(30);
    expect(q).toMatchObject({ tz: NY, start: r.start, end: r.end, granularity: 'DAY', timing: { complete: true, today: '2026-11-27' } });
  });
});

describe('bad values: exit 6 naming the flag', () => {
  const now = at('2026-11-28T01:00:00Z');
  /** The problems as "flag: message"; `zone` null: no zone was read (ISO times only). */
  const fields = (f: RangeFlags, zone: string | null = NY) => {
    const e = refused(f, zone ?? undefined, now);
    expect(e.exitCode).toBe(6);
    return e.problems.map((p) => `${p.field}: ${p.message}`);
  };

  it('an unknown --range, or one given with --from', () => {
    expect(fields({ range: 'fortnight' })).toEqual([
      '--range: must be one of yesterday, last-7-days, last-30-days, this-week, last-week, this-month, last-month (got "fortnight")',
    ]);
    expect(fields({ range: 'yesterday', from: 'today' })).toEqual(['--range: names the whole range: give it without --from/--to']);
  });

  it('--from/--to missing, malformed, not a calendar date, off the hour, out of order', () => {
    expect(fields({}).map((m) => m.split(':')[0])).toEqual(['--from', '--to']);
    expect(fields({ from: 'next-tuesday', to: 'today' })).toEqual([
      '--from: must be a date (2026-11-01), today, yesterday, N-days-ago or an ISO 8601 time (2026-11-01T05:00:00Z), got "next-tuesday"',
    ]);
    expect(fields({ from: '2026-02-30', to: '2026-03-02' })).toEqual(['--from: 2026-02-30 is not a calendar date']);
    expect(fields({ from: '2026-06-01T00:30:00Z', to: '2026-06-02T00:00:00Z' })).toEqual([
      '--from: 2026-06-01T00:30:00Z is not on a whole hour (the API takes whole hours: minutes and seconds zero)',
    ]);
    expect(fields({ from: 'today', to: '3-days-ago' })).toEqual(['--from: today is not before 3-days-ago']);
  });

  it('an unknown --granularity; DAY off the account midnights; a range not begun', () => {
    expect(fields({ range: 'yesterday', granularity: 'WEEK' })).toEqual(['--granularity: must be one of DAY, HOUR, TOTAL']);
    expect(fields({ from: '2026-06-01T00:00:00Z', to: '2026-06-02T00:00:00Z', granularity: 'DAY' })).toEqual([
      "--from: 2026-06-01T00:00:00Z is not midnight in the account's time zone America/New_York (DAY needs whole days; give a date)",
      "--to: 2026-06-02T00:00:00Z is not midnight in the account's time zone America/New_York (DAY needs whole days; give a date)",
    ]);
    expect(fields({ from: '2026-11-28', to: '2026-11-29', granularity: 'DAY' })).toEqual([
      "--from: 2026-11-28 to 2026-11-29 has not begun in the account's zone America/New_York (its today is 2026-11-27; the range starts 2026-11-28T05:00:00Z)",
    ]);
    expect(fields({ from: '2026-12-01T00:00:00Z', to: '2026-12-02T00:00:00Z' }, null)).toEqual([
      '--from: 2026-12-01T00:00:00Z to 2026-12-02T00:00:00Z has not begun (it is 2026-11-28T01:00:00Z now)',
    ]);
    // The same week in Tokyo has begun (it is Saturday the 28th there): accepted, and not complete.
    expect(resolveTimeRange({ range: 'this-week', granularity: 'DAY' }, { zone: 'Asia/Tokyo', now })).toMatchObject({
      complete: false,
      today: '2026-11-28',
    });
  });
});

describe('the account zone is read only when it decides the range', () => {
  it('dates, relative days, named ranges and DAY need it; ISO times alone do not', () => {
    const t = { from: '2026-06-01T00:00:00Z', to: '2026-06-01T06:00:00Z' };
    expect(needsZone(t)).toBe(false);
    expect(needsZone({ ...t, granularity: 'HOUR' })).toBe(false);
    expect(needsZone({ ...t, granularity: 'day' })).toBe(true);
    expect(needsZone({ ...t, to: 'yesterday' })).toBe(true);
    expect(needsZone({ ...t, from: '2026-06-01' })).toBe(true);
    expect(needsZone({ range: 'last-week' })).toBe(true);
  });
});
