// Report rows (pure): money from micros exactly, totals whose derived metrics
// are computed again from summed parts, rows shaped for people, the HTML page
// and the terminal chart.
import { describe, expect, it } from 'vitest';
import { currencyDigits, microsRounded, microsToUnits, roundDecimal, unitsName } from '../../src/ads/stats/report/money.js';
import { bucketLabel, shapeRow } from '../../src/ads/stats/report/shape.js';
import { sumRows, TotalsCollector } from '../../src/ads/stats/report/totals.js';
import { clientFigures } from '../../src/ads/stats/report/client.js';
import { niceTicks } from '../../src/output/html-chart.js';
import { escapeHtml, renderHtmlReport } from '../../src/output/html-report.js';
import { textChart } from '../../src/output/text-chart.js';

describe('money', () => {
  it('micros / 1e6 exactly, at least two decimals, never floating point', () => {
    expect(microsToUnits(7_029_000)).toBe('7.029');
    expect(microsToUnits(7_000_000)).toBe('7.00');
    expect(microsToUnits(1)).toBe('0.000001');
    expect(microsToUnits(0)).toBe('0.00');
    expect(microsToUnits(-2_500_000)).toBe('-2.50');
    // 2^53 - 1 micros: a float division would round it.
    expect(microsToUnits(9_007_199_254_740_991)).toBe('9007199254.740991');
    // Derived cost-per figures are decimal strings of micros.
    expect(microsToUnits('1234567.891234')).toBe('1.234567891234');
    expect(microsToUnits(null)).toBeNull();
    expect(microsToUnits(1.5)).toBeNull();
    expect(unitsName('billed_charge_local_micro')).toBe('spend');
    expect(unitsName('cost_per_engagement_micro')).toBe('cost_per_engagement');
  });
  it("money with the currency's decimals, rounded half away from zero on the digits", () => {
    expect([currencyDigits('USD'), currencyDigits('JPY'), currencyDigits('KWD'), currencyDigits(''), currencyDigits('usd')]).toEqual([
      2,
      0,
      3,
      undefined,
      undefined,
    ]);
    expect(roundDecimal('7.029', 2)).toBe('7.03');
    expect(roundDecimal('7.024999', 2)).toBe('7.02');
    expect(roundDecimal('0.005', 2)).toBe('0.01');
    expect(roundDecimal('-2.505', 2)).toBe('-2.51');
    expect(roundDecimal('-0.001', 2)).toBe('0.00');
    expect(roundDecimal('9007199254.740991', 2)).toBe('9007199254.74');
    expect(roundDecimal('1234.5', 0)).toBe('1235');
    expect(roundDecimal('7', 2)).toBe('7.00');
  });
  it('shaped rows show spend with the currency decimals (table, CSV); JSON keeps the exact units', () => {
    const base = { tz: 'UTC', granularity: 'DAY', metrics: ['billed_charge_local_micro'], currency: 'USD' };
    const r = { entity_id: 'a', date: 'total', billed_charge_local_micro: 7_029_000 };
    expect(shapeRow(r, { ...base, money: 'units' }).spend).toBe('7.03');
    expect(shapeRow(r, { ...base, money: 'both' }).spend).toBe('7.029');
    expect(shapeRow(r, { ...base, money: 'units', currency: 'JPY' }).spend).toBe('7');
  });
});

describe('money rounded from micros', () => {
  it('the integer path agrees with microsToUnits then roundDecimal, digit for digit', () => {
    const edges = [0, 1, 4_999, 5_000, 5_001, 9_999, 10_000, 994_999, 995_000, 999_999, 1_000_000, 12_345_678, Number.MAX_SAFE_INTEGER];
    let x = 1;
    const random = Array.from({ length: 2000 }, () => (x = (x * 48_271) % 2_147_483_647) * (x % 7 === 0 ? 4_194_304 : 1));
    for (const v of [...edges, ...random])
      for (const d of [0, 2, 3, 6]) expect(microsRounded(v, d), `${v} at ${d}`).toBe(roundDecimal(microsToUnits(v)!, d));
    expect(microsRounded(null, 2)).toBeNull();
    expect(microsRounded('1234.5', 2)).toBe(roundDecimal(microsToUnits('1234.5')!, 2));
    expect(microsRounded(-2_505_000, 2)).toBe('-2.51');
  });
});

