// Rows of `ads stats`: one per entity × placement × segment × bucket
// (`entity_id, placement, segment, start, end`, then a column per metric, JSON
// object metrics as dotted columns), the reference's derived metrics computed
// exactly (BigInt ratios, never floating point), and a totals row per series.
import { OBJECT_METRIC_KEYS, metricsFor, type MetricGroup, type StatsEntity } from '../../validate/ads-stats.js';
import { sumCells, type Cell, type Series } from './merger.js';
import type { Window } from './plan.js';
import { iso } from './range/calendar.js';

export type Row = Record<string, string | number | null>;

/** Whether a query's columns hold money (`…_micro`): then rows say the account's currency. */
export const hasMoney = (columns: readonly string[]): boolean => columns.some((c) => c.endsWith('_micro'));

/** The metric columns of a query, in the order of its groups. */
export function metricColumns(entity: StatsEntity, groups: readonly MetricGroup[]): string[] {
  return groups.flatMap((g) => {
    const subs = OBJECT_METRIC_KEYS[g];
    return metricsFor(entity, g).flatMap((m) => (subs ? subs.map((s) => `${m}.${s}`) : [m]));
  });
}

/**
 * Derived metrics (https://docs.x.com/x-ads-api/analytics#derived-metrics): name,
 * numerator, denominator, and a factor on the denominator. CPM is
 * `billed_charge_local_micro / impressions / 1000` (currency units per 1,000
 * impressions); cost-per figures stay in micros like the spend they divide.
 */
export const DERIVED: ReadonlyArray<{ name: string; num: string; den: string; factor: bigint }> = [
  { name: 'cpm', num: 'billed_charge_local_micro', den: 'impressions', factor: 1000n },
  { name: 'engagement_rate', num: 'engagements', den: 'impressions', factor: 1n },
  { name: 'cost_per_engagement_micro', num: 'billed_charge_local_micro', den: 'engagements', factor: 1n },
  { name: 'click_rate', num: 'url_clicks', den: 'impressions', factor: 1n },
  { name: 'cost_per_link_click_micro', num: 'billed_charge_local_micro', den: 'url_clicks', factor: 1n },
  { name: 'video_view_rate', num: 'video_total_views', den: 'impressions', factor: 1n },
  { name: 'cost_per_view_micro', num: 'billed_charge_local_micro', den: 'video_total_views', factor: 1n },
];

