import { describe, expect, it } from 'vitest';
import { buckets, chooseMode, chunk, groupSets, planRequests, splitWindows } from '../../src/ads/stats/plan.js';
import { dayBoundaries, iso, isMidnight, localMidnight } from '../../src/ads/stats/range/calendar.js';
import { parseBound, resolveTimeRange } from '../../src/ads/stats/range/time-range.js';
import { InputError } from '../../src/errors/cli-error.js';
import { statsSelectionProblems } from '../../src/validate/ads-stats.js';

const H = 3_600_000;
const ms = (s: string) => Date.parse(s);

describe('local midnight', () => {
  it('New York: EST and EDT offsets, spring-forward and fall-back days', () => {
    expect(iso(localMidnight(2026, 1, 15, 'America/New_York'))).toBe('2026-01-15T05:00:00Z');
    expect(iso(localMidnight(2026, 7, 1, 'America/New_York'))).toBe('2026-07-01T04:00:00Z');
    // 2026-03-08: clocks jump 02:00 → 03:00, the day has 23 hours.
    const m8 = localMidnight(2026, 3, 8, 'America/New_York');
    const m9 = localMidnight(2026, 3, 9, 'America/New_York');
    expect(iso(m8)).toBe('2026-03-08T05:00:00Z');
    expect(iso(m9)).toBe('2026-03-09T04:00:00Z');
    expect((m9 - m8) / H).toBe(23);
    // 2026-11-01: clocks fall back 02:00 → 01:00, the day has 25 hours.
    const n1 = localMidnight(2026, 11, 1, 'America/New_York');
    const n2 = localMidnight(2026, 11, 2, 'America/New_York');
    expect(iso(n1)).toBe('2026-11-01T04:00:00Z');
    expect(iso(n2)).toBe('2026-11-02T05:00:00Z');
    expect((n2 - n1) / H).toBe(25);
  });

  it('Berlin: 2026-03-29 has 23 hours and 2026-10-25 has 25', () => {
    const a = localMidnight(2026, 3, 29, 'Europe/Berlin');
    expect(iso(a)).toBe('2026-03-28T23:00:00Z');
    expect((localMidnight(2026, 3, 30, 'Europe/Berlin') - a) / H).toBe(23);
    const b = localMidnight(2026, 10, 25, 'Europe/Berlin');
    expect(iso(b)).toBe('2026-10-24T22:00:00Z');
    expect((localMidnight(2026, 10, 26, 'Europe/Berlin') - b) / H).toBe(25);
  });

  it('zones without daylight saving and a zone where midnight was skipped', () => {
    expect(iso(localMidnight(2026, 5, 21, 'Asia/Tokyo'))).toBe('2026-05-20T15:00:00Z');
    expect(iso(localMidnight(2026, 5, 21, 'UTC'))).toBe('2026-05-21T00:00:00Z');
    // Santiago 2022-09-11: 00:00 → 01:00, the day starts at 01:00 local (04:00Z).
    expect(iso(localMidnight(2022, 9, 11, 'America/Santiago'))).toBe('2022-09-11T04:00:00Z');
  });
});

