// Rules of promoted accounts, scheduled promoted posts, tracking tags and
// line item placements (campaign-management reference), checked before sending.
import { httpsUrl, maxLength, oneOf, type Problems } from './rules.js';

/** tracking_tag_type: "Possible value: IMPRESSION_TAG, CLICK_TRACKER". */
export const TRACKING_TAG_TYPES = ['IMPRESSION_TAG', 'CLICK_TRACKER'] as const;
/** product_type of GET line_items/placements: "Possible values: MEDIA, PROMOTED_ACCOUNT, PROMOTED_TWEETS" (official spelling). */
export const PLACEMENT_PRODUCT_TYPES = ['MEDIA', 'PROMOTED_ACCOUNT', 'PROMOTED_TWEETS'] as const;

const ADS_ID = /^[0-9a-z]{1,32}$/;
const LONG = /^[0-9]{1,19}$/;
/** Longer than any URL a browser or ad server takes; the reference states no bound. */
const MAX_URL = 2048;

/** line_item_id: required, an ads id. */
export function checkLineItemId(p: Problems, id: string | undefined): void {
  if (id === undefined) p.add('line_item_id', 'is required (--line-item)');
  else if (!ADS_ID.test(id)) p.add('line_item_id', `must be an ads id (letters a-z and digits; got ${JSON.stringify(id)})`);
}

/** A `long` parameter (user_id, scheduled_tweet_id): 1 to 19 digits. */
export function checkLong(p: Problems, field: string, value: string | undefined): void {
  if (value === undefined) p.add(field, 'is required');
  else if (!LONG.test(value)) p.add(field, `must be 1 to 19 digits (got ${JSON.stringify(value)})`);
}

/**
 * tracking_tag_url: required. The reference names no scheme; postctl takes only https:// (a tracking pixel or
 * click tracker served over http is blocked as mixed content on the platform's https pages).
 */
export function checkTrackingUrl(p: Problems, url: string | undefined): void {
  if (url === undefined) p.add('tracking_tag_url', 'is required (--url)');
  else p.check('tracking_tag_url', url, [httpsUrl, maxLength(MAX_URL)]);
}

/** tracking_tag_type: required, one of TRACKING_TAG_TYPES (case ignored: sent upper-case). */
export function trackingTagType(p: Problems, type: string | undefined): string | undefined {
  if (type === undefined) {
    p.add('tracking_tag_type', `is required (--type ${TRACKING_TAG_TYPES.join(' or ')})`);
    return undefined;
  }
  const up = type.toUpperCase();
  p.check('tracking_tag_type', up, [oneOf(TRACKING_TAG_TYPES)]);
  return up;
}
