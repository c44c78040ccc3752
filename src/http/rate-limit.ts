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

/**
 * Resets are whole epoch seconds, written as plain digits. Anything else
 * (` 12`, `1.5`, `1e9`, `-1`) is not a reset: Number() would accept most of
 * them and turn a hostile or broken header into a zero wait.
 */
export function epochSeconds(v: string | undefined): number | undefined {
  return v !== undefined && /^\d{1,12}$/.test(v) ? Number(v) : undefined;
}

/**
 * Farthest a wait may plausibly be announced: the longest window the APIs use
 * is 24 hours (the daily caps); 15 minutes is usual. Farther is a broken clock
 * or header, treated as no reset at all.
 */
export const MAX_PLAUSIBLE_WAIT_MS = 24 * 3600_000 + 60_000;

/** ms until `resetAtMs`, or undefined when that is not in the future or implausibly far. */
function plausibleWait(resetAtMs: number, now: number): number | undefined {
  const ms = resetAtMs - now;
  return ms > 0 && ms <= MAX_PLAUSIBLE_WAIT_MS ? ms : undefined;
}

/** Server clock minus local clock, from the Date header (0 when absent). */
function clockSkewMs(headers: Headers, now = Date.now()): number {
  const d = headers.date ? Date.parse(headers.date) : NaN;
  // Date has one-second precision: ignore skews below 2 s.
  return Number.isFinite(d) && Math.abs(d - now) > 2000 ? d - now : 0;
}

export function parseRateLimit(headers: Headers, now = Date.now()): RateLimitInfo {
  const skew = clockSkewMs(headers, now);
  const pick = (prefix: string): RateLimitInfo | undefined => {
    const limit = num(headers[`${prefix}-limit`]);
    const remaining = num(headers[`${prefix}-remaining`]);
    const reset = epochSeconds(headers[`${prefix}-reset`]);
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
 * x-rate-limit-reset, else Retry-After (whole seconds or HTTP date). Undefined
 * when the response announces nothing usable — missing, malformed, already
 * past, zero, or more than a day away — and the caller then backs off
 * exponentially instead of hammering a server whose reset never arrives.
 */
export function waitFor429(headers: Headers, now = Date.now()): number | undefined {
  const skew = clockSkewMs(headers, now);
  for (const name of ['x-account-rate-limit-reset', 'x-rate-limit-reset']) {
    if (headers[name] === undefined) continue;
    const reset = epochSeconds(headers[name]);
    return reset === undefined ? undefined : plausibleWait(reset * 1000 - skew, now);
  }
  const ra = headers['retry-after'];
  if (ra === undefined) return undefined;
  if (/^\d+$/.test(ra)) return plausibleWait(now + Number(ra) * 1000, now);
  // An HTTP date names letters (IMF-fixdate); bare numbers in other shapes are not dates.
  const date = /[a-z]/i.test(ra) ? Date.parse(ra) : NaN;
  return Number.isFinite(date) ? plausibleWait(date - skew, now) : undefined;
}

export function describeRateLimit(info: RateLimitInfo): string {
  if (info.remaining === undefined && info.limit === undefined) return '';
  const reset = info.resetAt ? ` resets ${new Date(info.resetAt).toISOString().slice(11, 19)}Z` : '';
  return `rate limit ${info.remaining ?? '?'}/${info.limit ?? '?'}${info.scope === 'account' ? ' (account)' : ''}${reset}`;
}
