// Where a post stream is up to, so that a stream stopped and started again
// (another process, a cron run, a crash) has no silent hole and no repeat.
// Post ids are snowflakes: the bits above the lowest 22 are the creation time
// in ms since the service's epoch, so every post carries its own time, on the
// service's clock, whatever fields were asked for.
//
// The checkpoint keeps the time the stream started covering (its first post),
// the last post (id and time) and the ids of the last minutes. A replay — a
// reconnect's or a restart's backfill, or posts found by search — drops a post
// already printed (a remembered id, or one older than what is remembered) and
// one from before the stream's start (never asked for). With a state file it is
// saved (safe-file rule: exclusive temporary file renamed over it, no link
// followed, 0600) after each post, at most every SAVE_EVERY_MS, and on stop.
import { readOrRefuse, writeOrRefuse } from '../config/safe-file.js';
import { UsageError } from '../errors/cli-error.js';

const EPOCH = 1288834974657n;
/** Ids remembered in memory: a full 5-minute backfill and then some. */
const REMEMBER = { ms: 6 * 60_000, max: 50_000 } as const;
/** Ids saved in the file: a restart's backfill starts at most a minute before the last post. */
const SAVED = { ms: 2 * 60_000, max: 2000 } as const;
const SAVE_EVERY_MS = 200;

/** The creation time a snowflake id encodes; undefined for anything else. */
export function snowflakeTime(id: unknown): number | undefined {
  if (typeof id !== 'string' || !/^[0-9]{1,19}$/.test(id)) return undefined;
  const big = BigInt(id);
  if (big >= 1n << 63n) return undefined;
  const t = Number((big >> 22n) + EPOCH);
  // Ids from before the scheme (2010) are sequence numbers, not times.
  return big >> 22n > 0n ? t : undefined;
}

interface FileShape {
  version: 1;
  stream: string;
  from?: string;
  last_id?: string;
  last_time?: string;
  recent?: Array<[string, string]>;
}

export type Verdict = true | false | 'skip';

export class StreamCheckpoint {
  /** When the stream started covering posts (its first post), ms. */
  from: number | undefined;
  lastId: string | undefined;
  lastTime: number | undefined;
  /** Replays are being read (after a reconnect, or from a state file): the drop rules apply. */
  replaying = false;
  private recent = new Map<string, number>();
  private lastSave = -Infinity;
  private dirty = false;

  private constructor(
    readonly path: string | undefined,
    readonly stream: string,
  ) {}

  /** A checkpoint of this run only (no file): reconnects within the run. */
  static inMemory(stream: string): StreamCheckpoint {
    return new StreamCheckpoint(undefined, stream);
  }

  /** The state file's checkpoint, or a fresh one when there is no file yet. A file of another stream is exit 2. */
  static load(path: string, stream: string): StreamCheckpoint {
    const cp = new StreamCheckpoint(path, stream);
    const text = readOrRefuse(path, 'stream state', { max: 16 * 1024 * 1024 })?.toString('utf8');
    if (text === undefined) return cp;
    const bad = (why: string) =>
      new UsageError(`the stream state ${path} ${why}`, 'give another --state file, or remove this one to start afresh.');
    let f: FileShape;
    try {
      f = JSON.parse(text) as FileShape;
    } catch {
      throw bad('is not JSON');
    }
    if (f?.version !== 1) throw bad('is not a postctl stream state (version 1)');
    if (f.stream !== stream) throw bad(`belongs to ${JSON.stringify(String(f.stream)).slice(0, 80)}, not ${stream}`);
    const time = (v: unknown) => (typeof v === 'string' && Number.isFinite(Date.parse(v)) ? Date.parse(v) : undefined);
    cp.from = time(f.from);
    cp.lastTime = time(f.last_time);
    if (typeof f.last_id === 'string') cp.lastId = f.last_id;
    for (const [id, t] of Array.isArray(f.recent) ? f.recent : []) {
      const ms = time(t);
      if (typeof id === 'string' && ms !== undefined) cp.recent.set(id, ms);
    }
    cp.replaying = cp.lastTime !== undefined;
    return cp;
  }

