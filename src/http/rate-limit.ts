// Rate-limit headers, read on every response. The ads API announces per-account
// windows (x-account-rate-limit-*), the platform API per-endpoint ones.
export interface RateLimitInfo {
  limit?: number;
  remaining?: number;
  /** Epoch milliseconds at which the window resets (local clock, skew-corrected). */
  resetAt?: number;
  scope?: 'account' | 'endpoint';
}

type Headers = Record<string, string | undefined>;

function num(v: string | undefined): number | undefined {
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

/** Server clock minus local clock, from the Date header (0 when absent). */
export function clockSkewMs(headers: Headers, now = Date.now()): number {
  const d = headers['date'] ? Date.parse(headers['date']) : NaN;
  // Date has one-second precision: ignore skews below 2 s.
  return Number.isFinite(d) && Math.abs(d - now) > 2000 ? d - now : 0;
}

export function parseRateLimit(headers: Headers, now = Date.now()): RateLimitInfo {
  const skew = clockSkewMs(headers, now);
  const pick = (prefix: string): RateLimitInfo | undefined => {
    const limit = num(headers[`${prefix}-limit`]);
    const remaining = num(headers[`${prefix}-remaining`]);
    const reset = num(headers[`${prefix}-reset`]);
    if (limit === undefined && remaining === undefined && reset === undefined) return undefined;
    const info: RateLimitInfo = {};
    if (limit !== undefined) info.limit = limit;
    if (remaining !== undefined) info.remaining = remaining;
    if (reset !== undefined) info.resetAt = reset * 1000 - skew;
    return info;
  };
  const account = pick('x-account-rate-limit');
  if (account) return { ...account, scope: 'account' };
  const endpoint = pick('x-rate-limit');
  return endpoint ? { ...endpoint, scope: 'endpoint' } : {};
}

/**
 * How long a 429 asks us to wait: x-account-rate-limit-reset, else
 * x-rate-limit-reset, else Retry-After (seconds or HTTP date). Undefined when
 * the response announces nothing (then the caller backs off exponentially).
 */
export function waitFor429(headers: Headers, now = Date.now()): number | undefined {
  const skew = clockSkewMs(headers, now);
  for (const name of ['x-account-rate-limit-reset', 'x-rate-limit-reset']) {
    const reset = num(headers[name]);
    if (reset !== undefined) return Math.max(0, reset * 1000 - skew - now);
  }
  const ra = headers['retry-after'];
  if (ra !== undefined) {
    const secs = num(ra);
    if (secs !== undefined) return Math.max(0, secs * 1000);
    const date = Date.parse(ra);
    if (Number.isFinite(date)) return Math.max(0, date - skew - now);
  }
  return undefined;
}

export function describeRateLimit(info: RateLimitInfo): string {
  if (info.remaining === undefined && info.limit === undefined) return '';
  const reset = info.resetAt ? ` resets ${new Date(info.resetAt).toISOString().slice(11, 19)}Z` : '';
  return `rate limit ${info.remaining ?? '?'}/${info.limit ?? '?'}${info.scope === 'account' ? ' (account)' : ''}${reset}`;
}
