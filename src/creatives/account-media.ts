// Account media (ads-api.md "Creatives"): list, fetch and delete the account's
// media assets. They are not created here: adding an AMPLIFY_VIDEO to the media
// library makes it available as a PREROLL account media asset.
import { accountPath } from '../ads/common.js';
import type { ApiClient, ApiResponse, RequestOptions } from '../http/client.js';
import type { Params } from '../http/encode.js';
import type { AccountRef, AdsEnvelope } from '../ads/types.js';
import type { AccountMedia } from './types.js';
import { idSegment } from '../http/path.js';

export { ACCOUNT_MEDIA_PAGE } from './pages.js';
export { CREATIVE_TYPES } from './enums.js';

export function accountMediaListRequest(account: AccountRef, query: Params): RequestOptions {
  return {
    api: account.api,
    method: 'GET',
    path: accountPath(account, 'account_media'),
    query,
  };
}

export function getAccountMedia(
  client: ApiClient,
  account: AccountRef,
  id: string,
  withDeleted = false,
): Promise<ApiResponse<AdsEnvelope<AccountMedia>>> {
  return client.request({
    api: account.api,
    method: 'GET',
    path: accountPath(account, 'account_media', idSegment(id, 'ads', 'account_media_id')),
    query: withDeleted ? { with_deleted: 'true' } : undefined,
  });
}

export function deleteAccountMedia(client: ApiClient, account: AccountRef, id: string): Promise<ApiResponse<AdsEnvelope<AccountMedia>>> {
  return client.request({
    api: account.api,
    method: 'DELETE',
    path: accountPath(account, 'account_media', idSegment(id, 'ads', 'account_media_id')),
  });
}
