// Endpoint functions of ads-api.md "Audiences".
import { adsPath, adsPathV, ADS_PERMISSIONS_VERSION } from '../ads/common.js';
import type { ApiClient, ApiName, ApiResponse, RequestOptions } from '../http/client.js';
import type { KeywordQuery } from '../validate/audiences.js';

export type UploadTargetKind = 'custom_audience' | 'do_not_reach';

export function usersPath(kind: UploadTargetKind, account: string, id: string): string {
  return kind === 'custom_audience' ? adsPath('accounts', account, 'custom_audiences', id, 'users') : adsPath('batch', 'accounts', account, 'do_not_reach_lists', id, 'users');
}

/**
 * POSTs one batch body (a JSON array of operations, already encoded). The
 * operations are Update or Delete of users, which the spec makes idempotent, so
 * the client may resend the request after a 5xx or a dropped connection.
 * HTTP 4xx answers come back as responses: operation_errors are data here.
 */
export function postUsers(client: ApiClient, api: ApiName, kind: UploadTargetKind, account: string, id: string, body: Buffer): Promise<ApiResponse> {
  return client.request({ api, method: 'POST', path: usersPath(kind, account, id), body, contentType: 'application/json', idempotent: true, noThrow: true });
}

export function deleteDoNotReachList(client: ApiClient, api: ApiName, account: string, id: string): Promise<ApiResponse> {
  return client.request({ api, method: 'DELETE', path: adsPath('accounts', account, 'do_not_reach_lists', id) });
}

export function permissionsRequest(api: ApiName, account: string, audience: string, query: Array<[string, string]>): RequestOptions {
  return { api, method: 'GET', path: adsPathV(ADS_PERMISSIONS_VERSION, 'accounts', account, 'tailored_audiences', audience, 'permissions'), query };
}

export function grantPermission(client: ApiClient, api: ApiName, account: string, audience: string, grantedAccount: string, level: string): Promise<ApiResponse> {
  return client.request({
    api,
    method: 'POST',
    path: adsPathV(ADS_PERMISSIONS_VERSION, 'accounts', account, 'tailored_audiences', audience, 'permissions'),
    query: [['granted_account_id', grantedAccount], ['permission_level', level]],
  });
}

export function revokePermission(client: ApiClient, api: ApiName, account: string, audience: string, permission: string): Promise<ApiResponse> {
  return client.request({ api, method: 'DELETE', path: adsPathV(ADS_PERMISSIONS_VERSION, 'accounts', account, 'tailored_audiences', audience, 'permissions', permission) });
}

export function targetedRequest(api: ApiName, account: string, audience: string, query: Array<[string, string]>): RequestOptions {
  return { api, method: 'GET', path: adsPath('accounts', account, 'custom_audiences', audience, 'targeted'), query };
}

export function keywordInsights(client: ApiClient, api: ApiName, q: KeywordQuery): Promise<ApiResponse> {
  const query: Array<[string, string]> = [['granularity', q.granularity], ['keywords', q.keywords.join(',')], ['start_time', q.startTime]];
  if (q.endTime) query.push(['end_time', q.endTime]);
  if (q.location) query.push(['location', q.location]);
  if (q.negative.length) query.push(['negative_keywords', q.negative.join(',')]);
  return client.request({ api, method: 'GET', path: adsPath('insights', 'keywords', 'search'), query });
}