describe('totals', () => {
  const metrics = ['impressions', 'engagements', 'billed_charge_local_micro'];
  const row = (id: string, start: string, impressions: number | null, engagements: number, spend: number) => ({
    entity_id: id,
    placement: 'ALL_ON_TWITTER',
    segment: null,
    start,
    end: start,
    impressions,
    engagements,
    billed_charge_local_micro: spend,
  });
  it('sums counts and micros; CPM and rates come from the sums, not a sum of rates', () => {
    const s = sumRows([row('a', 'x', 1000, 10, 5_000_000), row('a', 'y', 3000, 90, 1_000_000)], metrics, true);
    expect(s).toMatchObject({ impressions: 4000, engagements: 100, billed_charge_local_micro: 6_000_000 });
    // 6,000,000 micros over 4,000 impressions: 1.5 per thousand (the two days' CPMs 5 and 0.333… sum to 5.33).
    expect(s.cpm).toBe('1.500000');
    expect(s.engagement_rate).toBe('0.025000');
    expect(s.cost_per_engagement_micro).toBe('60000.000000');
    expect(sumRows([row('a', 'x', null, 1, 1)], metrics, false).impressions).toBeNull();
  });
  it('a total row per series and an all row per placement × segment', () => {
    const t = new TotalsCollector(metrics, false);
    const a = t.seriesTotal([row('a', '2026-11-01T04:00:00Z', 10, 1, 100), row('a', '2026-11-02T04:00:00Z', 20, 2, 200)])!;
    const b = t.seriesTotal([row('b', '2026-11-01T04:00:00Z', 5, 5, 5)])!;
    expect(a).toMatchObject({ entity_id: 'a', date: 'total', impressions: 30, billed_charge_local_micro: 300 });
    expect(b).toMatchObject({ entity_id: 'b', date: 'total', impressions: 5 });
    const all = t.all();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ entity_id: 'all', date: 'total', impressions: 35, engagements: 8, billed_charge_local_micro: 305 });
    expect(all[0]!.start).toBe('2026-11-01T04:00:00Z');
  });
  it('sums past 2^53 exactly (BigInt): the digits, not a rounded float', () => {
    const big = Number.MAX_SAFE_INTEGER; // 9007199254740991
    const s = sumRows([row('a', 'x', 1, 1, big), row('a', 'y', 1, 1, 2)], metrics, true);
    expect(s.billed_charge_local_micro).toBe('9007199254740993');
    expect(s.cost_per_engagement_micro).toBe('4503599627370496.500000');
  });
  it('over several placements: a total per entity and one for the account across them, labelled all placements', () => {
    const t = new TotalsCollector(metrics, false, true);
    t.seriesTotal([row('a', '2026-11-01T04:00:00Z', 10, 1, 100)]);
    t.seriesTotal([{ ...row('a', '2026-11-01T04:00:00Z', 7, 1, 11), placement: 'SPOTLIGHT' }]);
    t.seriesTotal([row('b', '2026-11-01T04:00:00Z', 5, 5, 5)]);
    const all = t.all();
    expect(all.map((r) => [r.entity_id, r.placement, r.billed_charge_local_micro])).toEqual([
      ['all', 'ALL_ON_TWITTER', 105],
      ['all', 'SPOTLIGHT', 11],
      ['a', 'all placements', 111],
      ['b', 'all placements', 5],
      ['all', 'all placements', 116],
    ]);
    // One placement asked: no all-placements rows.
    const one = new TotalsCollector(metrics, false);
    one.seriesTotal([row('a', '2026-11-01T04:00:00Z', 10, 1, 100)]);
    expect(one.all().map((r) => r.placement)).toEqual(['ALL_ON_TWITTER']);
  });
});

describe('shaped rows', () => {
  it('dates in the account zone; name; spend in units; metrics before placement and times', () => {
    const r = shapeRow(
      {
        entity_id: 'a',
        placement: 'ALL_ON_TWITTER',
        segment: null,
        start: '2026-11-26T05:00:00Z',
        end: '2026-11-27T05:00:00Z',
        impressions: 5,
        billed_charge_local_micro: 7_029_000,
      },
      {
        tz: 'America/New_York',
        granularity: 'DAY',
        metrics: ['impressions', 'billed_charge_local_micro'],
        names: new Map([['a', 'Spring sale']]),
        money: 'units',
        currency: 'EUR',
      },
    );
    expect(Object.keys(r)).toEqual([
      'entity_id',
      'name',
      'date',
      'impressions',
      'spend',
      'currency',
      'placement',
      'segment',
      'start',
      'end',
    ]);
    expect(r).toMatchObject({ name: 'Spring sale', date: '2026-11-26', spend: '7.03', currency: 'EUR' });
    expect(bucketLabel('2026-11-26T05:00:00Z', '2026-11-26T06:00:00Z', 'HOUR', 'America/New_York')).toBe('2026-11-26 00:00');
    expect(bucketLabel('2026-03-06T15:00:00Z', '2026-03-08T15:00:00Z', 'TOTAL', 'Asia/Tokyo')).toBe('2026-03-07..2026-03-08');
  });
});

