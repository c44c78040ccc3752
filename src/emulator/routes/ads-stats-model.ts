// The emulator's deterministic stats: every metric of every entity, placement
// and segment has a value per UTC hour drawn from a hash of those names and the
// hour, so any split of a range sums to the same totals (`emuStatsTotal` is the
// oracle tests compare with). Buckets are cut by the emulator's own reading of
// the account's zone: an hour belongs to the local calendar day it starts in.
import type { EmuRestatement } from '../state.js';
import { EMU_OBJECT_KEYS, EMU_SEGMENTS, emuMetricsFor } from './ads-stats-rules.js';

const HOUR = 3_600_000;

function fnv(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

function mix(a: number): number {
  a = Math.imul(a ^ (a >>> 16), 0x7feb352d);
  a = Math.imul(a ^ (a >>> 15), 0x846ca68b);
  return (a ^ (a >>> 16)) >>> 0;
}

/** How large a metric's hourly values get; carousel_swipes never happens (its arrays are null, as the API sends). */
function scale(metric: string): number {
  if (metric === 'impressions') return 1000;
  if (metric === 'carousel_swipes') return 0;
  if (metric === 'billed_charge_local_micro') return 500;
  if (metric === 'engagements' || metric === 'clicks') return 100;
  return 12;
}

/** Placements an entity serves on: every entity on ALL_ON_TWITTER, every fifth also on SPOTLIGHT, every seventh on TREND. */
export function emuEntityPlacements(id: string): string[] {
  const h = fnv(id);
  return ['ALL_ON_TWITTER', ...(h % 5 === 0 ? ['SPOTLIGHT'] : []), ...(h % 7 === 3 ? ['TREND'] : [])];
}

/** One hour's value of one metric (key = entity|placement|segment|metric[.sub]). */
function emuHourValue(key: number, metric: string, hourIndex: number): number {
  const s = scale(metric);
  if (s === 0) return 0;
  const v = mix((key + Math.imul(hourIndex, 0x9e3779b1)) | 0) % s;
  return metric === 'billed_charge_local_micro' ? v * 1000 : v;
}

const emuSeriesKey = (id: string, placement: string, segment: string, metric: string): number =>
  fnv(`${id}|${placement}|${segment}|${metric}`);

/**
 * What restatements add to one hour of a metric: late figures (conversions attributed after the day) raise
 * every metric that happens at all; spend by a thousand micros a unit.
 */
function restated(list: readonly EmuRestatement[] | undefined, id: string, metric: string, t: number): number {
  if (!list?.length || scale(metric) === 0) return 0;
  let add = 0;
  for (const r of list) if (t >= r.start && t < r.end && (!r.ids || r.ids.includes(id))) add += r.add;
  return metric === 'billed_charge_local_micro' ? add * 1000 : add;
}

/** Sum of a metric over [start, end) for one entity (the test oracle), restatements included when given. */
export function emuStatsTotal(q: {
  id: string;
  placement: string;
  metric: string;
  start: number;
  end: number;
  segment?: string;
  restated?: readonly EmuRestatement[];
}): number {
  if (!emuEntityPlacements(q.id).includes(q.placement)) return 0;
  const key = emuSeriesKey(q.id, q.placement, q.segment ?? '', q.metric);
  let sum = 0;
  for (let t = q.start; t < q.end; t += HOUR) sum += emuHourValue(key, q.metric, t / HOUR) + restated(q.restated, q.id, q.metric, t);
  return sum;
}

const dayKeyFormats = new Map<string, Intl.DateTimeFormat>();
/** The local calendar date (en-CA gives YYYY-MM-DD) an instant falls on. */
function emuLocalDate(ms: number, tz: string): string {
  let f = dayKeyFormats.get(tz);
  if (!f)
    dayKeyFormats.set(tz, (f = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' })));
  return f.format(new Date(ms));
}

/** A day starts where the hour before it is on another local date. */
export const emuIsMidnight = (ms: number, tz: string): boolean => emuLocalDate(ms, tz) !== emuLocalDate(ms - HOUR, tz);

/** For every hour of [start, end), the index of its bucket; and how many buckets. */
function emuBucketIndex(start: number, end: number, granularity: string, tz: string): { of: Int32Array; count: number } {
  const hours = Math.round((end - start) / HOUR);
  const of = new Int32Array(hours);
  if (granularity === 'HOUR') {
    for (let i = 0; i < hours; i++) of[i] = i;
    return { of, count: hours };
  }
  if (granularity === 'TOTAL') return { of, count: 1 };
  let b = -1;
  for (let i = 0; i < hours; i++) {
    const t = start + i * HOUR;
    if (i === 0 || emuIsMidnight(t, tz)) b++;
    of[i] = b;
  }
  return { of, count: b + 1 };
}

export interface EmuStatsQuery {
  entity: string;
  ids: string[];
  groups: string[];
  placement: string;
  start: number;
  end: number;
  granularity: string;
  segment?: string;
  tz: string;
  /** When an entity of the emulator's own tables came into being: it has no figures for hours that began before. */
  bornAt?: ReadonlyMap<string, number>;
  /** Late figures added to past hours (read when the reply or the job's file is made). */
  restated?: readonly EmuRestatement[];
}

function series(id: string, placement: string, segment: string, metric: string, q: EmuStatsQuery, idx: { of: Int32Array; count: number }) {
  if (!emuEntityPlacements(id).includes(placement)) return null;
  const key = emuSeriesKey(id, placement, segment, metric);
  const out = new Array<number>(idx.count).fill(0);
  const h0 = q.start / HOUR;
  const born = q.bornAt?.get(id);
  let any = false;
  for (let i = 0; i < idx.of.length; i++) {
    if (born !== undefined && q.start + i * HOUR < born) continue;
    const v = emuHourValue(key, metric, h0 + i) + restated(q.restated, id, metric, q.start + i * HOUR);
    if (v) any = true;
    out[idx.of[i]!]! += v;
  }
  return any ? out : null;
}

function metricsOf(id: string, segment: string, q: EmuStatsQuery, idx: { of: Int32Array; count: number }): Record<string, unknown> {
  const metrics: Record<string, unknown> = {};
  for (const g of q.groups) {
    const subs = EMU_OBJECT_KEYS[g];
    for (const m of emuMetricsFor(q.entity, g)) {
      if (!subs) metrics[m] = series(id, q.placement, segment, m, q, idx);
      else metrics[m] = Object.fromEntries(subs.map((s) => [s, series(id, q.placement, segment, `${m}.${s}`, q, idx)]));
    }
  }
  return metrics;
}

/** The synchronous response shape (also the job file's): data[].id_data[].metrics, arrays per bucket. */
export function emuStatsBody(q: EmuStatsQuery, params: Record<string, unknown>, o: { metros?: number } = {}): Record<string, unknown> {
  const idx = emuBucketIndex(q.start, q.end, q.granularity, q.tz);
  // A country with many metros (the live METROS segmentation reports every metro of the country).
  const segments = !q.segment
    ? ['']
    : q.segment === 'METROS' && o.metros
      ? Array.from({ length: o.metros }, (_, i) => String(500 + i))
      : EMU_SEGMENTS[q.segment]!.values;
  // Metros past the fixture's two repeat their figures (a large file without hashing every hour of each).
  const data = q.ids.map((id) => {
    const base = new Map<string, Record<string, unknown>>();
    const figures = (s: string, i: number) => {
      const key = o.metros && i >= 2 ? segments[i % 2]! : s;
      let m = base.get(key);
      if (!m) base.set(key, (m = metricsOf(id, key, q, idx)));
      return m;
    };
    return {
      id,
      id_data: segments.map((s, i) => ({
        segment: s ? { segment_name: s, segment_value: s } : null,
        metrics: figures(s, i),
      })),
    };
  });
  return { data_type: 'stats', time_series_length: idx.count, data, request: { params } };
}

/** Faults of a reply's data (a sync reply or a job file): what a broken server might send. */
export type EmuDataFault = 'dup-entity' | 'missing-entity' | 'extra-entity' | 'negative';
export const EMU_DATA_FAULTS: readonly string[] = ['dup-entity', 'missing-entity', 'extra-entity', 'negative'];

export function emuApplyDataFault(body: Record<string, unknown>, fault: EmuDataFault): void {
  const data = body.data as Array<{ id: string; id_data: Array<{ metrics: Record<string, unknown> }> }>;
  if (fault === 'dup-entity') data.push(data[0]!);
  else if (fault === 'missing-entity') data.pop();
  else if (fault === 'extra-entity') data.push({ ...data[0]!, id: 'zz999' });
  else
    for (const el of data)
      for (const d of el.id_data)
        for (const v of Object.values(d.metrics))
          if (Array.isArray(v)) {
            v[v.length - 1] = -1;
            return;
          }
}
