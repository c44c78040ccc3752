// Posts made through the ad account (ads-api.md "Creatives"): create (on
// behalf of an advertiser with as_user_id) and name. Query parameters.
import { accountPath } from '../ads/common.js';
import { idSegment } from '../http/path.js';
import { wire } from '../wire/names.js';
import type { ApiClient, ApiResponse } from '../http/client.js';
import type { Params } from '../http/encode.js';
import type { AccountRef, AdsEnvelope } from '../ads/types.js';
import type { AdPost } from './types.js';

/** POST publishes a new post each time: never retried on 5xx (a lost response could mean a double post). */
export function createAdPost(client: ApiClient, account: AccountRef, params: Params): Promise<ApiResponse<AdsEnvelope<AdPost>>> {
  return client.request({
    api: account.api,
    method: 'POST',
    path: accountPath(account, wire('path.ads.post', client.names)),
    query: params,
    idempotent: false,
  });
}

export function nameAdPost(
  client: ApiClient,
  account: AccountRef,
  postId: string,
  name: string,
): Promise<ApiResponse<AdsEnvelope<AdPost>>> {
  return client.request({
    api: account.api,
    method: 'PUT',
    path: accountPath(account, wire('path.ads.posts', client.names), idSegment(postId, 'numeric', 'post_id'), 'name'),
    query: { name },
  });
}
