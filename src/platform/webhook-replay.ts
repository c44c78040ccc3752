// POST /2/webhooks/replay (openapi v2.159 WebhookReplayCreateRequest): a replay
// job for the events delivered, or attempted, to a webhook; and the account
// activity replay of a webhook's subscriptions (5 days back). The window rules
// come from the reference: from_date and to_date are UTC minutes written
// yyyymmddhhmm, and events reach back at most 24 hours (5 days for the account
// activity replay). That from_date must be
// before to_date and to_date not in the future is what the service is known to
// require; both are checked here before sending.
import { CliError, type InputProblem } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import type { ApiClient, RequestOptions } from '../http/client.js';
import { joinPath } from '../http/path.js';
import { isRelativeTime, parseTimeFlag } from '../validate/relative-time.js';
import { parseIso8601 } from '../validate/rules.js';

const REPLAY_DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE = 60_000;

export interface ReplayJob {
  job_id: string;
  created_at: string;
}

/** yyyymmddhhmm (UTC) for a time in ms. */
export function toReplayDate(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 12);
}

/** A time given as yyyymmddhhmm (UTC) or ISO 8601 with whole minutes; ms or a message. */
export function parseReplayTime(v: string): number | string {
  const compact = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(v);
  if (compact) {
    const [, y, mo, d, h, mi] = compact.map(Number) as number[];
    const ms = Date.UTC(y!, mo! - 1, d!, h!, mi!);
    return toReplayDate(ms) === v ? ms : `is not a real UTC time (got ${JSON.stringify(v)})`;
  }
  const ms = parseIso8601(v);
  if (ms === undefined) return `must be yyyymmddhhmm (UTC) or an ISO 8601 time such as 2026-11-23T08:00Z (got ${JSON.stringify(v)})`;
  if (ms % MINUTE !== 0) return `must be a whole minute: the API takes minutes (got ${JSON.stringify(v)})`;
  return ms;
}

/** Checks the window against `now`; returns the body fields or the problems. */
export function replayWindow(
  from: string | undefined,
  to: string | undefined,
  now: number,
  /** How far back events reach: 1 day for POST /2/webhooks/replay, 5 for the account activity replay. */
  days = 1,
): { from_date?: string; to_date?: string; problems: InputProblem[] } {
  const problems: InputProblem[] = [];
  const read = (field: string, v: string | undefined): number | undefined => {
    if (v === undefined) {
      problems.push({ field, message: `is required (--${field === 'from_date' ? 'from' : 'to'})` });
      return undefined;
    }
    // A relative time (2h: two hours ago) becomes a whole minute inside the window: --from rounds up, --to down.
    if (isRelativeTime(v)) {
      const ms = parseTimeFlag(v, now)! / MINUTE;
      return (field === 'from_date' ? Math.ceil(ms) : Math.floor(ms)) * MINUTE;
    }
    const r = parseReplayTime(v);
    if (typeof r === 'string') problems.push({ field, message: r });
    return typeof r === 'number' ? r : undefined;
  };
  const f = read('from_date', from);
  const t = read('to_date', to);
  const oldest = Math.floor((now - days * REPLAY_DAY_MS) / MINUTE) * MINUTE + MINUTE;
  const reach = days === 1 ? '24 hours' : `${days} days`;
  if (f !== undefined && f < oldest)
    problems.push({ field: 'from_date', message: `must be within the last ${reach} (at or after ${new Date(oldest).toISOString()})` });
  if (t !== undefined && t > now)
    problems.push({ field: 'to_date', message: `must not be in the future (now is ${new Date(now).toISOString()})` });
  if (f !== undefined && t !== undefined && f >= t) problems.push({ field: 'to_date', message: 'must be after from_date' });
  if (problems.length || f === undefined || t === undefined) return { problems };
  return { from_date: toReplayDate(f), to_date: toReplayDate(t), problems };
}

/** The replay job request (what --dry-run prints). App-only (BearerToken in the reference). */
export const replayRequest = (body: { webhook_id: string; from_date: string; to_date: string }): RequestOptions => ({
  method: 'POST',
  path: joinPath('2', 'webhooks', 'replay'),
  json: body,
  auth: 'app',
});

export async function createReplayJob(
  client: ApiClient,
  body: { webhook_id: string; from_date: string; to_date: string },
): Promise<{ job: ReplayJob; envelope: unknown }> {
  // Not retried on 5xx: a lost answer could mean a second job.
  const res = await client.request<unknown>(replayRequest(body));
  return { job: replayJobOf(res.body), envelope: res.body };
}

/**
 * The account activity replay (POST /2/account_activity/replay/webhooks/{webhook_id}/subscriptions/all,
 * openapi v2.159): every subscription of the webhook, up to 5 days back; the window goes in the query.
 */
export const activityReplayRequest = (q: { webhook_id: string; from_date: string; to_date: string }): RequestOptions => ({
  method: 'POST',
  path: joinPath('2', 'account_activity', 'replay', 'webhooks', q.webhook_id, 'subscriptions', 'all'),
  query: [
    ['from_date', q.from_date],
    ['to_date', q.to_date],
  ],
  auth: 'app',
});

export async function createActivityReplayJob(
  client: ApiClient,
  q: { webhook_id: string; from_date: string; to_date: string },
): Promise<{ job: ReplayJob; envelope: unknown }> {
  const res = await client.request<unknown>(activityReplayRequest(q));
  return { job: replayJobOf(res.body), envelope: res.body };
}

/**
 * The job in either shape: openapi v2.159 answers {job_id, created_at} at the
 * top level, v2.167 wraps it in `data` ({data: {job_id, created_at}, errors}).
 * A reply with neither is a bad reply (exit 7), never "job undefined".
 */
function replayJobOf(body: unknown): ReplayJob {
  const top = body as (Partial<ReplayJob> & { data?: Partial<ReplayJob> }) | null;
  const job = typeof top?.data?.job_id === 'string' ? top.data : top;
  if (typeof job?.job_id !== 'string' || !job.job_id)
    throw new CliError('the replay answer carries no job_id (neither at the top level nor in data)', {
      exitCode: EXIT.NETWORK,
      code: 'bad_reply',
    });
  return { job_id: job.job_id, created_at: typeof job.created_at === 'string' ? job.created_at : '' };
}
