// Analytics endpoints (https://docs.x.com/x-ads-api/analytics): synchronous
// stats, jobs (create, status, list, cancel), active entities and reach. The
// download of a job's result file is in download.ts.
import type { ApiClient, ApiResponse, RequestOptions } from '../../http/client.js';
import { idSegment, joinPath } from '../../http/path.js';
import { ADS_VERSION } from '../common.js';
import { syncBudget } from './budget.js';
import type { AccountRef, AdsEnvelope } from '../types.js';

export interface StatsParams {
  entity: string;
  ids: readonly string[];
  groups: readonly string[];
  placement: string;
  granularity: string;
  start: string;
  end: string;
  segment?: string;
  country?: string;
}

export interface StatsJob {
  id_str: string;
  status: string;
  url?: string | null;
  expires_at?: string | null;
  [key: string]: unknown;
}

/** One element of `data`: an entity and its series (per segment). */
export interface StatsElement {
  id: string;
  id_data: Array<{ segment?: { segment_name?: string; segment_value?: string } | null; metrics: Record<string, unknown> }>;
}

export interface StatsBody extends AdsEnvelope<StatsElement[]> {
  time_series_length?: number;
}

const statsPath = (account: AccountRef, ...rest: string[]) =>
  joinPath(ADS_VERSION, 'stats', ...rest, 'accounts', idSegment(account.id, 'ads', 'account_id'));
const jobsPath = (account: AccountRef) => joinPath(ADS_VERSION, 'stats', 'jobs', 'accounts', idSegment(account.id, 'ads', 'account_id'));

function statsQuery(p: StatsParams): Array<[string, string]> {
  const q: Array<[string, string]> = [
    ['entity', p.entity],
    ['entity_ids', p.ids.join(',')],
    ['start_time', p.start],
    ['end_time', p.end],
    ['granularity', p.granularity],
    ['placement', p.placement],
    ['metric_groups', p.groups.join(',')],
  ];
  if (p.segment) q.push(['segmentation_type', p.segment]);
  if (p.country) q.push(['country', p.country]);
  return q;
}

/** `deadline` (epoch ms): the latest a rate-limit wait may end (the run's --max-wait). */
export async function getSyncStats(client: ApiClient, account: AccountRef, p: StatsParams, deadline?: number): Promise<StatsBody> {
  const res = await client.request<StatsBody>({
    api: account.api,
    method: 'GET',
    path: statsPath(account),
    query: statsQuery(p),
    ...(deadline !== undefined ? { deadline } : {}),
  });
  // The token's budget is shared by every account of the run: each reply says what is left of it.
  syncBudget(client, account.api).observe(res.rateLimit);
  return res.body;
}

/** Not retried on 5xx: a repeat could create a second job (a 429 is retried, the server did not act on it). */
export async function createStatsJob(client: ApiClient, account: AccountRef, p: StatsParams, deadline?: number): Promise<StatsJob> {
  const res = await client.request<AdsEnvelope<StatsJob>>({
    api: account.api,
    method: 'POST',
    path: jobsPath(account),
    query: statsQuery(p),
    ...(deadline !== undefined ? { deadline } : {}),
  });
  return res.body.data;
}

/** Status of up to 200 jobs in one request. */
export async function getStatsJobs(
  client: ApiClient,
  account: AccountRef,
  ids: readonly string[],
  deadline?: number,
): Promise<ApiResponse<AdsEnvelope<StatsJob[]>>> {
  return client.request<AdsEnvelope<StatsJob[]>>({
    api: account.api,
    method: 'GET',
    path: jobsPath(account),
    query: { job_ids: ids.join(',') },
    ...(deadline !== undefined ? { deadline } : {}),
  });
}

export function listStatsJobsRequest(account: AccountRef, query: Array<[string, string]>): RequestOptions {
  return { api: account.api, method: 'GET', path: jobsPath(account), query };
}

export async function cancelStatsJob(client: ApiClient, account: AccountRef, id: string): Promise<AdsEnvelope<StatsJob>> {
  const path = joinPath(
    ADS_VERSION,
    'stats',
    'jobs',
    'accounts',
    idSegment(account.id, 'ads', 'account_id'),
    idSegment(id, 'numeric', 'job_id'),
  );
  return (await client.request<AdsEnvelope<StatsJob>>({ api: account.api, method: 'DELETE', path })).body;
}

export interface ActiveEntity {
  entity_id: string;
  activity_start_time: string;
  activity_end_time: string;
  placements: string[];
}

export async function activeEntities(
  client: ApiClient,
  account: AccountRef,
  q: { entity: string; start: string; end: string; filter?: [string, string] },
): Promise<AdsEnvelope<ActiveEntity[]>> {
  const query: Array<[string, string]> = [
    ['entity', q.entity],
    ['start_time', q.start],
    ['end_time', q.end],
  ];
  if (q.filter) query.push(q.filter);
  const path = joinPath(ADS_VERSION, 'stats', 'accounts', idSegment(account.id, 'ads', 'account_id'), 'active_entities');
  return (await client.request<AdsEnvelope<ActiveEntity[]>>({ api: account.api, method: 'GET', path, query })).body;
}

export async function reach(
  client: ApiClient,
  account: AccountRef,
  kind: 'campaigns' | 'funding_instruments',
  q: { ids: readonly string[]; start: string; end: string },
): Promise<AdsEnvelope<Array<{ id: string; total_audience_reach: number | null; average_frequency: number | null }>>> {
  const path = joinPath(ADS_VERSION, 'stats', 'accounts', idSegment(account.id, 'ads', 'account_id'), 'reach', kind);
  const param = kind === 'campaigns' ? 'campaign_ids' : 'funding_instrument_ids';
  const query = { [param]: q.ids.join(','), start_time: q.start, end_time: q.end };
  return (
    await client.request<AdsEnvelope<Array<{ id: string; total_audience_reach: number | null; average_frequency: number | null }>>>({
      api: account.api,
      method: 'GET',
      path,
      query,
    })
  ).body;
}
