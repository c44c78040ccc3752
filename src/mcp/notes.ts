// The hand-written part of `postctl mcp`'s tool texts, in one table: which toolset an ads sub-group belongs
// to, the default tool set, the enums of flags whose values the help lists in words (taken from the rule
// tables the verbs check them with, so the two cannot drift), inputs that mean nothing over MCP, and short
// notes for a model (when to use a group or a verb, what a call costs) where the declarations cannot say it.
// Everything else in a tool's text is derived from the verb's declarations (describe.ts, names.ts).
import { RANGE_CHOICES } from '../ads/stats/range/time-range.js';
import { CONVERSATION_SETTINGS, CREATIVE_TYPES, LABEL_VALUES, MEDIA_TYPES, VIDEO_CTAS } from '../creatives/enums.js';
import {
  ACTIVE_ENTITIES,
  GRANULARITIES,
  METRIC_GROUPS,
  PLACEMENTS,
  SEGMENTATION,
  STATS_ENTITIES,
  STATS_LIMITS,
} from '../validate/ads-stats.js';
import { HISTORY_ENTITY_TYPES, INDUSTRY_TYPES, READABLE_FEATURE_KEYS } from '../validate/ads-core-params.js';
import { CAMPAIGN_CREATE_PARAMS, CAMPAIGN_UPDATE_PARAMS } from '../validate/campaign.js';
import { FUNDING_CREATE_PARAMS } from '../validate/funding.js';
import { ENTITY_STATUSES, LINE_ITEM_PARAMS } from '../validate/line-item.js';
import { PLACEMENT_PRODUCT_TYPES, TRACKING_TAG_TYPES } from '../validate/line-item-children.js';
import { LINE_ITEM_CREATE_PARAMS } from '../validate/line-item-create.js';
import { EVENT_TYPES, LOCATION_TYPES, OPERATORS, OS_TYPES, SUGGESTION_TYPES, TARGETING_TYPES } from '../validate/targeting.js';

/** Ads sub-groups that form a toolset of their own; every other ads verb (a new one too) is in `ads`. */
export const ADS_TOOLSETS: Readonly<Record<string, string>> = {
  stats: 'ads_stats',
  cards: 'creatives',
  media: 'creatives',
  'media-library': 'creatives',
  'poll-cards': 'creatives',
  'video-conversation-cards': 'creatives',
  posts: 'creatives',
};

/** What a toolset without a help group of its own is for. */
export const TOOLSET_TEXT: Readonly<Record<string, string>> = {
  ads: 'ad accounts, funding instruments, campaigns, line items, targeting, promoted posts and accounts, change history, campaigns as code',
  ads_stats: 'ads analytics: spend, impressions, engagements per entity and day (sync or async jobs), active entities, reach',
  creatives: 'ads creatives: cards, poll and video conversation cards, account media, the media library, ads-only posts',
};

/**
 * The tools a server offers when no --toolsets or --tools is given: the jobs agents are asked for most — who am
 * I, read and search posts and users, post (dry run first), and an ads account's campaigns, line items and
 * their spend, with pause and resume. Small enough for any client (at most 40 tools, 40 KB of tools/list:
 * test/cli/mcp-toolsets.test.ts). Everything else is one `--toolsets` (or `enable_toolset`) away.
 */
export const DEFAULT_TOOLS: readonly string[] = [
  'users_me',
  'users_get',
  'users_search',
  'users_posts',
  'posts_lookup',
  'posts_search',
  'posts_create',
  'ads_accounts_list',
  'ads_funding_instruments_list',
  'ads_campaigns_list',
  'ads_campaigns_get',
  'ads_campaigns_pause',
  'ads_campaigns_resume',
  'ads_line_items_list',
  'ads_line_items_get',
  'ads_line_items_pause',
  'ads_promoted_posts_list',
  'ads_stats',
  'ads_stats_active',
];

const values = (table: ReadonlyArray<{ name: string; kind: string; values?: readonly string[] }>) =>
  Object.fromEntries(table.filter((p) => p.values).map((p) => [p.name, p.values!]));

