// What the lookup verbs of Spaces, trends, communities, news, usage, notes,
// compliance jobs and chat share: the field flags of their objects (names
// checked by src/validate/selection.ts) and printing one object or one unpaged
// list (paged lists go through the one pager, src/commands/_listing.ts).
import type { Context } from '../entry/context.js';
import type { ApiClient, RequestOptions } from '../http/client.js';
import type { Params } from '../http/encode.js';
import type { Column } from '../output/printer.js';
import { Problems, integerBetween } from '../validate/rules.js';
import type { OptionSpec } from './define.js';

const fields = <F extends string>(flags: F, what: string) =>
  ({ flags, description: `${what} (comma list, repeatable; names checked against the API description)`, repeatable: true }) as const;

/** One flag per `<object>.fields` parameter (src/validate/selection.ts FAMILIES). */
export const FIELD_FLAGS = {
  spaceFields: fields('--space-fields <list>', 'space.fields: title, state, host_ids, participant_count, started_at…'),
  topicFields: fields('--topic-fields <list>', 'topic.fields of expanded topics: id, name, description'),
  userFields: fields('--user-fields <list>', 'user.fields of expanded users: username, name, public_metrics…'),
  communityFields: fields(
    '--community-fields <list>',
    'community.fields: name, description, member_count, access, join_policy, created_at',
  ),
  newsFields: fields('--news-fields <list>', 'news.fields: name, summary, hook, category, keywords, contexts, updated_at…'),
  trendFields: fields('--trend-fields <list>', 'trend.fields: trend_name, tweet_count'),
  personalizedTrendFields: fields(
    '--personalized-trend-fields <list>',
    'personalized_trend.fields: trend_name, category, post_count, trending_since',
  ),
  usageFields: fields('--usage-fields <list>', 'usage.fields: project_usage, project_cap, cap_reset_day, daily_project_usage…'),
  complianceJobFields: fields('--compliance-job-fields <list>', 'compliance_job.fields: status, upload_url, download_url, created_at…'),
  noteFields: fields('--note-fields <list>', 'note.fields: id, info, status, test_result'),
  chatConversationFields: fields(
    '--chat-conversation-fields <list>',
    'chat_conversation.fields: type, participant_ids, group_name, updated_at…',
  ),
  chatMessageEventFields: fields(
    '--chat-message-event-fields <list>',
    'chat_message_event.fields: sender_id, created_at_msec, encoded_event…',
  ),
  rulesCountFields: fields(
    '--rules-count-fields <list>',
    'rules_count.fields: client_app_rules_count, cap_per_client_app, project_rules_count…',
  ),
  likeFields: fields(
    '--like-fields <list>',
    'like_with_tweet_author.fields of the likes streams: liked_tweet_id, liked_tweet_author_id, timestamp_ms…',
  ),
  analyticsFields: fields('--analytics-fields <list>', 'analytics.fields: impressions, engagements, likes, replies, url_clicks…'),
  mediaAnalyticsFields: fields(
    '--media-analytics-fields <list>',
    'media_analytics.fields: video_views, playback_start, playback_complete, watch_time_ms…',
  ),
  publicKeyFields: fields('--public-key-fields <list>', 'public_key.fields: public_key, signing_public_key, version, juicebox_config'),
} as const satisfies Record<string, OptionSpec>;

/** One object: `data` as field/value rows, the whole envelope in JSON. */
export async function printOne(ctx: Context, client: ApiClient, req: RequestOptions, columns?: Column[]): Promise<number> {
  const res = await client.request<{ data?: unknown }>(req);
  ctx.printer.object(res.body?.data ?? {}, columns, res.body);
  return 0;
}

/** A list the endpoint returns whole (no cursor): the items, or a note on stderr when there are none. */
export async function printAll(ctx: Context, client: ApiClient, req: RequestOptions, columns: Column[], what: string): Promise<number> {
  const res = await client.request<{ data?: unknown[] }>(req);
  const items = Array.isArray(res.body?.data) ? res.body.data : [];
  ctx.printer.list(items, columns, res.body);
  if (!items.length) ctx.log.info(`no ${what}`);
  return 0;
}

/** An integer flag sent as `param` when given, checked against [min, max] first (exit 6 naming the flag). */
export function intParam(flag: string, value: string | undefined, param: string, range: readonly [number, number]): Params {
  if (value === undefined) return [];
  const p = new Problems();
  p.check(flag, value, [integerBetween(range[0], range[1])]);
  p.throwIfAny('invalid options');
  return [[param, value]];
}
