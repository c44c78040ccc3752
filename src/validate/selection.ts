// Field selection for the v2 objects beyond posts and users (Spaces, topics,
// communities, news, trends, usage, post and media analytics, compliance jobs, notes, chat, public
// keys, likes): each `<object>.fields` parameter and each endpoint's
// expansions, as data, with the names of openapi v2.159 (identical in v2.167
// for these objects). Unknown names are one InputError (exit 6) naming the flag,
// before anything is sent; --allow-unknown-fields passes them on.
import type { InputProblem } from '../errors/cli-error.js';
import type { Params } from '../http/encode.js';
import { refuseUnknownFields } from './post-fields.js';
import { commaList } from './rules.js';

interface FieldFamily {
  /** The query parameter. */
  param: string;
  /** The CLI flag that fills it. */
  flag: string;
  valid: readonly string[];
}

const family = (param: string, valid: readonly string[]): FieldFamily => ({
  param,
  flag: `--${param.replace('.fields', '').replace(/_/g, '-')}-fields`,
  valid,
});

/** openapi v2.159 `*FieldsParameter` enums. */
const FAMILIES = {
  space: family('space.fields', [
    'created_at',
    'creator_id',
    'ended_at',
    'host_ids',
    'id',
    'invited_user_ids',
    'is_ticketed',
    'lang',
    'participant_count',
    'scheduled_start',
    'speaker_ids',
    'started_at',
    'state',
    'subscriber_count',
    'title',
    'topic_ids',
    'updated_at',
  ]),
  topic: family('topic.fields', ['description', 'id', 'name']),
  community: family('community.fields', ['access', 'created_at', 'description', 'id', 'join_policy', 'member_count', 'name']),
  news: family('news.fields', [
    'category',
    'cluster_posts_results',
    'contexts',
    'disclaimer',
    'hook',
    'id',
    'keywords',
    'name',
    'summary',
    'updated_at',
  ]),
  trend: family('trend.fields', ['trend_name', 'tweet_count']),
  personalizedTrend: family('personalized_trend.fields', ['category', 'post_count', 'trend_name', 'trending_since']),
  usage: family('usage.fields', [
    'cap_reset_day',
    'daily_client_app_usage',
    'daily_project_usage',
    'project_cap',
    'project_id',
    'project_usage',
  ]),
  complianceJob: family('compliance_job.fields', [
    'created_at',
    'download_expires_at',
    'download_url',
    'id',
    'name',
    'resumable',
    'status',
    'type',
    'upload_expires_at',
    'upload_url',
  ]),
  note: family('note.fields', ['id', 'info', 'status', 'test_result']),
  chatConversation: family('chat_conversation.fields', [
    'admin_ids',
    'created_at',
    'group_avatar_url',
    'group_name',
    'id',
    'is_muted',
    'member_ids',
    'message_ttl_msec',
    'participant_ids',
    'screen_capture_blocking_enabled',
    'screen_capture_detection_enabled',
    'type',
    'updated_at',
  ]),
  chatMessageEvent: family('chat_message_event.fields', [
    'conversation_id',
    'conversation_token',
    'created_at_msec',
    'encoded_event',
    'id',
    'is_trusted',
    'message_event_signature',
    'previous_id',
    'sender_id',
  ]),
  publicKey: family('public_key.fields', ['juicebox_config', 'public_key', 'signing_public_key', 'version']),
  likeWithPostAuthor: family('like_with_tweet_author.fields', [
    'created_at',
    'id',
    'liked_tweet_author_id',
    'liked_tweet_id',
    'timestamp_ms',
  ]),
  rulesCount: family('rules_count.fields', [
    'all_project_client_apps',
    'cap_per_client_app',
    'cap_per_project',
    'client_app_rules_count',
    'project_rules_count',
  ]),
  analytics: family('analytics.fields', [
    'app_install_attempts',
    'app_opens',
    'bookmarks',
    'detail_expands',
    'email_tweet',
    'engagements',
    'follows',
    'hashtag_clicks',
    'id',
    'impressions',
    'likes',
    'media_views',
    'permalink_clicks',
    'quote_tweets',
    'replies',
    'retweets',
    'shares',
    'timestamp',
    'unfollows',
    'unlikes',
    'url_clicks',
    'user_profile_clicks',
  ]),
  mediaAnalytics: family('media_analytics.fields', [
    'cta_url_clicks',
    'cta_watch_clicks',
    'media_key',
    'play_from_tap',
    'playback25',
    'playback50',
    'playback75',
    'playback_complete',
    'playback_start',
    'timestamp',
    'video_views',
    'watch_time_ms',
  ]),
  /** user.fields as the objects below expand them (Space hosts, chat members): openapi v2.159 UserFieldsParameter. */
  user: family('user.fields', [
    'affiliation',
    'confirmed_email',
    'connection_status',
    'created_at',
    'description',
    'entities',
    'id',
    'is_identity_verified',
    'location',
    'most_recent_tweet_id',
    'name',
    'parody',
    'pinned_tweet_id',
    'profile_banner_url',
    'profile_image_url',
    'protected',
    'public_metrics',
    'receives_your_dm',
    'subscription',
    'subscription_type',
    'url',
    'username',
    'verified',
    'verified_followers_count',
    'verified_type',
    'withheld',
  ]),
} as const satisfies Record<string, FieldFamily>;

type FamilyName = keyof typeof FAMILIES;

/** Expansions per object, openapi v2.159. */
export const EXPANSIONS = {
  space: ['creator_id', 'host_ids', 'invited_user_ids', 'speaker_ids', 'topic_ids'],
  chatConversation: ['admin_ids', 'member_ids', 'participant_ids'],
  like: ['liked_tweet_author_id', 'liked_tweet_id'],
} as const satisfies Record<string, readonly string[]>;

export interface SelectionInput {
  /** Each family with the names given (comma lists, repeatable flags). */
  fields: Partial<Record<FamilyName, readonly string[] | string | undefined>>;
  expansions?: { valid: readonly string[]; given: readonly string[] | string | undefined };
  allowUnknown?: boolean | undefined;
}

/** The query parameters, expansions first, then each family in the order given; every unknown name reported at once. */
export function selectionParams(input: SelectionInput): Params {
  const problems: InputProblem[] = [];
  const params: Params = [];
  const check = (flag: string, names: string[], valid: readonly string[], what: string) => {
    if (input.allowUnknown) return;
    for (const n of names)
      if (!valid.includes(n))
        problems.push({ field: flag, id: n, message: `unknown ${what} ${JSON.stringify(n)}; valid: ${valid.join(', ')}` });
  };
  if (input.expansions) {
    const names = [...new Set(commaList(input.expansions.given))];
    check('--expansions', names, input.expansions.valid, 'expansion');
    if (names.length) params.push(['expansions', names.join(',')]);
  }
  for (const [name, given] of Object.entries(input.fields) as Array<[FamilyName, readonly string[] | string | undefined]>) {
    const fam: FieldFamily = FAMILIES[name];
    const names = [...new Set(commaList(given))];
    check(fam.flag, names, fam.valid, `${fam.param.replace('.fields', '')} field`);
    if (names.length) params.push([fam.param, names.join(',')]);
  }
  refuseUnknownFields(problems);
  return params;
}
