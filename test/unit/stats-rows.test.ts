import { describe, expect, it } from 'vitest';
import { SeriesMerger, sumCells } from '../../src/ads/stats/merger.js';
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

function merged() {
  const m = new SeriesMerger(['a', 'b'], 'ALL_ON_TWITTER', [w0, w1], (w) => buckets[w]!.length);
  m.add(1, [{ id: 'b', id_data: [{ segment: null, metrics: { impressions: [5], engagements: null } }] }], 'w1');
  m.add(0, [{ id: 'a', id_data: [{ segment: null, metrics: { impressions: [10, 20], engagements: [1, null] } }] }], 'w0');
  m.add(0, [{ id: 'b', id_data: [{ segment: null, metrics: { impressions: [1, 2], engagements: [0, 0] } }] }], 'w0');
  m.add(1, [{ id: 'a', id_data: [{ segment: null, metrics: { impressions: null, engagements: [3] } }] }], 'w1');
  return m.done();
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
  it('refuses replies that do not fit the request', () => {
    const m = new SeriesMerger(['a'], 'ALL_ON_TWITTER', [w0], () => 2);
    expect(() => m.add(0, [{ id: 'z', id_data: [] }], 'w0')).toThrow(/not asked for/);
    expect(() => m.add(0, [{ id: 'a', id_data: [{ segment: null, metrics: { impressions: [1] } }] }], 'w0')).toThrow(/expected 2 values/);
    expect(() => m.add(0, [{ id: 'a', id_data: [{ segment: null, metrics: { impressions: [1, 'x'] } }] }], 'w0')).toThrow(
      /expected 2 values/,
    );
  });
  it('object metrics flatten to dotted columns and sum per key', () => {
    const m = new SeriesMerger(['a'], 'ALL_ON_TWITTER', [w0], () => 2);
    m.add(
      0,
      [
        {
          id: 'a',
          id_data: [
            {
              segment: { segment_name: 'AGE_18_TO_24', segment_value: 'AGE_18_TO_24' },
              metrics: { conversion_purchases: { metric: [1, 2], sale_amount: [null, 5] } },
            },
          ],
        },
      ],
      'w0',
    );
    const [s] = m.done();
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
