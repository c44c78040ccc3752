// POST /2/webhooks/replay (openapi v2.159 WebhookReplayCreateRequest,
// ReplayJobCreateResponse): app-only; from_date and to_date are UTC minutes
// (yyyymmddhhmm) within the last 24 hours, from before to, to not in the
// future; the webhook must exist. The account activity replay (POST
// /2/account_activity/replay/webhooks/{webhook_id}/subscriptions/all) takes the
// same in its path and query, reaching back 5 days. Accepted jobs are kept for tests.
import { fail, problem } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuResponse } from '../types.js';
import { webhooks } from './platform-webhooks.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ReplayJobRecord {
  job_id: string;
  created_at: string;
  webhook_id: string;
  from_date: string;
  to_date: string;
}

export function replayJobs(state: EmulatorState): ReplayJobRecord[] {
  return state.slice('platform-webhook-replay', () => [] as ReplayJobRecord[]);
}

const invalid = (detail: string, parameters: Record<string, unknown>): never =>
  fail(
    problem(400, 'invalid-request', 'Invalid Request', 'One or more parameters to your request was invalid.', {
      errors: [{ message: detail, parameters }],
    }),
  );

function minutes(field: string, v: unknown): number {
  if (typeof v !== 'string' || !/^[0-9]{12}$/.test(v))
    invalid(`The \`${field}\` value [${String(v)}] does not match ^[0-9]{12}$`, { [field]: [v] });
  const s = v as string;
  const ms = Date.UTC(+s.slice(0, 4), +s.slice(4, 6) - 1, +s.slice(6, 8), +s.slice(8, 10), +s.slice(10, 12));
  if (new Date(ms).toISOString().replace(/[-:T]/g, '').slice(0, 12) !== s)
    invalid(`The \`${field}\` value [${s}] is not a valid time`, { [field]: [s] });
  return ms;
}

function replay(body: Record<string, unknown>, state: EmulatorState, days = 1): EmuResponse {
  const id = body.webhook_id;
  if (typeof id !== 'string' || !/^[0-9]{1,19}$/.test(id))
    invalid(`The \`webhook_id\` value [${String(id)}] does not match ^[0-9]{1,19}$`, { webhook_id: [id] });
  const from = minutes('from_date', body.from_date);
  const to = minutes('to_date', body.to_date);
  const now = state.now();
  if (from < now - days * DAY_MS)
    invalid(`from_date must be within the last ${days === 1 ? '24 hours' : `${days} days`}`, { from_date: [body.from_date] });
  if (to > now) invalid('to_date must not be in the future', { to_date: [body.to_date] });
  if (from >= to) invalid('from_date must be before to_date', { from_date: [body.from_date], to_date: [body.to_date] });
  if (!webhooks(state).has(id as string)) {
    return problem(404, 'resource-not-found', 'Not Found Error', `Could not find webhook with id: [${id}].`, {
      parameter: 'webhook_id',
      value: id,
      resource_id: id,
      resource_type: 'webhook',
    });
  }
  const job: ReplayJobRecord = {
    job_id: state.nextId(),
    created_at: new Date(now).toISOString(),
    webhook_id: id as string,
    from_date: body.from_date as string,
    to_date: body.to_date as string,
  };
  replayJobs(state).push(job);
  const reply = { job_id: job.job_id, created_at: job.created_at };
  // openapi v2.167 wraps the job in `data`; v2.159 answers it at the top level.
  return { status: 200, body: state.dialect === '2.167' ? { data: reply } : reply };
}

export function register(r: Router, state: EmulatorState): void {
  r.route({
    method: 'POST',
    path: '/2/webhooks/replay',
    api: 'platform',
    auth: 'app',
    handler: (req) => replay(req.json<Record<string, unknown>>() ?? {}, state),
  });
  r.route({
    method: 'POST',
    path: '/2/account_activity/replay/webhooks/:webhook_id/subscriptions/all',
    api: 'platform',
    auth: 'app',
    handler: (req) => {
      const extra = [...req.query.keys()].find((k) => k !== 'from_date' && k !== 'to_date');
      if (extra) invalid(`The query parameter [${extra}] is not one of [from_date,to_date]`, { [extra]: [req.query.get(extra)] });
      const body = { webhook_id: req.params.webhook_id, from_date: req.query.get('from_date'), to_date: req.query.get('to_date') };
      return replay(body, state, 5);
    },
  });
}
