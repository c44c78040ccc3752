// Video conversation cards (ads-api.md "Creatives"): list, fetch, create
// (query parameters; no JSON body is stated).
import { accountPath } from '../ads/common.js';
import { accountResource } from '../ads/resource.js';
import { idSegment } from '../http/path.js';
import { respell } from '../wire/names.js';
import type { ApiClient, ApiResponse } from '../http/client.js';
import type { Params } from '../http/encode.js';
import type { AccountRef, AdsEnvelope } from '../ads/types.js';
import type { VideoConversationCard } from './types.js';

export { VIDEO_CONVERSATION_PAGE } from './pages.js';

const vcc = accountResource<VideoConversationCard>(['cards', 'video_conversation'], { kind: 'numeric', field: 'card_id' });

export const videoConversationListRequest = vcc.listRequest;
export const getVideoConversationCard = vcc.get;

/** POST creates a new card each time: not retried on 5xx. The CTA post texts' parameter names are wire names (src/wire/names.ts). */
export function createVideoConversationCard(
  client: ApiClient,
  account: AccountRef,
  params: Params,
): Promise<ApiResponse<AdsEnvelope<VideoConversationCard>>> {
  const query: Params = params.map(([k, v]) => [respell('param.', k, client.names), v]);
  return vcc.create(client, account, query);
}

/** PUT …/cards/video_conversation/:card_id with only the parameters given (query parameters, as create). */
export function updateVideoConversationCard(
  client: ApiClient,
  account: AccountRef,
  id: string,
  params: Params,
): Promise<ApiResponse<AdsEnvelope<VideoConversationCard>>> {
  const path = accountPath(account, 'cards', 'video_conversation', idSegment(id, 'token', 'card_id'));
  return client.request({ api: account.api, method: 'PUT', path, query: params });
}
