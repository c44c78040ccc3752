import { describe, expect, it } from 'vitest';
import { Collector, sumCells, type Series } from '../../src/ads/stats/merger.js';
import type { PlannedRequest, Window } from '../../src/ads/stats/plan.js';
import type { StatsElement } from '../../src/ads/stats/api.js';
import { metricColumns, ratio, seriesJson, seriesRows } from '../../src/ads/stats/rows.js';

const H = 3_600_000;
const w0 = { start: 0, end: 2 * H };
const w1 = { start: 2 * H, end: 3 * H };
const buckets = [
  [
    { start: 0, end: H },
    { start: H, end: 2 * H },
  ],
  [{ start: 2 * H, end: 3 * H }],
];

const req = (index: number, window: Window, ids = ['a', 'b']): PlannedRequest => ({
  index,
  series: 0,
  ids,
  placement: 'ALL_ON_TWITTER',
  groups: ['ENGAGEMENT'],
  window,
});

/** A collector over the given windows' requests (one series group), and what it handed on. */
function collect(windows: Window[], bks: Window[][], ids = ['a', 'b']) {
  const out: Series[][] = [];
  const requests = windows.map((w, i) => req(i, w, ids));
  const c = new Collector({ requests, windows, buckets: bks }, (s) => out.push(s));
  return { c, out, requests };
}

function merged() {
  const { c, out, requests } = collect([w0, w1], buckets);
  const [r0, r1] = requests as [PlannedRequest, PlannedRequest];
  c.add(r1, [
    { id: 'b', id_data: [{ segment: null, metrics: { impressions: [5], engagements: null } }] },
    { id: 'a', id_data: [{ segment: null, metrics: { impressions: null, engagements: [3] } }] },
  ]);
  c.add(r0, [
    { id: 'a', id_data: [{ segment: null, metrics: { impressions: [10, 20], engagements: [1, null] } }] },
    { id: 'b', id_data: [{ segment: null, metrics: { impressions: [1, 2], engagements: [0, 0] } }] },
  ]);
  expect(c.finished).toBe(true);
  return out.flat();
}

