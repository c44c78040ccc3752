// Asynchronous analytics jobs (https://docs.x.com/x-ads-api/analytics#asynchronous-analytics):
// POST creates a job (PROCESSING), GET with job_ids (≤ 200) reports them and
// moves each to SUCCESS after `statsJobPolls` polls and `statsJobLatencyMs`,
// with a url on the second, credential-refusing download origin
// (src/emulator/stats-download.ts); DELETE cancels. At most 100 jobs may be
// processing per account. Queued faults (`queueStatsJobFaults`) make the next
// jobs FAILED, expired, truncated, a gzip bomb or a plain-http foreign url.
import { readFileSync } from 'node:fs';
import { pageOf, requireAccount } from '../ads-support.js';
import { adsError, adsOk, fail, paramsEcho } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, Handler } from '../types.js';
import type { EmuDataFault, EmuStatsQuery } from './ads-stats-model.js';
import { statsQuery } from './ads-stats-query.js';
import { EMU_STATS_LIMITS } from './ads-stats-rules.js';

/**
 * none (no fault: for the jobs before a faulty one), FAILED, expired url, truncated file, gzip bomb, plain-http foreign url; `repeat-id` answers the
 * previous job's id for a new create (no job is made); `never` stays PROCESSING; the data faults
 * (emuApplyDataFault) break the job's file.
 */
export type StatsJobFault =
  | 'none'
  | 'FAILED'
  | 'expired'
  | 'truncated'
  | 'cut'
  | 'bomb'
  | 'insecure'
  | 'repeat-id'
  | 'never'
  | EmuDataFault;

export interface EmuStatsJob {
  id: string;
  accountId: string;
  query: EmuStatsQuery;
  params: Record<string, unknown>;
  status: 'PROCESSING' | 'SUCCESS' | 'FAILED' | 'CANCELLED';
  createdAt: number;
  updatedAt: number;
  polls: number;
  token: string;
  fault?: StatsJobFault;
  deleted: boolean;
}

interface JobsSlice {
  jobs: Map<string, EmuStatsJob>;
  faults: StatsJobFault[];
}

export const statsJobs = (state: EmulatorState): JobsSlice =>
  state.slice('ads.statsJobs', () => ({ jobs: new Map<string, EmuStatsJob>(), faults: [] }));

/** The next jobs created get these faults, one each, in order. */
export function queueStatsJobFaults(state: EmulatorState, faults: StatsJobFault[]): void {
  statsJobs(state).faults.push(...faults);
}

const isoOf = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function view(state: EmulatorState, j: EmuStatsJob): Record<string, unknown> {
  const done = j.status === 'SUCCESS';
  const base = state.statsDownloadBase;
  const url = j.fault === 'insecure' ? `http://198.51.100.7/stats_job_${j.id}.json.gz` : `${base}/${j.token}/stats_job_${j.id}.json.gz`;
  const expires = j.fault === 'expired' ? j.updatedAt - 3_600_000 : j.updatedAt + 2 * 86_400_000;
  const q = j.query;
  return {
    start_time: isoOf(q.start),
    end_time: isoOf(q.end),
    id: Number(j.id),
    id_str: j.id,
    entity_ids: q.ids,
    entity: q.entity,
    placement: q.placement,
    granularity: q.granularity,
    metric_groups: q.groups,
    segmentation_type: q.segment ?? null,
    country: (j.params.country as string | undefined) ?? null,
    platform: null,
    account_id: j.accountId,
    status: j.status,
    url: done ? url : null,
    expires_at: done ? isoOf(expires) : null,
    created_at: isoOf(j.createdAt),
    updated_at: isoOf(j.updatedAt),
  };
}

/** The ids of `jobs` not among the saved jobs of a client's state file (read as it is on disk now). */
function unrecorded(path: string, jobs: readonly EmuStatsJob[]): string[] {
  let saved: Set<unknown>;
  try {
    saved = new Set(Object.values((JSON.parse(readFileSync(path, 'utf8')) as { jobs?: Record<string, unknown> }).jobs ?? {}));
  } catch {
    saved = new Set();
  }
  return jobs.filter((j) => !saved.has(j.id)).map((j) => j.id);
}

