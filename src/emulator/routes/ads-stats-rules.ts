// The emulator's own analytics rules, written from the reference
// (https://docs.x.com/x-ads-api/analytics): never imported from the client, so
// a mistake in postctl's tables fails a test instead of cancelling out.
export const EMU_STATS_ENTITIES = ['ACCOUNT', 'FUNDING_INSTRUMENT', 'CAMPAIGN', 'LINE_ITEM', 'PROMOTED_ACCOUNT', 'PROMOTED_TWEET'];
export const EMU_ACTIVE_ENTITIES = ['CAMPAIGN', 'FUNDING_INSTRUMENT', 'LINE_ITEM', 'PROMOTED_ACCOUNT', 'PROMOTED_TWEET'];
const ALL_GROUPS = ['ENGAGEMENT', 'BILLING', 'VIDEO', 'WEB_CONVERSION', 'MOBILE_CONVERSION', 'LIFE_TIME_VALUE_MOBILE_CONVERSION'];
/** "Metrics and Segmentation": ACCOUNT engagement only, FUNDING_INSTRUMENT engagement and billing. */
export const EMU_GROUPS: Record<string, string[]> = {
  ACCOUNT: ['ENGAGEMENT'],
  FUNDING_INSTRUMENT: ['ENGAGEMENT', 'BILLING'],
  CAMPAIGN: ALL_GROUPS,
  LINE_ITEM: ALL_GROUPS,
  PROMOTED_TWEET: ALL_GROUPS,
  PROMOTED_ACCOUNT: ['ENGAGEMENT', 'BILLING'],
};
export const EMU_PLACEMENTS = ['ALL_ON_TWITTER', 'SPOTLIGHT', 'TREND'];
export const EMU_GRANULARITIES = ['DAY', 'HOUR', 'TOTAL'];
/** Segmentation types enabled and their companion parameter; CONVERSION_TAGS only with WEB_CONVERSION. */
export const EMU_SEGMENTS: Record<string, { country?: true; group?: string; values: string[] }> = {
  AGE: { values: ['AGE_18_TO_24', 'AGE_25_TO_34', 'AGE_35_TO_49', 'AGE_OVER_50'] },
  GENDER: { values: ['MALE', 'FEMALE'] },
  METROS: { country: true, values: ['819', '501'] },
  PLATFORMS: { values: ['IOS', 'ANDROID', 'DESKTOP'] },
  CONVERSION_TAGS: { group: 'WEB_CONVERSION', values: ['o8z6j'] },
};
export const EMU_STATS_LIMITS = {
  ids: 20,
  syncHours: 7 * 24,
  jobHours: 90 * 24,
  segmentedJobHours: 45 * 24,
  jobIds: 200,
  processing: 100,
  activeHours: 90 * 24,
};

const ENG_ALL = ['engagements', 'impressions', 'retweets', 'replies', 'likes', 'follows'];
const ENG_MORE = ['card_engagements', 'clicks', 'app_clicks', 'url_clicks', 'qualified_impressions', 'carousel_swipes'];
/** Metrics the model reports per group (integer arrays, or objects of arrays for conversions). */
const EMU_METRICS: Record<string, string[]> = {
  ENGAGEMENT: [...ENG_ALL, ...ENG_MORE],
  BILLING: ['billed_engagements', 'billed_charge_local_micro'],
  VIDEO: ['video_total_views', 'video_views_25', 'video_views_50', 'video_views_75', 'video_views_100', 'video_cta_clicks'],
  WEB_CONVERSION: ['purchases', 'sign_ups', 'site_visits', 'downloads', 'custom', 'add_to_carts', 'checkouts_initiated'].map(
    (m) => `conversion_${m}`,
  ),
  MOBILE_CONVERSION: ['installs', 'purchases', 'sign_ups', 'site_visits', 'downloads', 'spent_credits', 'content_views'].map(
    (m) => `mobile_conversion_${m}`,
  ),
  LIFE_TIME_VALUE_MOBILE_CONVERSION: ['purchases', 'sign_ups', 'updates', 'tutorials_completed', 'reservations'].map(
    (m) => `mobile_conversion_lifetime_value_${m}`,
  ),
};
/** Account and funding instrument levels report only part of ENGAGEMENT. */
export const emuMetricsFor = (entity: string, group: string): string[] =>
  group === 'ENGAGEMENT' && (entity === 'ACCOUNT' || entity === 'FUNDING_INSTRUMENT') ? ENG_ALL : EMU_METRICS[group]!;
export const EMU_OBJECT_KEYS: Record<string, string[]> = {
  WEB_CONVERSION: ['metric', 'order_quantity', 'sale_amount'],
  MOBILE_CONVERSION: ['post_view', 'post_engagement', 'assisted', 'order_quantity', 'sale_amount'],
  LIFE_TIME_VALUE_MOBILE_CONVERSION: ['metric', 'order_quantity', 'sale_amount'],
};
