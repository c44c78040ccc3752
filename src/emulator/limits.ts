// Fixed-window rate limits with the headers the real APIs send.
export interface LimitSpec {
  max: number;
  windowSec: number;
}

export class RateLimiter {
  private windows = new Map<string, { start: number; used: number }>();
  constructor(public overrides: Record<string, LimitSpec> = {}) {}

  /** Consumes one request; returns the header values and whether it is allowed. */
  hit(
    bucket: string,
    principal: string,
    spec: LimitSpec,
    now: number,
  ): { allowed: boolean; limit: number; remaining: number; reset: number } {
    const s = this.overrides[bucket] ?? spec;
    const key = `${bucket}\u0000${principal}`;
    let w = this.windows.get(key);
    if (!w || now >= w.start + s.windowSec * 1000) {
      w = { start: now, used: 0 };
      this.windows.set(key, w);
    }
    const reset = Math.ceil((w.start + s.windowSec * 1000) / 1000);
    if (w.used >= s.max) return { allowed: false, limit: s.max, remaining: 0, reset };
    w.used++;
    return { allowed: true, limit: s.max, remaining: s.max - w.used, reset };
  }

  reset(): void {
    this.windows.clear();
  }
}

/** Default limits per bucket; platform endpoints use 15-minute windows. */
export const DEFAULT_LIMIT: LimitSpec = { max: 900, windowSec: 900 };
export const ADS_DEFAULT_LIMIT: LimitSpec = { max: 10_000, windowSec: 900 };