const createJob: Handler = (req, state) => {
  const q = statsQuery(req, state, true);
  const slice = statsJobs(state);
  const processing = [...slice.jobs.values()].filter((j) => j.accountId === req.params.account_id && j.status === 'PROCESSING').length;
  if (processing >= (state.options.statsMaxProcessing ?? EMU_STATS_LIMITS.processing))
    fail(adsError(400, 'TOO_MANY_JOBS', `at most ${EMU_STATS_LIMITS.processing} jobs may be processing per account`, undefined, req));
  const now = state.now();
  const next = slice.faults.shift();
  const fault = next === 'none' ? undefined : next;
  const earlier = [...slice.jobs.values()].filter((j) => j.accountId === req.params.account_id);
  const previous = earlier.at(-1);
  const stateFile = state.options.statsJobStateFile;
  if (stateFile) {
    // Only the other creates in flight may still be on their way to the file; a job that failed or expired is dropped from it.
    const kept = earlier.filter((j) => j.status !== 'FAILED' && j.status !== 'CANCELLED' && j.fault !== 'expired');
    const missing = unrecorded(stateFile, kept);
    if (missing.length > Math.max(1, state.options.statsJobStateSlack ?? 1) - 1)
      fail(adsError(400, 'INVALID_REQUEST', `job ${missing[0]} is not in the state file ${stateFile} yet`, undefined, req));
  }
  if (fault === 'repeat-id' && previous) return adsOk(req, view(state, previous));
  const job: EmuStatsJob = {
    id: state.nextId(),
    accountId: req.params.account_id!,
    query: q,
    params: paramsEcho(req),
    status: 'PROCESSING',
    createdAt: now,
    updatedAt: now,
    polls: 0,
    token: state.token(12),
    deleted: false,
    ...(fault ? { fault } : {}),
  };
  slice.jobs.set(job.id, job);
  return adsOk(req, view(state, job));
};

/** One status request moves a job along: enough polls and enough time make it finish. */
function advance(state: EmulatorState, j: EmuStatsJob): void {
  if (j.status !== 'PROCESSING') return;
  j.polls++;
  if (j.fault === 'never') return;
  if (j.polls < (state.options.statsJobPolls ?? 2) || state.now() - j.createdAt < (state.options.statsJobLatencyMs ?? 0)) return;
  j.status = j.fault === 'FAILED' ? 'FAILED' : 'SUCCESS';
  j.updatedAt = state.now();
}

const getJobs: Handler = (req, state) => {
  requireAccount(req, state);
  const all = [...statsJobs(state).jobs.values()].filter((j) => j.accountId === req.params.account_id).reverse();
  const raw = req.query.get('job_ids');
  if (!raw) return listAll(req, state, all);
  const ids = raw.split(',');
  if (ids.length > EMU_STATS_LIMITS.jobIds)
    fail(adsError(400, 'INVALID_PARAMETER', `job_ids takes at most ${EMU_STATS_LIMITS.jobIds} ids`, 'job_ids', req));
  const found = all.filter((j) => ids.includes(j.id));
  for (const j of found) advance(state, j);
  return adsOk(
    req,
    found.map((j) => view(state, j)),
    { next_cursor: null },
  );
};

function listAll(req: EmuRequest, state: EmulatorState, all: EmuStatsJob[]) {
  const page = pageOf(req, all, { min: 1, max: 1000, def: 200 });
  return adsOk(
    req,
    page.data.map((j) => view(state, j)),
    { next_cursor: page.next_cursor },
  );
}

const cancelJob: Handler = (req, state) => {
  requireAccount(req, state);
  const j = statsJobs(state).jobs.get(req.params.job_id!);
  if (!j || j.accountId !== req.params.account_id)
    return fail(adsError(404, 'NOT_FOUND', `job ${req.params.job_id} not found`, 'job_id', req));
  if (j.status === 'PROCESSING') j.status = 'CANCELLED';
  j.updatedAt = state.now();
  return adsOk(req, view(state, j));
};

export function register(r: Router): void {
  const path = '/12/stats/jobs/accounts/:account_id';
  r.route({ method: 'POST', path, api: 'ads', auth: 'user', handler: createJob });
  r.route({ method: 'GET', path, api: 'ads', auth: 'user', handler: getJobs });
  r.route({ method: 'DELETE', path: `${path}/:job_id`, api: 'ads', auth: 'user', handler: cancelJob });
}