describe('bounds', () => {
  it('--to as a date is inclusive: it ends at the next local midnight', () => {
    expect(parseBound('2026-11-01', 'America/New_York', 'from')).toEqual({ ms: ms('2026-11-01T04:00:00Z'), kind: 'date' });
    expect(parseBound('2026-11-01', 'America/New_York', 'to')).toEqual({ ms: ms('2026-11-02T05:00:00Z'), kind: 'date' });
  });
  it('times must be whole hours; an offset is honoured; exclusive end kept as given', () => {
    expect(parseBound('2026-11-01T05:00:00Z', 'UTC', 'to')).toEqual({ ms: ms('2026-11-01T05:00:00Z'), kind: 'time' });
    expect(parseBound('2026-11-01T00:00:00-0500', 'UTC', 'from')).toEqual({ ms: ms('2026-11-01T05:00:00Z'), kind: 'time' });
    expect(parseBound('2026-11-01T05:30:00Z', 'UTC', 'from')).toMatch(/whole hour/);
    expect(parseBound('2026-11-01T00:00:00+05:30', 'UTC', 'from')).toMatch(/whole hour/);
    expect(parseBound('2026-02-30', 'UTC', 'from')).toMatch(/calendar date/);
    expect(parseBound('yesterday', 'UTC', 'from')).toMatch(/must be a date/);
  });
  it('range problems: order and DAY alignment to midnight in the account zone', () => {
    const tz = 'America/New_York';
    const now = ms('2027-01-01T00:00:00Z');
    const fields = (from: string, to: string, granularity: string) => {
      try {
        resolveTimeRange({ from, to, granularity }, { zone: tz, now });
        return [];
      } catch (e) {
        expect(e).toBeInstanceOf(InputError);
        return (e as InputError).problems.map((p) => p.field);
      }
    };
    // Out of order only once the offset is applied (an ISO time against a date).
    expect(fields('2026-11-02T05:00:00Z', '2026-11-01', 'HOUR')).toEqual(['--from']);
    expect(fields('2026-11-01T00:00:00Z', '2026-11-02T00:00:00Z', 'DAY')).toEqual(['--from', '--to']);
    expect(fields('2026-11-01T04:00:00Z', '2026-11-02T05:00:00Z', 'DAY')).toEqual([]);
    expect(isMidnight(ms('2026-11-01T04:00:00Z'), tz)).toBe(true);
    expect(isMidnight(ms('2026-11-01T05:00:00Z'), tz)).toBe(false);
  });
});

describe('windows and buckets', () => {
  it('30 days DAY sync: 5 windows, every one ≤ 7 days and midnight-aligned, contiguous', () => {
    const tz = 'America/New_York';
    const start = localMidnight(2026, 10, 10, tz);
    const end = localMidnight(2026, 11, 9, tz);
    const w = splitWindows(start, end, 7, 'DAY', tz);
    expect(w[0]!.start).toBe(start);
    expect(w[w.length - 1]!.end).toBe(end);
    for (let i = 0; i < w.length; i++) {
      expect(w[i]!.end - w[i]!.start).toBeLessThanOrEqual(7 * 24 * H);
      expect(isMidnight(w[i]!.start, tz) && isMidnight(w[i]!.end, tz)).toBe(true);
      if (i) expect(w[i]!.start).toBe(w[i - 1]!.end);
    }
    // The week holding the 25-hour 1 November is cut to 6 days.
    const fallWeek = w.find((x) => x.start <= ms('2026-11-01T04:00:00Z') && x.end > ms('2026-11-01T04:00:00Z'))!;
    expect((fallWeek.end - fallWeek.start) / H).toBe(6 * 24 + 1);
    const days = w.flatMap((x) => buckets(x, 'DAY', tz));
    expect(days).toHaveLength(30);
    expect(days.map((d) => (d.end - d.start) / H).filter((h) => h !== 24)).toEqual([25]);
  });
  it('Berlin spring week: 23-hour day is one bucket, 7 days fit', () => {
    const tz = 'Europe/Berlin';
    const start = localMidnight(2026, 3, 26, tz);
    const end = localMidnight(2026, 4, 2, tz);
    const w = splitWindows(start, end, 7, 'DAY', tz);
    expect(w).toEqual([{ start, end }]);
    expect(buckets(w[0]!, 'DAY', tz).map((b) => (b.end - b.start) / H)).toEqual([24, 24, 24, 23, 24, 24, 24]);
    expect(dayBoundaries(start, end, tz)).toHaveLength(8);
  });
  it('HOUR 90 days as jobs: one window; segmented: 45 days each', () => {
    const start = ms('2026-01-01T00:00:00Z');
    const end = start + 90 * 24 * H;
    expect(splitWindows(start, end, 90, 'HOUR', 'UTC')).toHaveLength(1);
    expect(splitWindows(start, end, 45, 'HOUR', 'UTC')).toEqual([
      { start, end: start + 45 * 24 * H },
      { start: start + 45 * 24 * H, end },
    ]);
    expect(splitWindows(start, start + 5 * H, 7, 'HOUR', 'UTC')[0]!.end).toBe(start + 5 * H);
    expect(buckets({ start, end: start + 3 * H }, 'HOUR', 'UTC')).toHaveLength(3);
    expect(buckets({ start, end: start + 3 * H }, 'TOTAL', 'UTC')).toHaveLength(1);
  });
  it('auto mode: sync when one week fits and nothing is segmented', () => {
    const s = ms('2026-01-01T00:00:00Z');
    expect(chooseMode('auto', s, s + 7 * 24 * H, 'HOUR', 'UTC', false)).toBe('sync');
    expect(chooseMode('auto', s, s + 8 * 24 * H, 'HOUR', 'UTC', false)).toBe('job');
    expect(chooseMode('auto', s, s + 24 * H, 'HOUR', 'UTC', true)).toBe('job');
    expect(chooseMode('sync', s, s + 30 * 24 * H, 'HOUR', 'UTC', false)).toBe('sync');
  });
});

