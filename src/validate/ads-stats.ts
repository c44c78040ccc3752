// The analytics rules as data (https://docs.x.com/x-ads-api/analytics): entities,
// metric groups per entity, placements, segmentation types and their companion
// parameter, granularities and the request limits. The planner
// (src/ads/stats/plan.ts) and `ads stats` check every one before sending.
import type { InputProblem } from '../errors/cli-error.js';

export const STATS_ENTITIES = ['ACCOUNT', 'FUNDING_INSTRUMENT', 'CAMPAIGN', 'LINE_ITEM', 'PROMOTED_TWEET', 'PROMOTED_ACCOUNT'] as const;
export type StatsEntity = (typeof STATS_ENTITIES)[number];
/** The spec's neutral spelling of PROMOTED_TWEET, accepted on input; the live name is sent. */
const ENTITY_ALIASES: Record<string, StatsEntity> = { PROMOTED_POST: 'PROMOTED_TWEET' };
/** Active entities lists every analytics entity but ACCOUNT. */
export const ACTIVE_ENTITIES = ['CAMPAIGN', 'FUNDING_INSTRUMENT', 'LINE_ITEM', 'PROMOTED_ACCOUNT', 'PROMOTED_TWEET'] as const;

export const METRIC_GROUPS = [
  'ENGAGEMENT',
  'BILLING',
  'VIDEO',
  'WEB_CONVERSION',
  'MOBILE_CONVERSION',
  'LIFE_TIME_VALUE_MOBILE_CONVERSION',
] as const;
export type MetricGroup = (typeof METRIC_GROUPS)[number];

/**
 * "Metrics and Segmentation" table. PROMOTED_ACCOUNT is an analytics entity of
 * the synchronous endpoint, but the table has no row for it; the FOLLOWERS
 * objective's metrics (engagement and billing) are what it reports.
 */
export const GROUPS_BY_ENTITY: Record<StatsEntity, readonly MetricGroup[]> = {
  ACCOUNT: ['ENGAGEMENT'],
  FUNDING_INSTRUMENT: ['ENGAGEMENT', 'BILLING'],
  CAMPAIGN: METRIC_GROUPS,
  LINE_ITEM: METRIC_GROUPS,
  PROMOTED_TWEET: METRIC_GROUPS,
  PROMOTED_ACCOUNT: ['ENGAGEMENT', 'BILLING'],
};

/** "MOBILE_CONVERSION data should be requested separately." */
export const REQUESTED_APART: readonly MetricGroup[] = ['MOBILE_CONVERSION'];

const ENGAGEMENT_ALL = ['engagements', 'impressions', 'retweets', 'replies', 'likes', 'follows'];
const ENGAGEMENT_NOT_ACCOUNT = ['card_engagements', 'clicks', 'app_clicks', 'url_clicks', 'qualified_impressions', 'carousel_swipes'];
const WEB_CONVERSIONS = ['purchases', 'sign_ups', 'site_visits', 'downloads', 'custom', 'add_to_carts', 'checkouts_initiated'];
const MOBILE_CONVERSIONS = ['installs', 'purchases', 'sign_ups', 'site_visits', 'downloads', 'spent_credits', 'content_views'];
const LTV_CONVERSIONS = ['purchases', 'sign_ups', 'updates', 'tutorials_completed', 'reservations'];

/** Metric names per group (a representative subset for the conversion groups: their JSON objects are flattened). */
const METRICS_BY_GROUP: Record<MetricGroup, readonly string[]> = {
  ENGAGEMENT: [...ENGAGEMENT_ALL, ...ENGAGEMENT_NOT_ACCOUNT],
  BILLING: ['billed_engagements', 'billed_charge_local_micro'],
  VIDEO: ['video_total_views', 'video_views_25', 'video_views_50', 'video_views_75', 'video_views_100', 'video_cta_clicks'],
  WEB_CONVERSION: WEB_CONVERSIONS.map((m) => `conversion_${m}`),
  MOBILE_CONVERSION: MOBILE_CONVERSIONS.map((m) => `mobile_conversion_${m}`),
  LIFE_TIME_VALUE_MOBILE_CONVERSION: LTV_CONVERSIONS.map((m) => `mobile_conversion_lifetime_value_${m}`),
};

/** The metrics an entity reports for a group ("Available for Account / Funding Instrument" column). */
export function metricsFor(entity: StatsEntity, group: MetricGroup): readonly string[] {
  if (group === 'ENGAGEMENT' && (entity === 'ACCOUNT' || entity === 'FUNDING_INSTRUMENT')) return ENGAGEMENT_ALL;
  return METRICS_BY_GROUP[group];
}

/** Keys of a JSON-object metric (the conversion groups), flattened to dotted columns. */
export const OBJECT_METRIC_KEYS: Partial<Record<MetricGroup, readonly string[]>> = {
  WEB_CONVERSION: ['metric', 'order_quantity', 'sale_amount'],
  MOBILE_CONVERSION: ['post_view', 'post_engagement', 'assisted', 'order_quantity', 'sale_amount'],
  LIFE_TIME_VALUE_MOBILE_CONVERSION: ['metric', 'order_quantity', 'sale_amount'],
};

