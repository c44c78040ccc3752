// Wire names: the one place that knows both spellings of every identifier that
// differs between the live service ("official", from the service's own API
// description, openapi v2.159 and the ads reference pages) and the neutral spec
// ("neutral": `post`, `service`). Nothing else in src/ spells either form; code
// asks for a name by key and the client's selected style decides.
//
// Style: profile setting `api_names` / env POSTCTL_API_NAMES, default official.
//
// Sources (official column): platform/openapi-v2.159.json (the contract), the
// ads reference pages (docs.x.com/x-ads-api/…), oauth1-api-reference and
// activity-introduction. Neutral column: the seeds' own text, or where the
// seeds name no value, the seeds' stated substitution (`post` for the message
// resource, `service` for the brand, "the same way throughout").
//
// Where openapi v2.167 (docs repository, Aug 2026) differs from v2.159: it
// spells `post.fields`, `referenced_posts`, `edit_history_post_ids`,
// `note_post` (a half-finished rename: its /2/tweets paths keep `tweet`), drops
// `author_id`, `in_reply_to_user_id`, `pinned_tweet_id` and
// `most_recent_tweet_id` from its field lists, adds `username` and
// `referenced_posts` as expansions and `paid_partnership` as a field. v2.159 is
// the contract; v2.167 is used only for what v2.159 lacks: the activity filter's
// `direction` (inbound/outbound) and the post/dm event types.
//
// Checked and identical in both descriptions, so not in this table:
// `cluster_posts_results` (news.fields), `previous_post_id`
// (edit_options), `posts_eligible_for_notes`, the `post.create`/`post.delete`
// event types, `poster_media_key`, `ONLINE_SERVICES`.
export type NameStyle = 'official' | 'neutral';

/** key → [official, neutral]. Keys are stable identifiers, never sent. */
const TABLE = {
  // Platform v2 paths (segments; /2/<posts>/search/recent etc. build on it).
  'path.posts': ['tweets', 'posts'],
  'path.liked_posts': ['liked_tweets', 'liked_posts'],
  // Query parameter names.
  'param.post.fields': ['tweet.fields', 'post.fields'],
  // Field names (tweet.fields, user.fields values; also keys in payloads).
  'field.referenced_posts': ['referenced_tweets', 'referenced_posts'],
  'field.edit_history_post_ids': ['edit_history_tweet_ids', 'edit_history_post_ids'],
  'field.note_post': ['note_tweet', 'note_post'],
  'field.pinned_post_id': ['pinned_tweet_id', 'pinned_post_id'],
  'field.most_recent_post_id': ['most_recent_tweet_id', 'most_recent_post_id'],
  // Expansion values.
  'expansion.referenced_posts.id': ['referenced_tweets.id', 'referenced_posts.id'],
  'expansion.referenced_posts.id.author_id': ['referenced_tweets.id.author_id', 'referenced_posts.id.author_id'],
  'expansion.edit_history_post_ids': ['edit_history_tweet_ids', 'edit_history_post_ids'],
  // Response keys read by the client.
  'key.includes.posts': ['tweets', 'posts'],
  'key.repost_count': ['retweet_count', 'repost_count'],
  'key.post_count': ['tweet_count', 'post_count'],
  // OAuth 1.0a request token (oauth1-api-reference.mdx).
  'param.access_type': ['x_auth_access_type', 'service_auth_access_type'],
  // Activity events (openapi event_type enum; activity-introduction.mdx).
  'event.verified_badge': ['profile.update.verified_badge', 'profile.update.verified'],
  'event.affiliate_badge': ['profile.update.affiliate_badge', 'profile.update.affiliate'],
  // The subscription filter's direction: v2.167 enum (v2.159 has no direction).
  'enum.direction.sent': ['outbound', 'sent'],
  'enum.direction.received': ['inbound', 'received'],
  // Streaming connection endpoint names (openapi connections endpoint enum).
  'stream.posts_compliance': ['tweets_compliance_stream', 'posts_compliance_stream'],
  'stream.post_label': ['tweet_label_stream', 'post_label_stream'],

  // Ads API (creatives-reference.mdx): create a post, name a post.
  'path.ads.post': ['tweet', 'post'],
  'path.ads.posts': ['tweets', 'posts'],
  'param.post_mode': ['tweet_mode', 'post_mode'],
  'key.post_type': ['tweet_type', 'post_type'],
  // Video conversation cards' CTA post texts.
  'param.first_cta_post': ['first_cta_tweet', 'first_cta_post'],
  'param.second_cta_post': ['second_cta_tweet', 'second_cta_post'],
  'param.third_cta_post': ['third_cta_tweet', 'third_cta_post'],
  'param.fourth_cta_post': ['fourth_cta_tweet', 'fourth_cta_post'],
  // Card delete: official DELETE accounts/:account_id/cards/:card_id; the seeds'
  // text uses the image_conversation family path. Empty = no segment.
  'segment.card_delete_kind': ['', 'image_conversation'],
  // Media library object (media_category values, `tweeted` flag).
  'enum.media_category.image': ['TWEET_IMAGE', 'POST_IMAGE'],
  'enum.media_category.video': ['TWEET_VIDEO', 'POST_VIDEO'],
  'enum.media_category.gif': ['TWEET_GIF', 'POST_GIF'],
  'key.posted': ['tweeted', 'posted'],
  // Campaign management (campaign-management-reference.mdx).
  'enum.entity_type.promoted_post': ['PROMOTED_TWEET', 'PROMOTED_POST'],
  'enum.product_type.promoted_posts': ['PROMOTED_TWEETS', 'PROMOTED_POSTS'],
  'key.automatic_post_promotion': ['automatic_tweet_promotion', 'automatic_post_promotion'],
  // Promoted posts: accounts/:account_id/promoted_tweets?line_item_id=…&tweet_ids=…; objects carry tweet_id.
  'path.ads.promoted_posts': ['promoted_tweets', 'promoted_posts'],
  'param.post_ids': ['tweet_ids', 'post_ids'],
  'param.promoted_post_ids': ['promoted_tweet_ids', 'promoted_post_ids'],
  'key.post_id': ['tweet_id', 'post_id'],
  // Scheduled promoted posts: accounts/:account_id/scheduled_promoted_tweets?line_item_id=…&scheduled_tweet_id=….
  'path.ads.scheduled_promoted_posts': ['scheduled_promoted_tweets', 'scheduled_promoted_posts'],
  'param.scheduled_promoted_post_ids': ['scheduled_promoted_tweet_ids', 'scheduled_promoted_post_ids'],
  'param.scheduled_post_id': ['scheduled_tweet_id', 'scheduled_post_id'],
  // Placements: the seeds name none; neutral by the seeds' substitution rule.
  'enum.placement.all': ['ALL_ON_TWITTER', 'ALL_ON_SERVICE'],
  'enum.placement.profile': ['TWITTER_PROFILE', 'SERVICE_PROFILE'],
  'enum.placement.replies': ['TWITTER_REPLIES', 'SERVICE_REPLIES'],
  'enum.placement.search': ['TWITTER_SEARCH', 'SERVICE_SEARCH'],
  'enum.placement.timeline': ['TWITTER_TIMELINE', 'SERVICE_TIMELINE'],
  // Audiences (audiences-reference.mdx): users' identifier key, keyword insights.
  'key.service_id': ['twitter_id', 'service_id'],
  'key.post_volume': ['tweet_volume', 'post_volume'],
  // Custom audience permissions: /12/…/custom_audiences/:id/permissions; the
  // seeds' /5/…/tailored_audiences path is version 5, retired (fundamentals-versioning.mdx).
  'path.audience_permissions.version': ['12', '5'],
  'path.audience_permissions.collection': ['custom_audiences', 'tailored_audiences'],

  // The header that carries a webhook delivery's signature (sha256=<base64 HMAC-SHA256 of the raw body>).
  // The spec leaves delivery signatures "not shown"; the live name is the service's documented one.
  'header.webhooks_signature': ['x-twitter-webhooks-signature', 'x-service-webhooks-signature'],

  // Posting, search, stream
  'body.quote_post_id': ['quote_tweet_id', 'quote_post_id'],
  'body.in_reply_to_post_id': ['in_reply_to_tweet_id', 'in_reply_to_post_id'],
  'meta.total_post_count': ['total_tweet_count', 'total_post_count'],

  // Media, listings, updates
  // Media upload categories of a post's own media (openapi v2.159 MediaCategory).
  'value.media_category.image': ['tweet_image', 'post_image'],
  'value.media_category.gif': ['tweet_gif', 'post_gif'],
  'value.media_category.video': ['tweet_video', 'post_video'],
  // The video a subtitle track is added to or removed from (openapi v2.159
  // MediaCategorySubtitles: AmplifyVideo, TweetVideo). The spec names no value:
  // neutral by the seeds' substitution rule; AmplifyVideo carries no brand.
  'value.subtitles_category.video': ['TweetVideo', 'PostVideo'],
} as const satisfies Record<string, readonly [official: string, neutral: string]>;

