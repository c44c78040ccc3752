// Custom audience and do-not-reach list lifecycle (audiences reference,
// https://docs.x.com/x-ads-api/audiences/api-reference): create the placeholder
// audience that `audiences upload` fills, read, rename, delete; create and list
// the account's do-not-reach list (at most one per account).
import { accountPath } from '../ads/common.js';
import type { AccountRef, AdsEnvelope } from '../ads/types.js';
import type { ApiClient, ApiResponse } from '../http/client.js';
import { idSegment } from '../http/path.js';

type Obj = Record<string, unknown>;
type Reply = Promise<ApiResponse<AdsEnvelope<Obj>>>;

const audiencePath = (account: AccountRef, id: string) =>
  accountPath(account, 'custom_audiences', idSegment(id, 'ads', 'custom_audience_id'));

export function createAudience(client: ApiClient, account: AccountRef, params: Record<string, string>): Reply {
  return client.request({
    api: account.api,
    method: 'POST',
    path: accountPath(account, 'custom_audiences'),
    query: Object.entries(params),
  });
}

export function getAudience(client: ApiClient, account: AccountRef, id: string, withDeleted = false): Reply {
  return client.request({
    api: account.api,
    method: 'GET',
    path: audiencePath(account, id),
    query: withDeleted ? { with_deleted: 'true' } : undefined,
  });
}

export function updateAudience(client: ApiClient, account: AccountRef, id: string, params: Record<string, string>): Reply {
  return client.request({ api: account.api, method: 'PUT', path: audiencePath(account, id), query: Object.entries(params) });
}

export function deleteAudience(client: ApiClient, account: AccountRef, id: string): Reply {
  return client.request({ api: account.api, method: 'DELETE', path: audiencePath(account, id) });
}

export function createDoNotReachList(client: ApiClient, account: AccountRef, description: string | undefined): Reply {
  return client.request({
    api: account.api,
    method: 'POST',
    path: accountPath(account, 'do_not_reach_lists'),
    query: description !== undefined ? [['description', description]] : [],
  });
}

export function listDoNotReachLists(
  client: ApiClient,
  account: AccountRef,
  withDeleted: boolean,
): Promise<ApiResponse<AdsEnvelope<Obj[]>>> {
  return client.request({
    api: account.api,
    method: 'GET',
    path: accountPath(account, 'do_not_reach_lists'),
    query: withDeleted ? { with_deleted: 'true' } : undefined,
  });
}
