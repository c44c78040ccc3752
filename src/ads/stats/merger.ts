// Merging analytics replies into one series per entity × placement × segment,
// element by element as the replies stream in. A series group (an id chunk on
// one placement) is asked in one or more requests (windows × metric-group
// sets). Every reply is checked as it arrives: each asked id exactly once, no
// id that was not asked, each segment of an id once, every metric an array of
// the bucket count the plan expects holding integers ≥ 0 or null (all stats
// metrics are counts or micros); anything else is exit 7 naming the request or
// job, the entity, the metric and the bucket. A group asked in one request
// hands each entity's series on as soon as its element is read (constant
// memory whatever the file size); a group of several requests is held until
// all of them are in, then handed on in the order its ids were asked.
import { NetworkError } from '../../errors/cli-error.js';
import type { StatsElement } from './api.js';
import type { PlannedRequest } from './plan.js';
import { iso } from './range/calendar.js';
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

export type SeriesSink = (series: Series[]) => void;

const segmentOf = (d: StatsElement['id_data'][number] | undefined): string | null => {
  const s = d?.segment;
  if (s === null || s === undefined || typeof s !== 'object') return null;
  const v = s.segment_value ?? s.segment_name ?? null;
  return typeof v === 'string' ? v : null;
};

const listIds = (ids: Iterable<string>, max = 10): string => {
  const all = [...ids];
  return all.slice(0, max).join(', ') + (all.length > max ? ` and ${all.length - max} more` : '');
};

/**
 * Reads one reply (a sync body or a job file) for one request: checks each
 * element and turns it into series, and at the end checks no asked id is missing.
 */
class ReplyReader {
  private seen = new Set<string>();

  constructor(
    private readonly ids: readonly string[],
    private readonly asked: ReadonlySet<string>,
    private readonly placement: string,
    private readonly window: number,
    private readonly buckets: number,
    /** Names the request or job in messages. */
    readonly what: string,
  ) {}

  /** The series of one element (one entity, one per segment). */
  element(el: StatsElement): Series[] {
    const id = el && typeof el === 'object' ? (el as { id?: unknown }).id : undefined;
    if (typeof id !== 'string' || !this.asked.has(id))
      throw new NetworkError(`${this.what}: the reply holds an entity that was not asked for (${JSON.stringify(id)?.slice(0, 40)})`, {
        hint: 'the server answered with extra ids; nothing after this point is trusted.',
      });
    if (this.seen.has(id)) throw new NetworkError(`${this.what}: the reply holds entity ${id} more than once`);
    this.seen.add(id);
    const data = Array.isArray(el.id_data) ? el.id_data : [];
    const out: Series[] = [];
    const segments = new Set<string>();
    for (const d of data) {
      const seg = segmentOf(d);
      if (segments.has(seg ?? '')) throw new NetworkError(`${this.what}: entity ${id} holds segment ${seg ?? '(none)'} more than once`);
      segments.add(seg ?? '');
      const s: Series = { id, placement: this.placement, segment: seg, metrics: new Map() };
      const metrics = d && typeof d.metrics === 'object' && d.metrics !== null ? d.metrics : {};
      for (const [m, v] of Object.entries(metrics)) {
        const per: Cell[][] = [];
        per[this.window] = cells(v, this.buckets, { what: this.what, id, metric: m });
        s.metrics.set(m, per);
      }
      out.push(s);
    }
    return out;
  }

  /** After the last element: every asked id must have been there. */
  end(): void {
    const missing = this.ids.filter((id) => !this.seen.has(id));
    if (missing.length)
      throw new NetworkError(
        `${this.what}: the reply is missing ${missing.length} asked id${missing.length === 1 ? '' : 's'}: ${listIds(missing)}`,
        {
          hint: 'a reply without an asked entity would be a silent gap in the rows; run again, and report it if it persists.',
        },
      );
  }
}

interface Where {
  what: string;
  id: string;
  metric: string;
}

function numberArray(v: unknown, n: number, at: Where): Array<number | null> {
  const name = `${at.what}: entity ${at.id}, metric ${at.metric}`;
  if (v === null || v === undefined) return new Array<null>(n).fill(null);
  if (!Array.isArray(v) || v.length !== n)
    throw new NetworkError(`${name}: expected ${n} values per the request's buckets, got ${JSON.stringify(v)?.slice(0, 80)}`);
  for (let i = 0; i < n; i++) {
    const x = v[i];
    if (x !== null && !(typeof x === 'number' && Number.isSafeInteger(x) && x >= 0))
      throw new NetworkError(
        `${name}, bucket ${i + 1} of ${n}: ${JSON.stringify(x)?.slice(0, 40)} is not a count (an integer ≥ 0, or null)`,
      );
  }
  return v as Array<number | null>;
}

