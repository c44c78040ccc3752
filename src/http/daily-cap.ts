// The live platform API announces 24-hour caps next to the 15-minute windows:
// x-app-limit-24hour-{limit,remaining,reset} for the app and
// x-user-limit-24hour-{…} for the user (https://docs.x.com/x-api/fundamentals/rate-limits,
// "24-hour limits"; reset is epoch seconds like x-rate-limit-reset). A 429 with
// one of them at 0 will not clear in minutes, so waiting and retrying only burns
// --max-wait and requests: the client stops with exit 5 and the reset time.
import { epochSeconds } from './rate-limit.js';

type Headers = Record<string, string | undefined>;

export interface DailyCap {
  scope: 'app' | 'user';
  limit?: number;
  remaining: number;
  /** Epoch ms, when announced as whole epoch seconds. */
  resetAt?: number;
}

function read(headers: Headers, scope: DailyCap['scope']): DailyCap | undefined {
  const prefix = `x-${scope}-limit-24hour`;
  const remaining = epochSeconds(headers[`${prefix}-remaining`]);
  if (remaining === undefined) return undefined;
  const cap: DailyCap = { scope, remaining };
  const limit = epochSeconds(headers[`${prefix}-limit`]);
  if (limit !== undefined) cap.limit = limit;
  const reset = epochSeconds(headers[`${prefix}-reset`]);
  if (reset !== undefined) cap.resetAt = reset * 1000;
  return cap;
}

/** The 24-hour cap that is used up (remaining 0), app first, if any. */
export function exhaustedDailyCap(headers: Headers): DailyCap | undefined {
  for (const scope of ['app', 'user'] as const) {
    const cap = read(headers, scope);
    if (cap && cap.remaining === 0) return cap;
  }
  return undefined;
}

/** "the 24-hour app cap (0 of 17 left) resets at 2026-11-24T10:00:00Z (in 19 h 40 min)". */
export function describeDailyCap(cap: DailyCap, now = Date.now()): string {
  const of = cap.limit !== undefined ? ` (0 of ${cap.limit} left)` : '';
  if (cap.resetAt === undefined) return `the 24-hour ${cap.scope} cap${of} is used up; the server did not say when it resets`;
  const mins = Math.max(0, Math.ceil((cap.resetAt - now) / 60_000));
  const inText = mins >= 60 ? `${Math.floor(mins / 60)} h ${mins % 60} min` : `${mins} min`;
  return `the 24-hour ${cap.scope} cap${of} is used up; it resets at ${new Date(cap.resetAt).toISOString().replace(/\.\d{3}Z$/, 'Z')} (in ${inText})`;
}
