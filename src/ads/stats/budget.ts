// The user-level budget of synchronous stats requests (analytics reference:
// 250 requests per 15 minutes per user token, shared by every account the token
// reaches; jobs do not count against it). One budget per client, because a
// client holds one token: every account of a run draws on it. Until a
// synchronous reply says otherwise it is the documented 250 in a fresh window;
// then the x-rate-limit-* headers of each reply set it.
import { STATS_LIMITS } from '../../validate/ads-stats.js';
import type { ApiName } from '../../http/types.js';
import type { RateLimitInfo } from '../../http/rate-limit.js';

const WINDOW_MS = 15 * 60_000;

export class SyncBudget {
  limit: number = STATS_LIMITS.syncPer15Minutes;
  /** What the last reply of the current window said is left (the documented limit before any reply). */
  private remaining: number = STATS_LIMITS.syncPer15Minutes;
  /** When the current window ends; undefined until a reply or a reservation opens one. */
  private resetAt: number | undefined;
  /** Requests reserved and not yet answered: the headers do not count them yet. */
  private pending = 0;
  /** Whether any reply carried the headers (without them, what this run reserved is all it knows of). */
  private heard = false;

  /** Requests that may still be sent in the window as of `now` without a 429. */
  available(now: number): number {
    this.roll(now);
    return Math.max(0, this.remaining - this.pending);
  }

  /** The end of the window as known (undefined before anything was sent or heard). */
  resetsAt(): number | undefined {
    return this.resetAt;
  }

  /** Takes `n` requests from the budget when they fit; false (nothing taken) when they do not. */
  reserve(n: number, now: number): boolean {
    if (n > this.available(now)) return false;
    // With no reply heard yet the window is taken to start with the first request.
    this.resetAt ??= now + WINDOW_MS;
    this.pending += n;
    return true;
  }

  /** A synchronous stats reply's rate-limit headers. */
  observe(info: RateLimitInfo): void {
    if (info.scope !== 'endpoint' || info.remaining === undefined) return;
    if (info.limit !== undefined) this.limit = info.limit;
    this.pending = Math.max(0, this.pending - 1);
    // Replies of one window arrive in any order: the lowest remaining is the latest. A later reset is a new window.
    const fresh = !this.heard || this.resetAt === undefined || (info.resetAt !== undefined && info.resetAt > this.resetAt + 1000);
    this.remaining = fresh ? info.remaining : Math.min(this.remaining, info.remaining);
    if (fresh && info.resetAt !== undefined) this.resetAt = info.resetAt;
    this.heard = true;
  }

  private roll(now: number): void {
    if (this.resetAt === undefined || now < this.resetAt) return;
    this.remaining = this.limit;
    this.resetAt = undefined;
    // Reserved requests answered in the old window; without headers nothing else says they are done.
    if (!this.heard) this.pending = 0;
  }
}

const budgets = new WeakMap<object, Map<ApiName, SyncBudget>>();

/** The budget of a client's token on one API (the sandbox counts apart). */
export function syncBudget(client: object, api: ApiName): SyncBudget {
  let per = budgets.get(client);
  if (!per) budgets.set(client, (per = new Map()));
  let b = per.get(api);
  if (!b) per.set(api, (b = new SyncBudget()));
  return b;
}

/**
 * Which accounts run by synchronous requests: as many as fit in `available`,
 * the smallest first (an account sent as jobs costs about one job's wait
 * whatever its size, so the budget saves the most waits spent on small
 * accounts); the others as jobs. `sync[i]` is account i's count of synchronous
 * requests. Pure.
 */
export function chooseSyncAccounts(sync: readonly number[], available: number): { bySync: boolean[]; used: number } {
  const order = sync.map((n, i) => [n, i] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const bySync = sync.map(() => false);
  let used = 0;
  for (const [n, i] of order) {
    if (used + n > available) break;
    bySync[i] = true;
    used += n;
  }
  return { bySync, used };
}
