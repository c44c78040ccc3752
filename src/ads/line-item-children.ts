// What hangs under a line item besides its promoted posts and targeting
// (campaign-management reference): promoted accounts
// (accounts/:account_id/promoted_accounts), scheduled promoted posts
// (…/scheduled_promoted_tweets officially, `scheduled_promoted_posts` in the
// spec's neutral spelling, through the name table), tracking tags
// (…/tracking_tags); and the placements each product type allows
// (GET line_items/placements, no account). None of them can be updated except a
// tracking tag's URL.
import type { ApiClient, ApiResponse, RequestOptions } from '../http/client.js';
import { joinPath } from '../http/path.js';
import { wire, type NameStyle } from '../wire/names.js';
import { ADS_VERSION } from './common.js';
import { accountResource } from './resource.js';
import type { AccountRef, AdsEnvelope } from './types.js';

type Entity = Record<string, unknown>;

export const promotedAccounts = accountResource<Entity>(['promoted_accounts'], { kind: 'ads', field: 'promoted_account_id' });
export const trackingTags = accountResource<Entity>(['tracking_tags'], { kind: 'ads', field: 'tracking_tag_id' });

/** Scheduled promoted posts in the selected wire spelling. */
export function scheduledPromotedPosts(style: NameStyle) {
  return accountResource<Entity>([wire('path.ads.scheduled_promoted_posts', style)], {
    kind: 'ads',
    field: 'scheduled_promoted_post_id',
  });
}

/** GET line_items/placements[?product_type=…]: the valid placement combinations of each product type. */
export function linePlacements(
  client: ApiClient,
  api: AccountRef['api'],
  productType: string | undefined,
): Promise<ApiResponse<AdsEnvelope<Entity[]>>> {
  const req: RequestOptions = {
    api,
    method: 'GET',
    path: joinPath(ADS_VERSION, 'line_items', 'placements'),
    query: productType === undefined ? undefined : { product_type: productType },
  };
  return client.request(req);
}