/** A metric of one reply as n bucket cells. */
function cells(v: unknown, n: number, at: Where): Cell[] {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    const parts = Object.entries(v as Record<string, unknown>).map(
      ([k, x]) => [k, numberArray(x, n, { ...at, metric: `${at.metric}.${k}` })] as const,
    );
    return Array.from({ length: n }, (_, i) => Object.fromEntries(parts.map(([k, a]) => [k, a[i] ?? null])));
  }
  return numberArray(v, n, at);
}

/**
 * The series of one group asked in several requests (windows × metric-group
 * sets), laid side by side; handed on in the order the ids were asked.
 */
class SeriesMerger {
  private series = new Map<string, Series>();

  constructor(readonly ids: readonly string[]) {}

  add(list: readonly Series[]): void {
    for (const s of list) {
      const key = `${s.id}\u0000${s.segment ?? ''}`;
      const have = this.series.get(key);
      if (!have) {
        this.series.set(key, s);
        continue;
      }
      for (const [m, per] of s.metrics) {
        const into = have.metrics.get(m);
        if (!into) have.metrics.set(m, per);
        else
          per.forEach((cellsOfWindow, w) => {
            into[w] = cellsOfWindow;
          });
      }
    }
  }

  /** Series in the order the ids were asked for, then segments as first seen. */
  done(): Series[] {
    const order = new Map(this.ids.map((id, i) => [id, i]));
    return [...this.series.values()].sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  }
}

/** What is known about one series group while its replies come in. */
interface Group {
  requests: number;
  left: number;
  /** Several requests: merged until the last is in. */
  merger?: SeriesMerger;
  /** One request, not yet its turn: its series as read, handed on when it is. */
  held?: Series[][];
}

/**
 * Receives replies in any order and hands series on in plan order: the group
 * whose turn it is streams straight through; the others are held (merged)
 * until their turn.
 */
export class Collector {
  private groups = new Map<number, Group>();
  private next = 0;
  private readonly last: number;
  private readonly asked = new Map<number, Set<string>>();

  constructor(
    private plan: Pick<RunPlan, 'requests' | 'windows' | 'buckets'>,
    private sink: SeriesSink,
  ) {
    for (const r of plan.requests) {
      const g = this.groups.get(r.series) ?? { requests: 0, left: 0 };
      g.requests++;
      g.left++;
      this.groups.set(r.series, g);
      if (!this.asked.has(r.series)) this.asked.set(r.series, new Set(r.ids));
    }
    this.last = plan.requests.length ? plan.requests[plan.requests.length - 1]!.series : -1;
  }

  /** A reader for one reply of request `r`; `what` names it (the request's window, or its job). */
  reader(r: PlannedRequest, what: string): { element: (el: StatsElement) => void; end: () => void } {
    const w = this.plan.windows.indexOf(r.window);
    const reader = new ReplyReader(r.ids, this.asked.get(r.series)!, r.placement, w, this.plan.buckets[w]!.length, what);
    const g = this.groups.get(r.series)!;
    return {
      element: (el) => {
        const list = reader.element(el);
        if (g.requests > 1) (g.merger ??= new SeriesMerger(r.ids)).add(list);
        else if (r.series === this.next) this.sink(list);
        else (g.held ??= []).push(list);
      },
      end: () => {
        reader.end();
        g.left--;
        this.advance();
      },
    };
  }

  /** One whole reply (a synchronous body). */
  add(r: PlannedRequest, elements: Iterable<StatsElement>, what = `the reply for ${iso(r.window.start)}…${iso(r.window.end)}`): void {
    const rd = this.reader(r, what);
    for (const el of elements) rd.element(el);
    rd.end();
  }

  private advance(): void {
    while (this.next <= this.last) {
      const g = this.groups.get(this.next);
      if (g && g.left > 0) {
        // Its turn now: what was held of it goes out, the rest streams straight through.
        if (g.held) for (const list of g.held.splice(0)) this.sink(list);
        return;
      }
      if (g?.merger) this.sink(g.merger.done());
      if (g?.held) for (const list of g.held) this.sink(list);
      this.groups.delete(this.next++);
    }
  }

  /** Whether every group was handed on. */
  get finished(): boolean {
    return this.next > this.last;
  }
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