describe('merging replies', () => {
  it('orders series as the ids were asked; windows side by side; null stays null', () => {
    const s = merged();
    expect(s.map((x) => x.id)).toEqual(['a', 'b']);
    const rows = seriesRows(s[0]!, { columns: ['engagements', 'impressions'], derived: true, totals: true, buckets, total: false });
    expect(rows.map((r) => [r.start, r.impressions, r.engagements, r.engagement_rate])).toEqual([
      ['1970-01-01T00:00:00Z', 10, 1, '0.100000'],
      ['1970-01-01T01:00:00Z', 20, null, null],
      ['1970-01-01T02:00:00Z', null, 3, null],
      ['1970-01-01T00:00:00Z', 30, 4, '0.133333'],
    ]);
    expect(rows[3]!.end).toBe('1970-01-01T03:00:00Z');
  });
  it('TOTAL over several windows is one summed bucket; -o json keeps the API shape', () => {
    const s = merged();
    const rows = seriesRows(s[1]!, { columns: ['impressions'], derived: false, totals: false, buckets, total: true });
    expect(rows).toEqual([
      {
        entity_id: 'b',
        placement: 'ALL_ON_TWITTER',
        segment: null,
        start: '1970-01-01T00:00:00Z',
        end: '1970-01-01T03:00:00Z',
        impressions: 8,
      },
    ]);
    const json = seriesJson(s, { columns: ['impressions'], derived: false, totals: false, buckets, total: false });
    expect(json[0]).toEqual({
      id: 'a',
      placement: 'ALL_ON_TWITTER',
      id_data: [
        {
          segment: null,
          start_times: ['1970-01-01T00:00:00Z', '1970-01-01T01:00:00Z', '1970-01-01T02:00:00Z'],
          metrics: { impressions: [10, 20, null], engagements: [1, null, 3] },
        },
      ],
    });
  });
  it('refuses replies that do not fit the request, naming the request, entity, metric and bucket', () => {
    const one = (els: StatsElement[], ids = ['a']) => {
      const { c, requests } = collect([w0], [buckets[0]!], ids);
      return () => c.add(requests[0]!, els, 'job 42');
    };
    const el = (metrics: Record<string, unknown>, id = 'a') => ({ id, id_data: [{ segment: null, metrics }] }) as StatsElement;
    expect(one([{ id: 'z', id_data: [] }])).toThrow(/job 42: .*not asked for \("z"\)/);
    expect(one([el({ impressions: [1] })])).toThrow(/job 42: entity a, metric impressions: expected 2 values/);
    expect(one([el({ impressions: [1, 'x'] })])).toThrow(/entity a, metric impressions, bucket 2 of 2: "x" is not a count/);
    expect(one([el({ impressions: [-1, 0] })])).toThrow(/bucket 1 of 2: -1 is not a count/);
    expect(one([el({ impressions: [1.5, 0] })])).toThrow(/bucket 1 of 2: 1.5 is not a count/);
    expect(one([el({ impressions: [1e308, 0] })])).toThrow(/bucket 1 of 2: 1e\+308 is not a count/);
    expect(one([el({ conversion_purchases: { metric: [0, -3] } })])).toThrow(/metric conversion_purchases.metric, bucket 2 of 2/);
    expect(one([el({ impressions: [1, 2] }), el({ impressions: [1, 2] })])).toThrow(/job 42: the reply holds entity a more than once/);
    expect(one([el({ impressions: [1, 2] })], ['a', 'b', 'c'])).toThrow(/job 42: the reply is missing 2 asked ids: b, c/);
    expect(one([el({ impressions: [1, null] })])).not.toThrow();
  });
  it('object metrics flatten to dotted columns and sum per key', () => {
    const { c, out, requests } = collect([w0], [buckets[0]!], ['a']);
    c.add(requests[0]!, [
      {
        id: 'a',
        id_data: [
          {
            segment: { segment_name: 'AGE_18_TO_24', segment_value: 'AGE_18_TO_24' },
            metrics: { conversion_purchases: { metric: [1, 2], sale_amount: [null, 5] } },
          },
        ],
      },
    ]);
    const [s] = out.flat();
    expect(s!.segment).toBe('AGE_18_TO_24');
    const cols = metricColumns('LINE_ITEM', ['WEB_CONVERSION']).filter((c) => c.startsWith('conversion_purchases.'));
    expect(cols).toEqual(['conversion_purchases.metric', 'conversion_purchases.order_quantity', 'conversion_purchases.sale_amount']);
    const rows = seriesRows(s!, { columns: cols, derived: false, totals: false, buckets: [buckets[0]!], total: true });
    expect(rows[0]).toMatchObject({
      'conversion_purchases.metric': 3,
      'conversion_purchases.order_quantity': null,
      'conversion_purchases.sale_amount': 5,
    });
    expect(sumCells([null, null])).toBeNull();
    const json = seriesJson([s!], { columns: cols, derived: false, totals: false, buckets: [buckets[0]!], total: false });
    expect((json[0]!.id_data as Array<{ metrics: unknown }>)[0]!.metrics).toEqual({
      conversion_purchases: { metric: [1, 2], sale_amount: [null, 5] },
    });
  });
});

describe('derived metrics are exact', () => {
  it('rounds half up at 6 decimals from integers; no value for a zero or missing denominator', () => {
    expect(ratio(1, 3)).toBe('0.333333');
    expect(ratio(2, 3)).toBe('0.666667');
    expect(ratio(1, 8)).toBe('0.125000');
    expect(ratio(1_500_000, 1000, 1000n)).toBe('1.500000');
    expect(ratio(5, 0)).toBeNull();
    expect(ratio(null, 4)).toBeNull();
    expect(ratio(9_007_199_254_740_991, 3)).toBe('3002399751580330.333333');
  });
  it('account-level engagement has the six metrics the reference allows there', () => {
    expect(metricColumns('ACCOUNT', ['ENGAGEMENT'])).toEqual(['engagements', 'impressions', 'retweets', 'replies', 'likes', 'follows']);
  });
});