export type WireKey = keyof typeof TABLE;

export function wire(key: WireKey, style: NameStyle): string {
  const pair = TABLE[key];
  return style === 'neutral' ? pair[1] : pair[0];
}

/** Every pair, for tests and `help` listings. */
export function wireTable(): ReadonlyArray<readonly [WireKey, string, string]> {
  return (Object.keys(TABLE) as WireKey[]).map((k) => [k, TABLE[k][0], TABLE[k][1]] as const);
}

/**
 * A name the user typed in either spelling, in the selected one: looks among
 * the keys starting with `prefix` ('field.', 'expansion.', 'stream.', …) for a
 * pair holding `value`; names without a pair are returned unchanged.
 */
export function respell(prefix: string, value: string, style: NameStyle): string {
  for (const [key, official, neutral] of wireTable()) {
    if (key.startsWith(prefix) && (value === official || value === neutral)) return style === 'neutral' ? neutral : official;
  }
  return value;
}

/** Both spellings of every key under `prefix`, for "accepted in either spelling" checks. */
export function spellings(prefix: string): string[] {
  return wireTable().flatMap(([k, o, n]) => (k.startsWith(prefix) ? [o, n] : []));
}

export function parseNameStyle(value: string | undefined): NameStyle | undefined {
  return value === 'official' || value === 'neutral' ? value : undefined;
}

/**
 * A response key read in both spellings (`referenced_tweets` or
 * `referenced_posts`, `edit_history_tweet_ids` or `edit_history_post_ids`,
 * `includes.tweets` or `includes.posts`): a server that answers in the other
 * dialect (openapi v2.167, see dialect.ts) is read all the same.
 */
export function readEither(obj: unknown, key: WireKey): unknown {
  if (obj === null || typeof obj !== 'object') return undefined;
  const o = obj as Record<string, unknown>;
  const [official, neutral] = TABLE[key];
  return o[official] ?? o[neutral];
}
