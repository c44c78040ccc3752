// Switchable faults: scripted rules ("the next 2 POSTs to …/users answer 503")
// and seeded random faults for soak runs.
import { seededRandom } from './random.js';

export type FaultKind =
  | 'status' // answer with `status` without processing
  | '429' // rate limited, with reset headers unless resetHeaders is false
  | 'drop' // close the connection before processing
  | 'drop-after' // process, then cut the connection mid-body (the client cannot know it succeeded)
  | 'latency' // delay the response by latencyMs
  | 'slow' // write the response body in small, slow chunks
  | 'trickle' // headers at once, then the body one byte every intervalMs (a server holding a request open)
  | 'reply' // answer exactly `status`, `body` (text as is), `contentType`, `headers` without processing: scripted answers (non-JSON 2xx, big numbers, odd rate-limit headers)
  | 'count-mismatch' // audiences: answer success_count/total_count lower than sent
  | 'item-status' // catalogs upsert: answer `itemStatus` (e.g. PENDING) for every product that succeeded
  | 'disconnect' // streams: end the stream (operational disconnect) after `afterEvents`
  | 'cut' // streams: drop the connection without a word after `afterEvents`
  | 'stall'; // streams: go silent (no data, no keep-alive) after `afterEvents`, connection left open

export interface FaultRule {
  kind: FaultKind;
  method?: string;
  /** Substring of the path (without API prefix), or a /regex/ source. */
  path?: string;
  status?: number;
  /** How many times it fires (default 1). */
  times?: number;
  /** Let this many matching requests through first. */
  after?: number;
  latencyMs?: number;
  resetHeaders?: boolean;
  /** Seconds until the announced reset (429), default 1. */
  resetInSec?: number;
  afterEvents?: number;
  /** trickle: ms between body bytes (default 2000). */
  intervalMs?: number;
  /** reply: the body text, sent byte for byte. */
  body?: string;
  /** reply: content type (default application/json; charset=utf-8). */
  contentType?: string;
  /** reply (and 429): extra response headers. */
  headers?: Record<string, string>;
  /** The error message a 'status' fault answers (default "Internal error (injected fault)"). */
  message?: string;
  /** The per-item status an 'item-status' fault answers. */
  itemStatus?: string;
}

export interface RandomFaultPlan {
  seed: number;
  /** Probabilities per request. */
  p429?: number;
  p5xx?: number;
  pDrop?: number;
  pDropAfter?: number;
  pSlow?: number;
  /** Share of 429s that announce no reset headers. */
  p429NoHeaders?: number;
  latencyMs?: [number, number];
  /** Only requests whose path contains this are faulted. */
  path?: string;
  /** Stop injecting after this many faults. */
  maxFaults?: number;
}

export interface FaultStats {
  injected: number;
  byKind: Record<string, number>;
}

export class Faults {
  rules: FaultRule[] = [];
  /**
   * Faults and latencies draw from two streams of the seed: latency is drawn
   * for every request as it arrives and faults after the wait, so with one
   * shared stream concurrent requests interleaved the two differently on every
   * run and the same seed injected different faults.
   */
  random?: { plan: RandomFaultPlan; rng: () => number; latencyRng: () => number; count: number };
  /** Fixed latency for every request (ms). */
  latencyMs = 0;
  stats: FaultStats = { injected: 0, byKind: {} };
  private seen = new Map<FaultRule, number>();

  add(rule: FaultRule): void {
    this.rules.push({ times: 1, ...rule });
  }

  setRandom(plan: RandomFaultPlan | undefined): void {
    this.random = plan ? { plan, rng: seededRandom(plan.seed), latencyRng: seededRandom(plan.seed ^ 0x5bd1e995), count: 0 } : undefined;
  }

  clear(): void {
    this.rules = [];
    this.random = undefined;
    this.latencyMs = 0;
    this.seen.clear();
  }

  private matches(rule: FaultRule, method: string, path: string): boolean {
    if (rule.method && rule.method.toUpperCase() !== method) return false;
    if (rule.path) {
      if (rule.path.startsWith('/') && rule.path.endsWith('/') && rule.path.length > 2) {
        if (!new RegExp(rule.path.slice(1, -1)).test(path)) return false;
      } else if (!path.includes(rule.path)) return false;
    }
    return true;
  }

  private record(kind: string): void {
    this.stats.injected++;
    this.stats.byKind[kind] = (this.stats.byKind[kind] ?? 0) + 1;
  }

  /** Takes the next scripted fault of the given kinds that matches, if any. */
  take(method: string, path: string, kinds?: FaultKind[]): FaultRule | undefined {
    for (const rule of this.rules) {
      if ((rule.times ?? 1) <= 0 || (kinds && !kinds.includes(rule.kind))) continue;
      if (!this.matches(rule, method, path)) continue;
      const n = (this.seen.get(rule) ?? 0) + 1;
      this.seen.set(rule, n);
      if (n <= (rule.after ?? 0)) continue;
      rule.times = (rule.times ?? 1) - 1;
      this.record(rule.kind);
      return rule;
    }
    return undefined;
  }

  /** Draws a random fault for this request (transport-level kinds only). */
  draw(_method: string, path: string): FaultRule | undefined {
    const r = this.random;
    if (!r) return undefined;
    const p = r.plan;
    if (p.path && !path.includes(p.path)) return undefined;
    if (p.maxFaults !== undefined && r.count >= p.maxFaults) return undefined;
    const x = r.rng();
    let acc = 0;
    const pick = (prob: number | undefined, rule: () => FaultRule): FaultRule | undefined => {
      acc += prob ?? 0;
      return x < acc ? rule() : undefined;
    };
    const rule =
      pick(p.p429, () => ({ kind: '429', resetHeaders: r.rng() >= (p.p429NoHeaders ?? 0), resetInSec: 1 })) ??
      pick(p.p5xx, () => ({ kind: 'status', status: [500, 502, 503, 504][Math.floor(r.rng() * 4)]! })) ??
      pick(p.pDrop, () => ({ kind: 'drop' })) ??
      pick(p.pDropAfter, () => ({ kind: 'drop-after' })) ??
      pick(p.pSlow, () => ({ kind: 'slow' }));
    if (rule) {
      r.count++;
      this.record(rule.kind === 'status' ? `status ${rule.status}` : rule.kind);
    }
    return rule;
  }

  randomLatency(): number {
    const r = this.random;
    if (!r?.plan.latencyMs) return 0;
    const [lo, hi] = r.plan.latencyMs;
    return lo + Math.floor(r.latencyRng() * (hi - lo + 1));
  }
}
