// Poll cards (ads-api.md "Creatives"): list, fetch, create. Poll cards cannot
// be updated. Create takes query parameters (no JSON body is stated).
import { accountPath } from '../ads/common.js';
import type { ApiClient, ApiResponse, RequestOptions } from '../http/client.js';
import type { Params } from '../http/encode.js';
import type { AccountRef, AdsEnvelope } from '../ads/types.js';
import type { PollCard } from './types.js';
import { idSegment } from '../http/path.js';

export { POLL_CARDS_PAGE } from './pages.js';

export function pollCardsListRequest(account: AccountRef, query: Params): RequestOptions {
  return {
    api: account.api,
    method: 'GET',
    path: accountPath(account, 'cards', 'poll'),
    query,
  };
}

export function getPollCard(
  client: ApiClient,
  account: AccountRef,
  id: string,
  withDeleted = false,
): Promise<ApiResponse<AdsEnvelope<PollCard>>> {
  return client.request({
    api: account.api,
    method: 'GET',
    path: accountPath(account, 'cards', 'poll', idSegment(id, 'numeric', 'card_id')),
    query: withDeleted ? { with_deleted: 'true' } : undefined,
  });
}

/** POST creates a new card each time: not retried on 5xx. */
export function createPollCard(client: ApiClient, account: AccountRef, params: Params): Promise<ApiResponse<AdsEnvelope<PollCard>>> {
  return client.request({
    api: account.api,
    method: 'POST',
    path: accountPath(account, 'cards', 'poll'),
    query: params,
    idempotent: false,
  });
}