/**
 * Enums of flags whose help lists the values in words: by input name, or by `tool.input` where one name has
 * different values in different tools. The write verbs' enums come from the parameter tables they are checked with.
 */
export const ENUMS: Readonly<Record<string, readonly string[]>> = {
  range: RANGE_CHOICES,
  'ads_stats.entity': [...STATS_ENTITIES, 'PROMOTED_POST'],
  'ads_stats_active.entity': [...ACTIVE_ENTITIES, 'PROMOTED_POST'],
  'ads_stats.granularity': GRANULARITIES,
  'ads_stats.placement': [...PLACEMENTS, 'all'],
  'ads_stats.segment': Object.keys(SEGMENTATION),
  metric_groups: METRIC_GROUPS,
  'media_analytics.granularity': ['hourly', 'daily', 'total'],
  'posts_analytics.granularity': ['hourly', 'daily', 'weekly', 'total'],
  'posts_counts.granularity': ['minute', 'hour', 'day'],
  'ads_accounts_update.industry_type': INDUSTRY_TYPES,
  'ads_accounts_history.entity_type': HISTORY_ENTITY_TYPES,
  'ads_features_list.keys': READABLE_FEATURE_KEYS,
  'ads_line_items_list.statuses': ENTITY_STATUSES,
  'ads_line_items_placements.product_type': [...PLACEMENT_PRODUCT_TYPES, 'PROMOTED_POSTS'],
  'ads_targeting_search.location_type': LOCATION_TYPES,
  'ads_targeting_search.os_type': OS_TYPES,
  'ads_targeting_search.event_types': EVENT_TYPES,
  'ads_targeting_suggestions.type': SUGGESTION_TYPES,
  'ads_targeting_add.type': TARGETING_TYPES,
  'ads_targeting_add.operator': OPERATORS,
  'ads_tracking_tags_create.type': TRACKING_TAG_TYPES,
  'ads_media_list.creative_types': CREATIVE_TYPES,
  'ads_cards_create.app_button': LABEL_VALUES,
  'ads_media_library_list.media_type': MEDIA_TYPES,
  'ads_posts_create.conversation_settings': CONVERSATION_SETTINGS,
  'ads_posts_create.video_cta': VIDEO_CTAS,
};

/** Write verbs whose enums are their parameter table's (flag names are the API parameters in snake case). */
export const PARAM_ENUMS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  ads_campaigns_create: values(CAMPAIGN_CREATE_PARAMS),
  ads_campaigns_update: values(CAMPAIGN_UPDATE_PARAMS),
  ads_line_items_create: values(LINE_ITEM_CREATE_PARAMS),
  ads_line_items_update: values(LINE_ITEM_PARAMS),
  ads_funding_instruments_create: values(FUNDING_CREATE_PARAMS),
};

/**
 * Flags that shape output MCP never produces (every call is `-o json`): a terminal chart, the HTML report's
 * looks, money in micros in tables; and for every tool (`*`), sending field names postctl does not know (an
 * agent's guess is better refused before anything is sent). Left out of the tools rather than offered and ignored. A tool's own entry replaces `*`.
 */
export const NOT_OVER_MCP: Readonly<Record<string, readonly string[]>> = {
  '*': ['allow_unknown_fields', 'auth'],
  // `request` keeps its --auth: choosing the scheme is what the tool is for.
  request: [],
  ads_stats: ['allow_unknown_fields', 'auth', 'chart', 'title', 'logo', 'brand_color', 'compare', 'locale', 'micros'],
};

/**
 * Input names by meaning, where the verb's flag or argument name says less: `q` is a search query everywhere,
 * `--media` holds media ids. `tool.name` entries are for one tool.
 */
export const RENAMES: Readonly<Record<string, string>> = {
  q: 'query',
  media: 'media_id',
  'ads_cards_create.media': 'media_key',
  'ads_history.entity': 'entity_id',
  post: 'post_id',
  posts: 'post_ids',
  reply: 'reply_id',
  lists: 'list_ids',
  line_item: 'line_item_id',
  campaign: 'campaign_id',
  campaigns: 'campaign_ids',
  funding_instrument: 'funding_instrument_id',
  funding_instruments: 'funding_instrument_ids',
  community: 'community_id',
  conversation: 'conversation_id',
};

