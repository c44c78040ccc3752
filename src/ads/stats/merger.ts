// Merging analytics replies back into one series per entity × placement ×
// segment: each request covers some ids, one placement, some metric groups and
// one window; its arrays are checked against the buckets the plan expects
// (a reply is not trusted to be the right length) and laid side by side in
// window order. TOTAL over several windows is summed.
import { NetworkError } from '../../errors.js';
import type { StatsElement } from './api.js';
import { iso, type PlannedRequest, type Window } from './plan.js';
import type { RunPlan } from './planner.js';

/** One bucket's value: a number, null (no data), or an object of those (conversion metrics). */
export type Cell = number | null | Record<string, number | null>;

export interface Series {
  id: string;
  placement: string;
  segment: string | null;
  /** metric → per window → per bucket. */
  metrics: Map<string, Cell[][]>;
}

export class SeriesMerger {
  private series = new Map<string, Series>();

  constructor(
    readonly ids: readonly string[],
    readonly placement: string,
    readonly windows: readonly Window[],
    private readonly bucketCount: (w: number) => number,
  ) {}

  /** Adds one reply's elements for window `w`. */
  add(w: number, elements: Iterable<StatsElement>, what: string): void {
    const n = this.bucketCount(w);
    for (const el of elements) {
      if (!el || typeof el.id !== 'string' || !this.ids.includes(el.id))
        throw new NetworkError(`${what}: the reply holds an entity that was not asked for (${JSON.stringify(el?.id)})`);
      for (const d of Array.isArray(el.id_data) ? el.id_data : []) {
        const seg = d?.segment?.segment_value ?? d?.segment?.segment_name ?? null;
        const key = `${el.id}\u0000${seg ?? ''}`;
        let s = this.series.get(key);
        if (!s) this.series.set(key, (s = { id: el.id, placement: this.placement, segment: seg, metrics: new Map() }));
        for (const [m, v] of Object.entries(d?.metrics ?? {})) {
          let per = s.metrics.get(m);
          if (!per) s.metrics.set(m, (per = []));
          per[w] = cells(v, n, `${what}: ${el.id} ${m}`);
        }
      }
    }
  }

  /** Series in the order the ids were asked for, then segments as first seen. */
  done(): Series[] {
    const order = new Map(this.ids.map((id, i) => [id, i]));
    return [...this.series.values()].sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }
}

function numberArray(v: unknown, n: number, what: string): Array<number | null> {
  if (v === null || v === undefined) return new Array<null>(n).fill(null);
  if (!Array.isArray(v) || v.length !== n || v.some((x) => x !== null && (typeof x !== 'number' || !Number.isFinite(x))))
    throw new NetworkError(`${what}: expected ${n} values per the request's buckets, got ${JSON.stringify(v).slice(0, 80)}`);
  return v as Array<number | null>;
}

/** A metric of one reply as n bucket cells. */
function cells(v: unknown, n: number, what: string): Cell[] {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    const parts = Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, numberArray(x, n, `${what}.${k}`)] as const);
    return Array.from({ length: n }, (_, i) => Object.fromEntries(parts.map(([k, a]) => [k, a[i] ?? null])));
  }
  return numberArray(v, n, what);
}

const addNum = (a: number | null, b: number | null): number | null => (a === null ? b : b === null ? a : a + b);

/** Sums cells (TOTAL across windows, totals rows); null only when every cell is. */
export function sumCells(list: readonly Cell[]): Cell {
  let out: Cell = null;
  for (const c of list) {
    if (c === null) continue;
    if (typeof c === 'number') out = addNum(typeof out === 'number' ? out : null, c);
    else {
      const o: Record<string, number | null> = out && typeof out === 'object' ? { ...out } : {};
      for (const [k, v] of Object.entries(c)) o[k] = addNum(o[k] ?? null, v);
      out = o;
    }
  }
  return out;
}

/** Collects replies per series and releases finished series in order. */
export class Collector {
  private mergers = new Map<number, SeriesMerger>();
  private left = new Map<number, number>();
  private next = 0;
  private readonly last: number;

  constructor(
    private plan: Pick<RunPlan, 'requests' | 'windows' | 'buckets'>,
    private sink: (series: Series[]) => void,
  ) {
    for (const r of plan.requests) this.left.set(r.series, (this.left.get(r.series) ?? 0) + 1);
    this.last = plan.requests.length ? plan.requests[plan.requests.length - 1]!.series : -1;
  }

  add(r: PlannedRequest, elements: Iterable<StatsElement>): void {
    let m = this.mergers.get(r.series);
    if (!m) this.mergers.set(r.series, (m = new SeriesMerger(r.ids, r.placement, this.plan.windows, (w) => this.plan.buckets[w]!.length)));
    m.add(this.plan.windows.indexOf(r.window), elements, `${iso(r.window.start)}…${iso(r.window.end)}`);
    this.left.set(r.series, this.left.get(r.series)! - 1);
    while (this.next <= this.last && this.left.get(this.next) === 0) {
      this.sink(this.mergers.get(this.next)!.done());
      this.mergers.delete(this.next++);
    }
  }
}
