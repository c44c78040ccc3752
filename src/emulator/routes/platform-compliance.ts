// Batch compliance jobs, from openapi v2.159: create (type tweets|users, name
// up to 64 characters, resumable), list by type and status, get by id. Each
// job's upload and download URLs point at the emulator's second origin
// (compliance-files.ts), which takes the ids and serves the results. A job is
// `created` until its ids arrive, `in_progress` then, and `complete` from the
// first look after that (the real service takes minutes).
import { randomBytes } from 'node:crypto';
import { problem } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { pick, type Obj } from './platform-data.js';
import { asked, checkQuery } from './platform-more-query.js';
import { invalid } from './platform-posting.js';

const JOB_FIELDS = [
  'created_at',
  'download_expires_at',
  'download_url',
  'id',
  'name',
  'resumable',
  'status',
  'type',
  'upload_expires_at',
  'upload_url',
];
const TYPES = ['tweets', 'users'];

export interface EmuComplianceJob {
  id: string;
  type: string;
  name?: string;
  resumable: boolean;
  status: 'created' | 'in_progress' | 'complete';
  created_at: string;
  token: string;
  /** The uploaded ids, once they arrive. */
  ids?: string[];
}

/** openapi v2.159's example job id: a complete job of three post ids, so its results can be read at once. */
const SEEDED_JOB: EmuComplianceJob = {
  id: '1372966999991541762',
  type: 'tweets',
  name: 'my-job',
  resumable: false,
  status: 'complete',
  created_at: '2026-06-01T00:00:00.000Z',
  token: '5eed0b5eed0b5eed',
  ids: ['1460323737035677691', '1460323737035677692', '1460323737035677693'],
};

export const complianceJobs = (state: EmulatorState) =>
  state.slice('platform-compliance', () => new Map<string, EmuComplianceJob>([[SEEDED_JOB.id, { ...SEEDED_JOB }]]));

function out(state: EmulatorState, j: EmuComplianceJob, fields: string[]): Obj {
  const base = `${state.statsDownloadBase}/compliance/${j.token}`;
  const expires = new Date(Date.parse(j.created_at) + 7 * 86_400_000).toISOString();
  const full: Obj = {
    ...j,
    upload_url: `${base}/upload/${j.id}`,
    download_url: `${base}/download/${j.id}`,
    upload_expires_at: new Date(Date.parse(j.created_at) + 15 * 60_000).toISOString(),
    download_expires_at: expires,
  };
  return pick(full, ['id', 'type', 'status'], fields);
}

function create(req: EmuRequest, state: EmulatorState): EmuResponse {
  const b = req.json<Obj>() ?? {};
  const extra = Object.keys(b).find((k) => !['type', 'name', 'resumable'].includes(k));
  if (extra) return invalid(`[${extra}] is not a valid field of the request body`, extra, String(b[extra]));
  if (!TYPES.includes(b.type)) return invalid('`type` must be one of [tweets, users]', 'type', String(b.type));
  if (b.name !== undefined && (typeof b.name !== 'string' || [...b.name].length > 64))
    return invalid('`name` must be at most 64 characters', 'name', String(b.name));
  if (b.resumable !== undefined && typeof b.resumable !== 'boolean')
    return invalid('`resumable` must be a boolean', 'resumable', String(b.resumable));
  const job: EmuComplianceJob = {
    id: state.nextId(),
    type: b.type,
    ...(b.name !== undefined ? { name: b.name } : {}),
    resumable: b.resumable === true,
    status: 'created',
    created_at: new Date(state.now()).toISOString(),
    token: randomBytes(8).toString('hex'),
  };
  complianceJobs(state).set(job.id, job);
  return { status: 200, body: { data: out(state, job, JOB_FIELDS) } };
}

function list(req: EmuRequest, state: EmulatorState): EmuResponse {
  const bad = checkQuery(req.query, {
    params: { type: TYPES, status: ['created', 'in_progress', 'failed', 'complete'], 'compliance_job.fields': JOB_FIELDS },
    required: ['type'],
  });
  if (bad) return bad;
  const status = req.query.get('status');
  const jobs = [...complianceJobs(state).values()].filter((j) => j.type === req.query.get('type') && (!status || j.status === status));
  return {
    status: 200,
    body: { data: jobs.map((j) => out(state, j, asked(req.query, 'compliance_job.fields'))), meta: { result_count: jobs.length } },
  };
}

function get(req: EmuRequest, state: EmulatorState): EmuResponse {
  const bad = checkQuery(req.query, { params: { 'compliance_job.fields': JOB_FIELDS } });
  if (bad) return bad;
  const id = req.params.id!;
  if (!/^[0-9]{1,19}$/.test(id)) return invalid(`The \`id\` path parameter value [${id}] does not match ^[0-9]{1,19}$`, 'id', id);
  const job = complianceJobs(state).get(id);
  if (!job) return problem(404, 'resource-not-found', 'Not Found Error', `Could not find compliance job with id: [${id}].`);
  const shown = out(state, job, asked(req.query, 'compliance_job.fields'));
  if (job.status === 'in_progress') job.status = 'complete';
  return { status: 200, body: { data: shown } };
}

export function register(r: Router): void {
  r.route({ method: 'POST', path: '/2/compliance/jobs', api: 'platform', auth: 'app', handler: create });
  r.route({ method: 'GET', path: '/2/compliance/jobs', api: 'platform', auth: 'app', handler: list });
  r.route({ method: 'GET', path: '/2/compliance/jobs/:id', api: 'platform', auth: 'app', handler: get });
}