/** Plural nouns that do not end in s (an array input may be named so). */
export const PLURAL_WORDS = new Set(['media', 'data', 'criteria', 'with']);

/** When to use a toolset's tools, one line each (the verb's own description says what it does). */
export const WHEN: Readonly<Record<string, string>> = {
  posts: 'Post ids are numbers (or post URLs).',
  users: 'A user is an id, an @handle or a profile URL.',
  ads: 'Ads ids are short strings (f2qcm); find them with the *_list tools.',
  ads_stats: 'Use for spend and performance; dates are days in the ad account’s time zone.',
  creatives: 'Find media keys and card ids with the *_list tools.',
  config: 'postctl’s own settings of the server’s profile (secrets are never shown).',
};

/** Per-tool notes for a model: when to use it and what it costs, where the declarations cannot tell. */
export const TOOL_NOTES: Readonly<Record<string, { when?: string; cost?: string }>> = {
  users_me: { when: 'Use first to learn the logged-in user id.', cost: '1 request.' },
  posts_lookup: { when: 'Use when you have post ids or URLs; to find posts by words use posts_search.', cost: '1 request per 100 ids.' },
  posts_search: { when: 'Use to find posts by words, @users or #tags (last 7 days unless archive).' },
  users_get: { when: 'Use when you have ids or @handles; to find people by words use users_search.', cost: '1 request per 100 users.' },
  ads_stats: {
    when: 'Use for spend and metrics of campaigns, line items or promoted posts over a range of days (range: yesterday, last-7-days…; or from/to). active: true finds the entities that ran, so no ids are needed. metrics.spend is in the account’s currency; *_micro metrics are micros.',
    cost: `1 synchronous request per ${STATS_LIMITS.idsPerRequest} entities, 7-day window and placement (${STATS_LIMITS.syncPer15Minutes} per 15 minutes per user), or async jobs for longer ranges and segments (a few requests each, polled until ready).`,
  },
  ads_stats_active: { when: 'Use to find which entities had activity in a range before asking ads_stats.' },
  ads_campaigns_pause: {
    when: 'Pauses campaigns (and with their line items, see its inputs); run with dry_run: true first and show the plan.',
  },
  ads_line_items_pause: { when: 'Run with dry_run: true first and show the plan.' },
  ads_history: { when: 'Use to see who changed what in an ad account and when.' },
  usage_posts: { when: 'Use to see how much of the app’s monthly post cap is used before large reads.' },
  request: { when: 'Use only when no other tool covers an endpoint.', cost: '1 request (GET and HEAD only unless writes are allowed).' },
};

/** Tools that send no request (local settings). */
export const LOCAL_TOOLS = new Set(['config_get', 'config_list', 'config_path', 'openapi']);

/**
 * Inputs many tools share, in a few words each: one text per concept across tools, and a tools/list small
 * enough for a model's context (the verbs' help says more, for people).
 */
export const SHORT: Readonly<Record<string, string>> = {
  account: 'ad account id (default: the profile’s)',
  sandbox: 'use the ads sandbox',
  auth: 'credentials to use (default: what the endpoint takes)',
  allow_unknown_fields: 'send field names postctl does not know',
  reason: 'why: kept in the change journal (ads_history)',
  next_token: 'the API’s next_token of a previous page',
  all: 'follow every page (a request each)',
  max_results: 'items per API page',
  count: 'items per API page',
  sort_by: 'sort, e.g. created_at-desc',
  with_total_count: 'add total_count (lower rate limit)',
  post_fields: 'post.fields to add: created_at, author_id, public_metrics, entities…',
  user_fields: 'user.fields to add: username, name, verified, public_metrics…',
  media_fields: 'media.fields to add: type, url, duration_ms, public_metrics…',
  place_fields: 'place.fields to add',
  poll_fields: 'poll.fields to add',
  all_fields: 'every field and the usual expansions (large)',
  yes: 'confirm (required for the change to run)',
  limit: 'at most n items (follows API pages as needed)',
};