/** num / (den × factor) to 6 decimals, rounded half up, exactly; null when undefined (no data or a zero denominator). */
export function ratio(num: number | string | null, den: number | string | null, factor = 1n, digits = 6): string | null {
  const whole = (v: number | string | null): bigint | undefined =>
    typeof v === 'number'
      ? Number.isSafeInteger(v)
        ? BigInt(v)
        : undefined
      : typeof v === 'string' && /^-?\d+$/.test(v)
        ? BigInt(v)
        : undefined;
  const a = whole(num);
  const b = whole(den);
  if (a === undefined || b === undefined || b === 0n) return null;
  const scale = 10n ** BigInt(digits);
  const n = a * scale;
  const d = b * factor;
  let q = n / d;
  if ((n % d) * 2n >= d) q += 1n;
  const s = q.toString().padStart(digits + 1, '0');
  return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

export const derivedColumns = (cols: readonly string[]): typeof DERIVED =>
  DERIVED.filter((d) => cols.includes(d.num) && cols.includes(d.den));

function flatCell(row: Row, metric: string, cell: Cell, cols: ReadonlySet<string>): void {
  if (cell !== null && typeof cell === 'object') {
    for (const [k, v] of Object.entries(cell)) if (cols.has(`${metric}.${k}`)) row[`${metric}.${k}`] = v;
  } else if (cols.has(metric)) row[metric] = cell;
}

export interface RowOptions {
  columns: readonly string[];
  derived: boolean;
  totals: boolean;
  /** Buckets per window; TOTAL over several windows is one bucket spanning them all. */
  buckets: readonly Window[][];
  total: boolean;
  /** The account's currency, set when a money metric is asked for: the last column of every row. */
  currency?: string | undefined;
}

/** Bucket times as text: every series of a query has the same buckets, so each is formatted once. */
const isoCache = new Map<number, string>();
function isoOf(ms: number): string {
  let t = isoCache.get(ms);
  if (t === undefined) {
    if (isoCache.size > 100_000) isoCache.clear();
    isoCache.set(ms, (t = iso(ms)));
  }
  return t;
}

const columnSets = new WeakMap<readonly string[], ReadonlySet<string>>();
function columnSet(columns: readonly string[]): ReadonlySet<string> {
  let set = columnSets.get(columns);
  if (!set) columnSets.set(columns, (set = new Set(columns)));
  return set;
}

function row(s: Series, bucket: Window, opts: RowOptions, cellOf: (metric: string) => Cell): Row {
  const r: Row = { entity_id: s.id, placement: s.placement, segment: s.segment, start: isoOf(bucket.start), end: isoOf(bucket.end) };
  for (const c of opts.columns) r[c] = null;
  const cols = columnSet(opts.columns);
  for (const m of s.metrics.keys()) flatCell(r, m, cellOf(m), cols);
  if (opts.derived)
    for (const d of derivedColumns(opts.columns)) r[d.name] = ratio(r[d.num] as number | null, r[d.den] as number | null, d.factor);
  if (opts.currency !== undefined) r.currency = opts.currency;
  return r;
}

/** The rows of one series: its buckets, then (with totals) one row over the whole range. */
export function seriesRows(s: Series, opts: RowOptions): Row[] {
  const out: Row[] = [];
  const flat = opts.buckets.flatMap((bs, w) => bs.map((b, i) => ({ b, w, i })));
  const at = (m: string, w: number, i: number): Cell => s.metrics.get(m)?.[w]?.[i] ?? null;
  const whole = { start: opts.buckets[0]![0]!.start, end: opts.buckets[opts.buckets.length - 1]!.at(-1)!.end };
  if (opts.total) out.push(row(s, whole, opts, (m) => sumCells(flat.map((f) => at(m, f.w, f.i)))));
  else for (const f of flat) out.push(row(s, f.b, opts, (m) => at(m, f.w, f.i)));
  if (opts.totals && !opts.total) out.push(row(s, whole, opts, (m) => sumCells(flat.map((f) => at(m, f.w, f.i)))));
  return out;
}

/** Cells back into the API's shape: an array per metric, or an object of arrays (conversions); null when empty. */
function apiShape(cells: Cell[]): unknown {
  if (cells.every((c) => c === null)) return null;
  const keys = [...new Set(cells.flatMap((c) => (c !== null && typeof c === 'object' ? Object.keys(c) : [])))];
  if (!keys.length) return cells;
  return Object.fromEntries(keys.map((k) => [k, cells.map((c) => (c !== null && typeof c === 'object' ? (c[k] ?? null) : null))]));
}

/** A metric's cells over every bucket; one window's cells as read when complete (no copy of a big reply's arrays). */
function bucketCells(per: Cell[][], buckets: readonly Window[][]): Cell[] {
  const one = per[0];
  if (buckets.length === 1 && one && one.length === buckets[0]!.length && !one.includes(undefined as unknown as Cell)) return one;
  return buckets.flatMap((bs, w) => bs.map((_, i) => per[w]?.[i] ?? null));
}

/** The API's shape for -o json: one element per entity × placement, metrics arrays merged, with the bucket start times. */
export function seriesJson(list: readonly Series[], opts: RowOptions): Array<Record<string, unknown>> {
  const out = new Map<string, { id: string; placement: string; id_data: unknown[] }>();
  const starts = opts.total ? [iso(opts.buckets[0]![0]!.start)] : opts.buckets.flat().map((b) => iso(b.start));
  for (const s of list) {
    let el = out.get(s.id);
    if (!el) out.set(s.id, (el = { id: s.id, placement: s.placement, id_data: [] }));
    const metrics: Record<string, unknown> = {};
    for (const [m, per] of s.metrics) {
      const cells = opts.total ? [sumCells(per.flat())] : bucketCells(per, opts.buckets);
      metrics[m] = apiShape(cells);
    }
    el.id_data.push({ segment: s.segment, start_times: starts, metrics });
  }
  return [...out.values()];
}