export const PLACEMENTS = ['ALL_ON_TWITTER', 'SPOTLIGHT', 'TREND'] as const;
export type Placement = (typeof PLACEMENTS)[number];
/** The spec's neutral spelling of ALL_ON_TWITTER. */
const PLACEMENT_ALIASES: Record<string, Placement> = { ALL_ON_SERVICE: 'ALL_ON_TWITTER' };

export const GRANULARITIES = ['DAY', 'HOUR', 'TOTAL'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** Segmentation types enabled (May 2026) and the companion parameter each requires. */
export const SEGMENTATION: Record<string, { requires?: 'country'; onlyGroups?: readonly MetricGroup[] }> = {
  AGE: {},
  GENDER: {},
  METROS: { requires: 'country' },
  PLATFORMS: {},
  CONVERSION_TAGS: { onlyGroups: ['WEB_CONVERSION'] },
};

export const STATS_LIMITS = {
  /** entity_ids per request (sync and jobs). */
  idsPerRequest: 20,
  syncDays: 7,
  jobDays: 90,
  segmentedJobDays: 45,
  /** job_ids per status request. */
  jobIdsPerPoll: 200,
  /** Jobs an account may have processing at once. */
  processingJobs: 100,
  /** Synchronous requests per user per 15 minutes. */
  syncPer15Minutes: 250,
  /** Ids per reach request. */
  reachIds: 20,
  /** Filter ids per active-entities request. */
  activeFilterIds: 200,
  /** Longest window of one active-entities request. */
  activeDays: 90,
} as const;

/** Ads ids are short base-36 strings; an empty or odd one is refused before sending. */
const ID_RE = /^[A-Za-z0-9]{1,32}$/;

export interface StatsSelection {
  entity: string | undefined;
  ids: readonly string[];
  active: boolean;
  metricGroups: readonly string[];
  placement: string;
  segment?: string;
  country?: string;
  mode: string;
}

/** The entity's canonical name, or undefined when unknown. */
export const entityName = (v: string | undefined): StatsEntity | undefined =>
  v === undefined ? undefined : (ENTITY_ALIASES[v.toUpperCase()] ?? STATS_ENTITIES.find((e) => e === v.toUpperCase()));

export const placementName = (v: string): Placement | undefined =>
  PLACEMENT_ALIASES[v.toUpperCase()] ?? PLACEMENTS.find((p) => p === v.toUpperCase());

/** Every rule that does not depend on time (the range's, --granularity's too: src/ads/stats/range/time-range.ts): all problems at once, each naming its flag. */
export function statsSelectionProblems(s: StatsSelection): InputProblem[] {
  const out: InputProblem[] = [];
  const add = (field: string, message: string) => out.push({ field, message });
  const entity = entityName(s.entity);
  if (!s.entity) add('--entity', `is required: one of ${STATS_ENTITIES.join(', ')}`);
  else if (!entity) add('--entity', `must be one of ${STATS_ENTITIES.join(', ')} (got ${JSON.stringify(s.entity)})`);
  if (!s.active && s.ids.length === 0) add('entity_ids', 'no entity ids given (arguments, --ids, --file or --active)');
  for (const id of s.ids) if (!ID_RE.test(id)) add('entity_ids', `${JSON.stringify(id)} is not an ads id`);
  if (s.metricGroups.length === 0) add('--metric-groups', `is required: one or more of ${METRIC_GROUPS.join(', ')}`);
  for (const g of s.metricGroups) {
    if (!(METRIC_GROUPS as readonly string[]).includes(g))
      add('--metric-groups', `unknown metric group ${JSON.stringify(g)} (${METRIC_GROUPS.join(', ')})`);
    else if (entity && !(GROUPS_BY_ENTITY[entity] as readonly string[]).includes(g))
      add('--metric-groups', `${g} is not available for ${entity} (allowed: ${GROUPS_BY_ENTITY[entity].join(', ')})`);
  }
  if (s.placement.toLowerCase() !== 'all' && !placementName(s.placement))
    add('--placement', `must be one of ${PLACEMENTS.join(', ')} or all (got ${JSON.stringify(s.placement)})`);
  segmentProblems(s, add);
  return out;
}

function segmentProblems(s: StatsSelection, add: (field: string, message: string) => void): void {
  if (s.country !== undefined && !s.segment) add('--country', 'only goes with --segment METROS');
  if (!s.segment) return;
  const rule = SEGMENTATION[s.segment];
  if (!rule) {
    add('--segment', `must be one of ${Object.keys(SEGMENTATION).join(', ')} (got ${JSON.stringify(s.segment)})`);
    return;
  }
  if (s.mode === 'sync') add('--segment', 'segmentation is available only through jobs (--mode job or auto), not --mode sync');
  if (rule.requires === 'country' && !s.country)
    add('--country', `--segment ${s.segment} requires --country (e.g. 96683cc9126741d1 for US)`);
  if (rule.onlyGroups && s.metricGroups.some((g) => !rule.onlyGroups!.includes(g as MetricGroup)))
    add('--segment', `${s.segment} works only with --metric-groups ${rule.onlyGroups.join(',')}`);
}
