// Streaming connections: list (GET /2/connections) and terminate (DELETE
// /2/connections/all, /2/connections/{endpoint_id}, /2/connections with a
// body of UUIDs). The spec gives no shapes ("not shown"); these follow the
// real API: Connection {id, endpoint_name, client_ip, connected_at,
// disconnected_at, disconnect_reason} selected with connection.fields, and
// kill results {successful_kills, failed_kills, results: [{uuid, success,
// error_message}]}. Bearer (app-only) authentication, as the real API requires.
import type { Problem } from '../errors/api-error.js';
import type { ApiClient, RequestOptions } from '../http/client.js';
import { joinPath, idSegment } from '../http/path.js';
import { respell, wire, type NameStyle, type WireKey } from '../wire/names.js';
import { chunks } from './posts.js';

const CONNECTION_FIELDS = ['id', 'endpoint_name', 'client_ip', 'connected_at', 'disconnected_at', 'disconnect_reason'] as const;
export const CONNECTION_STATUSES = ['active', 'inactive', 'all'] as const;
/** The real API's endpoint names, plus the activity stream this tool connects to; the two carrying the brand word are wire-name keys. */
const PLAIN_ENDPOINTS = [
  'activity_stream',
  'filtered_stream',
  'sample_stream',
  'sample10_stream',
  'firehose_stream',
  'users_compliance_stream',
  'firehose_stream_lang_en',
  'firehose_stream_lang_ja',
  'firehose_stream_lang_ko',
  'firehose_stream_lang_pt',
  'likes_firehose_stream',
  'likes_sample10_stream',
  'likes_compliance_stream',
] as const;
const NAMED_ENDPOINTS: readonly WireKey[] = ['stream.posts_compliance', 'stream.post_label'];

/** Endpoint names in the selected spelling. */
export function streamEndpoints(style: NameStyle): string[] {
  return [...PLAIN_ENDPOINTS, ...NAMED_ENDPOINTS.map((k) => wire(k, style))];
}

/** A name given in either spelling, in the selected one. */
export function endpointName(value: string, style: NameStyle): string {
  return respell('stream.', value, style);
}
/** DELETE /2/connections takes 1 to 100 UUIDs. */
const UUIDS_PER_REQUEST = 100;

export interface KillResult {
  uuid: string;
  success: boolean;
  error_message?: string;
}

export interface KillResponse {
  data?: { successful_kills?: number; failed_kills?: number; results?: KillResult[] };
  errors?: Problem[];
}

export function listRequest(opts: { status?: string; endpoints?: string[]; maxResults?: number }): RequestOptions {
  return {
    method: 'GET',
    path: '/2/connections',
    auth: 'app',
    query: [
      ...(opts.status ? [['status', opts.status] as [string, string]] : []),
      ...(opts.endpoints?.length ? [['endpoints', opts.endpoints.join(',')] as [string, string]] : []),
      ...(opts.maxResults !== undefined ? [['max_results', String(opts.maxResults)] as [string, string]] : []),
      ['connection.fields', CONNECTION_FIELDS.join(',')],
    ],
  };
}

function mergeKills(responses: KillResponse[]): KillResponse {
  const results: KillResult[] = [];
  const errors: Problem[] = [];
  let ok = 0;
  let failed = 0;
  for (const r of responses) {
    ok += r.data?.successful_kills ?? 0;
    failed += r.data?.failed_kills ?? 0;
    results.push(...(r.data?.results ?? []));
    errors.push(...(r.errors ?? []));
  }
  return { data: { successful_kills: ok, failed_kills: failed, results }, ...(errors.length ? { errors } : {}) };
}

type KillTarget = { all: true } | { endpoint: string } | { uuids: string[] };

/** The DELETEs that terminate the target (100 UUIDs per request): what --dry-run prints. */
export function terminateRequests(target: KillTarget): RequestOptions[] {
  if ('all' in target) return [{ method: 'DELETE', path: '/2/connections/all', auth: 'app' }];
  if ('endpoint' in target)
    return [{ method: 'DELETE', path: joinPath('2', 'connections', idSegment(target.endpoint, 'token', 'endpoint')), auth: 'app' }];
  return chunks(target.uuids, UUIDS_PER_REQUEST).map((uuids) => ({
    method: 'DELETE',
    path: '/2/connections',
    json: { uuids },
    auth: 'app',
  }));
}

// Terminating twice is harmless, so these DELETEs are retried like any other.
export async function terminate(client: ApiClient, target: KillTarget): Promise<{ response: KillResponse; requests: number }> {
  const requests = terminateRequests(target);
  const responses: KillResponse[] = [];
  for (const req of requests) responses.push((await client.request<KillResponse>(req)).body ?? {});
  return { response: 'uuids' in target ? mergeKills(responses) : responses[0]!, requests: requests.length };
}