describe('the HTML page', () => {
  const rows = [
    {
      entity_id: 'a',
      start: '2026-11-01T00:00:00Z',
      end: '2026-11-02T00:00:00Z',
      impressions: 1000,
      engagements: 10,
      billed_charge_local_micro: 2_500_000,
    },
    {
      entity_id: 'a',
      start: '2026-11-02T00:00:00Z',
      end: '2026-11-03T00:00:00Z',
      impressions: 3000,
      engagements: 30,
      billed_charge_local_micro: 1_500_000,
    },
  ];
  const metrics = ['impressions', 'engagements', 'billed_charge_local_micro'];
  const figures = clientFigures({
    rows,
    previous: [{ ...rows[0]!, billed_charge_local_micro: 2_000_000 }],
    metrics,
    label: (r) => String(r.start).slice(0, 10),
    names: new Map([['a', '<script>alert(1)</script>\u202e\u001b[2J']]),
    facts: new Map([['a', { status: 'ACTIVE', dailyBudgetMicros: 4_000_000 }]]),
    days: 2,
  });
  const page = renderHtmlReport({
    title: 'Ads report <x>',
    locale: 'de-DE',
    sections: [
      {
        account: 'acc',
        accountName: 'Acme',
        tz: 'UTC',
        currency: 'USD',
        period: '2026-11-01 to 2026-11-02',
        previous: 'x',
        figures,
        entityLabel: 'Campaigns',
        per: 'day',
      },
    ],
  });
  it('is self-contained: no script, nothing fetched, every text escaped', () => {
    expect(page).not.toMatch(/<script|<img|<link|https?:\/\/|url\(/i);
    expect(page).toContain("default-src 'none'");
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;\uFFFD\uFFFD[2J');
    expect(page).toContain('<svg class="chart"');
    expect(page).toContain('<title>Ads report &lt;x&gt;</title>');
    expect(escapeHtml(`"'&`)).toBe('&quot;&#39;&amp;');
  });
  it('KPIs from the sums with their change; pacing against daily budget × days; numbers in the locale', () => {
    const k = Object.fromEntries(figures.kpis.map((x) => [x.key, x]));
    expect(k.spend).toMatchObject({ value: 4_000_000, previous: 2_000_000, change: 1 });
    expect(k.engagement_rate!.value).toBe(0.01);
    expect(k.cpe!.value).toBe(100_000);
    expect(figures.entities[0]!.pacing).toEqual({ daily: 0.5 });
    // German: 4,00 $ (comma decimals), 4.000 impressions (dot thousands).
    expect(page).toMatch(/4,00\s\$/);
    expect(page).toContain('4.000');
  });
  it('nice ticks: round steps up to at least the peak', () => {
    expect(niceTicks(7579)).toEqual([0, 2000, 4000, 6000, 8000]);
    expect(niceTicks(689.5)).toEqual([0, 200, 400, 600, 800]);
    expect(niceTicks(9)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

describe('the terminal chart', () => {
  it('a mark per series, dates under the axis, within the width', () => {
    const text = textChart({
      title: 'spend (USD) per day',
      dates: ['2026-11-01', '2026-11-02', '2026-11-03'],
      series: [
        { label: 'a', values: [1, 2, 3] },
        { label: 'b', values: [3, null, 1] },
      ],
      width: 80,
    });
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe('spend (USD) per day');
    expect(lines.every((l) => l.length <= 80)).toBe(true);
    expect(text.match(/\*/g)).toHaveLength(3 + 1);
    expect(text.match(/o/g)).toHaveLength(2 + 1);
    expect(text).toMatch(/2026-11-01.*2026-11-02.*2026-11-03/);
    expect(lines.slice(-2)).toEqual(['  * a', '  o b']);
  });
  it('series that meet on one cell stay visible side by side', () => {
    const text = textChart({
      title: 't',
      dates: ['2026-11-01', '2026-11-02'],
      series: [
        { label: 'a', values: [5, 9] },
        { label: 'b', values: [5, 9] },
        { label: 'c', values: [5, 9] },
      ],
      width: 80,
    });
    const grid = text.split('\n').filter((l) => l.includes('┤'));
    for (const mark of ['*', 'o', '+']) expect(grid.join('').split(mark).length - 1, mark).toBe(2);
  });
});