  /** Records a post (time: its snowflake's, else when it arrived); false for a replay already printed, 'skip' for one before the start. */
  accept(id: unknown, receivedAt: number): Verdict {
    if (typeof id !== 'string') return true;
    const t = snowflakeTime(id) ?? receivedAt;
    if (this.recent.has(id)) return false;
    if (this.replaying) {
      if (this.from !== undefined && t < this.from) return 'skip';
      if (this.lastTime !== undefined && t < this.lastTime - SAVED.ms) return false;
    }
    this.from ??= t;
    if (this.lastTime === undefined || t >= this.lastTime) {
      this.lastTime = t;
      this.lastId = id;
    }
    this.recent.set(id, t);
    this.prune(REMEMBER);
    this.dirty = true;
    return true;
  }

  private prune(limit: { ms: number; max: number }): void {
    if (this.lastTime === undefined) return;
    // Insertion order is close to time order: forget from the oldest.
    for (const [id, t] of this.recent) {
      if (t >= this.lastTime - limit.ms && this.recent.size <= limit.max) break;
      this.recent.delete(id);
    }
  }

  /** Writes the file (when there is one and something changed), at most every SAVE_EVERY_MS unless `force`. */
  save(now: number, force = false): void {
    if (!this.path || !this.dirty || (!force && now - this.lastSave < SAVE_EVERY_MS)) return;
    const iso = (t: number | undefined) => (t === undefined ? undefined : new Date(t).toISOString());
    const saved = [...this.recent].filter(([, t]) => this.lastTime === undefined || t >= this.lastTime - SAVED.ms).slice(-SAVED.max);
    const f: FileShape = {
      version: 1,
      stream: this.stream,
      ...(this.from !== undefined ? { from: iso(this.from)! } : {}),
      ...(this.lastId !== undefined ? { last_id: this.lastId } : {}),
      ...(this.lastTime !== undefined ? { last_time: iso(this.lastTime)! } : {}),
      recent: saved.map(([id, t]) => [id, iso(t)!]),
    };
    writeOrRefuse(this.path, `${JSON.stringify(f)}\n`, 'stream state', { mode: 0o600 });
    this.lastSave = now;
    this.dirty = false;
  }
}

/** How a new connection covers the time since the last post: the stream's backfill when it reaches, else search first. */
export interface GapPlan {
  gapMs: number;
  backfillMinutes: number;
  /** Fill from recent search from this time (ms) before connecting, when the gap is longer than the backfill. */
  searchFrom?: number;
  /** A part no API can give back any more: [from, to] (ms). */
  hole?: [number, number];
}

/** The backfill the API allows at most (0 to 5 minutes: backfill_minutes of every stream in the reference). */
const MAX_BACKFILL_MINUTES = 5;
/** Recent search covers the last 7 days (its start_time must be within them). */
const SEARCH_WINDOW_MS = 7 * 86_400_000 - 60_000;
/** Latency and clock skew between the service's clock (post times) and ours. */
const MARGIN_MS = 15_000;

/** The plan for a gap since `last` (ms) at `now`; `canSearch` when the stream's posts can be found by search (rules). */
export function planGap(last: number, now: number, canSearch: boolean): GapPlan {
  const gapMs = Math.max(0, now - last);
  const minutes = Math.ceil((gapMs + MARGIN_MS) / 60_000);
  if (minutes <= MAX_BACKFILL_MINUTES) return { gapMs, backfillMinutes: Math.max(1, minutes) };
  const plan: GapPlan = { gapMs, backfillMinutes: MAX_BACKFILL_MINUTES };
  if (!canSearch) return { ...plan, hole: [last, now - MAX_BACKFILL_MINUTES * 60_000] };
  const from = Math.max(last - MARGIN_MS, now - SEARCH_WINDOW_MS);
  return { ...plan, searchFrom: from, ...(from > last ? { hole: [last, from] as [number, number] } : {}) };
}

/** "3m 12s", "2h 5m", "45s". */
export function formatGap(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${s % 60}s`;
  return `${Math.floor(s / 3600)}h ${Math.floor((s % 3600) / 60)}m`;
}
