// Endpoint functions of ads-api.md "Audiences".
import { ADS_VERSION } from '../ads/common.js';
import { idSegment, joinPath } from '../http/path.js';
import { wire, type NameStyle } from '../wire/names.js';
import type { AccountRef, AdsEnvelope } from '../ads/types.js';
import type { ApiClient, ApiName, ApiResponse, RequestOptions } from '../http/client.js';
import type { KeywordQuery } from '../validate/audiences.js';

export type UploadTargetKind = 'custom_audience' | 'do_not_reach';

const acct = (account: string) => idSegment(account, 'ads', 'account_id');

function usersPath(kind: UploadTargetKind, account: string, id: string): string {
  return kind === 'custom_audience'
    ? joinPath(ADS_VERSION, 'accounts', acct(account), 'custom_audiences', idSegment(id, 'ads', 'custom_audience_id'), 'users')
    : joinPath(
        ADS_VERSION,
        'batch',
        'accounts',
        acct(account),
        'do_not_reach_lists',
        idSegment(id, 'ads', 'do_not_reach_list_id'),
        'users',
      );
}

/** /12/accounts/:account_id/custom_audiences/:id/permissions (official) or the seeds' /5/…/tailored_audiences/… (neutral). */
function permissionsPath(style: NameStyle, account: string, audience: string, ...rest: Array<ReturnType<typeof idSegment>>): string {
  const version = wire('path.audience_permissions.version', style);
  return joinPath(
    version,
    'accounts',
    acct(account),
    wire('path.audience_permissions.collection', style),
    idSegment(audience, 'ads', 'custom_audience_id'),
    'permissions',
    ...rest,
  );
}

/**
 * POSTs one batch body (a JSON array of operations, already encoded). The
 * operations are Update or Delete of users, which the spec makes idempotent, so
 * the client may resend the request after a 5xx or a dropped connection.
 * HTTP 4xx answers come back as responses: operation_errors are data here.
 */
export function postUsers(client: ApiClient, account: AccountRef, kind: UploadTargetKind, id: string, body: Buffer): Promise<ApiResponse> {
  return client.request({
    api: account.api,
    method: 'POST',
    path: usersPath(kind, account.id, id),
    body,
    contentType: 'application/json',
    idempotent: true,
    noThrow: true,
  });
}

export function deleteDoNotReachList(
  client: ApiClient,
  account: AccountRef,
  id: string,
): Promise<ApiResponse<AdsEnvelope<Record<string, unknown>>>> {
  return client.request({
    api: account.api,
    method: 'DELETE',
    path: joinPath(ADS_VERSION, 'accounts', acct(account.id), 'do_not_reach_lists', idSegment(id, 'ads', 'do_not_reach_list_id')),
  });
}

export function permissionsRequest(
  account: AccountRef,
  style: NameStyle,
  audience: string,
  query: Array<[string, string]>,
): RequestOptions {
  return { api: account.api, method: 'GET', path: permissionsPath(style, account.id, audience), query };
}

export function grantPermission(
  client: ApiClient,
  account: AccountRef,
  audience: string,
  grantedAccount: string,
  level: string,
): Promise<ApiResponse<AdsEnvelope<Record<string, unknown>>>> {
  return client.request({
    api: account.api,
    method: 'POST',
    path: permissionsPath(client.names, account.id, audience),
    query: [
      ['granted_account_id', grantedAccount],
      ['permission_level', level],
    ],
  });
}

export function revokePermission(
  client: ApiClient,
  account: AccountRef,
  audience: string,
  permission: string,
): Promise<ApiResponse<AdsEnvelope<Record<string, unknown>>>> {
  return client.request({
    api: account.api,
    method: 'DELETE',
    path: permissionsPath(client.names, account.id, audience, idSegment(permission, 'ads', 'permission_id')),
  });
}

/** GET accounts/:account_id/custom_audiences (the same path name in the official and the neutral spelling). */
export function customAudiencesRequest(account: AccountRef, query: Array<[string, string]>): RequestOptions {
  return { api: account.api, method: 'GET', path: joinPath(ADS_VERSION, 'accounts', acct(account.id), 'custom_audiences'), query };
}

export function targetedRequest(account: AccountRef, audience: string, query: Array<[string, string]>): RequestOptions {
  return {
    api: account.api,
    method: 'GET',
    path: joinPath(
      ADS_VERSION,
      'accounts',
      acct(account.id),
      'custom_audiences',
      idSegment(audience, 'ads', 'custom_audience_id'),
      'targeted',
    ),
    query,
  };
}

export function keywordInsights(
  client: ApiClient,
  api: ApiName,
  q: KeywordQuery,
): Promise<ApiResponse<AdsEnvelope<Record<string, unknown>>>> {
  const query: Array<[string, string]> = [
    ['granularity', q.granularity],
    ['keywords', q.keywords.join(',')],
    ['start_time', q.startTime],
  ];
  if (q.endTime) query.push(['end_time', q.endTime]);
  if (q.location) query.push(['location', q.location]);
  if (q.negative.length) query.push(['negative_keywords', q.negative.join(',')]);
  return client.request({ api, method: 'GET', path: joinPath(ADS_VERSION, 'insights', 'keywords', 'search'), query });
}