describe('requests', () => {
  it('ids in chunks of at most 20; placements × group sets × windows', () => {
    const ids = Array.from({ length: 45 }, (_, i) => `id${i}`);
    expect(chunk(ids, 20).map((c) => c.length)).toEqual([20, 20, 5]);
    const w = [
      { start: 0, end: H },
      { start: H, end: 2 * H },
    ];
    const reqs = planRequests({
      ids,
      placements: ['ALL_ON_TWITTER', 'TREND'],
      groupSets: [['ENGAGEMENT'], ['MOBILE_CONVERSION']],
      windows: w,
    });
    expect(reqs).toHaveLength(3 * 2 * 2 * 2);
    expect(reqs.every((r) => r.ids.length <= 20)).toBe(true);
    expect(new Set(reqs.map((r) => r.series)).size).toBe(6);
    expect(reqs.map((r) => r.index)).toEqual(reqs.map((_, i) => i));
  });
  it('MOBILE_CONVERSION is requested apart', () => {
    expect(groupSets(['ENGAGEMENT', 'MOBILE_CONVERSION', 'BILLING'], ['MOBILE_CONVERSION'])).toEqual([
      ['ENGAGEMENT', 'BILLING'],
      ['MOBILE_CONVERSION'],
    ]);
    expect(groupSets(['MOBILE_CONVERSION'], ['MOBILE_CONVERSION'])).toEqual([['MOBILE_CONVERSION']]);
  });
});

describe('selection rules', () => {
  const base = {
    entity: 'LINE_ITEM',
    ids: ['8u94t'],
    active: false,
    metricGroups: ['ENGAGEMENT'],
    placement: 'ALL_ON_TWITTER',
    mode: 'auto',
  };
  const fields = (o: object) => statsSelectionProblems({ ...base, ...o }).map((p) => `${p.field}: ${p.message}`);
  it('accepts a valid selection and the neutral spellings', () => {
    expect(fields({})).toEqual([]);
    expect(fields({ entity: 'PROMOTED_POST', placement: 'ALL_ON_SERVICE' })).toEqual([]);
    expect(fields({ placement: 'all' })).toEqual([]);
  });
  it('names each broken rule', () => {
    expect(fields({ metricGroups: ['NOPE'] })).toEqual([
      '--metric-groups: unknown metric group "NOPE" (ENGAGEMENT, BILLING, VIDEO, WEB_CONVERSION, MOBILE_CONVERSION, LIFE_TIME_VALUE_MOBILE_CONVERSION)',
    ]);
    expect(fields({ entity: 'ACCOUNT', metricGroups: ['BILLING'] })[0]).toMatch(/--metric-groups: BILLING is not available for ACCOUNT/);
    expect(fields({ segment: 'AGE', mode: 'sync' })[0]).toMatch(/--segment: .*only through jobs/);
    expect(fields({ segment: 'METROS' })).toEqual(['--country: --segment METROS requires --country (e.g. 96683cc9126741d1 for US)']);
    expect(fields({ segment: 'CONVERSION_TAGS' })[0]).toMatch(/only with --metric-groups WEB_CONVERSION/);
    expect(fields({ ids: [] })).toEqual(['entity_ids: no entity ids given (arguments, --ids, --file or --active)']);
    expect(fields({ placement: 'X' })[0]).toMatch(/--placement/);
    expect(fields({ entity: undefined })[0]).toMatch(/--entity: is required/);
  });
});
