// The emulator's own record of the two spellings it serves: the live service's
// names (official: openapi v2.159 and the ads reference pages) and the spec's
// neutral text. Written from those documents independently of the client's
// table (src/wire/names.ts), so a name the client gets wrong fails a test.
//
// The emulator's data stays in neutral spelling internally; a request is read
// through `incoming` (a name the server does not know in its mode is unknown)
// and an official request is answered through `outgoing`.
export type ServedNames = 'official' | 'neutral' | 'both';
export type Spelling = 'official' | 'neutral';

/** [official, neutral] pairs by what they name. */
const PAIRS = {
  path: [
    ['tweets', 'posts'],
    ['tweet', 'post'],
    ['custom_audiences', 'tailored_audiences'],
    ['promoted_tweets', 'promoted_posts'],
    ['scheduled_promoted_tweets', 'scheduled_promoted_posts'],
  ],
  param: [
    ['tweet.fields', 'post.fields'],
    ['x_auth_access_type', 'service_auth_access_type'],
    ['tweet_mode', 'post_mode'],
    ['first_cta_tweet', 'first_cta_post'],
    ['second_cta_tweet', 'second_cta_post'],
    ['third_cta_tweet', 'third_cta_post'],
    ['fourth_cta_tweet', 'fourth_cta_post'],
    // Promoted posts (campaign-management reference).
    ['tweet_ids', 'post_ids'],
    ['promoted_tweet_ids', 'promoted_post_ids'],
    // Scheduled promoted posts.
    ['scheduled_promoted_tweet_ids', 'scheduled_promoted_post_ids'],
    ['scheduled_tweet_id', 'scheduled_post_id'],
  ],
  field: [
    ['referenced_tweets', 'referenced_posts'],
    ['edit_history_tweet_ids', 'edit_history_post_ids'],
    ['note_tweet', 'note_post'],
    ['pinned_tweet_id', 'pinned_post_id'],
    ['most_recent_tweet_id', 'most_recent_post_id'],
    ['referenced_tweets.id', 'referenced_posts.id'],
    ['referenced_tweets.id.author_id', 'referenced_posts.id.author_id'],
    ['retweet_count', 'repost_count'],
    ['tweet_count', 'post_count'],
    ['tweets', 'posts'],
    ['tweet_type', 'post_type'],
    ['tweet_volume', 'post_volume'],
    ['tweeted', 'posted'],
    ['tweet_id', 'post_id'],
    ['scheduled_tweet_id', 'scheduled_post_id'],
    ['automatic_tweet_promotion', 'automatic_post_promotion'],
    ['first_cta_tweet', 'first_cta_post'],
    ['second_cta_tweet', 'second_cta_post'],
    ['third_cta_tweet', 'third_cta_post'],
    ['fourth_cta_tweet', 'fourth_cta_post'],
  ],
  userKey: [['twitter_id', 'service_id']],
  value: [
    ['PROMOTED_TWEET', 'PROMOTED_POST'],
    ['PROMOTED_TWEETS', 'PROMOTED_POSTS'],
    ['TWEET_IMAGE', 'POST_IMAGE'],
    ['TWEET_VIDEO', 'POST_VIDEO'],
    ['TWEET_GIF', 'POST_GIF'],
    // The video category of a subtitle track (openapi MediaCategorySubtitles); AmplifyVideo carries no brand.
    ['TweetVideo', 'PostVideo'],
    ['profile.update.verified_badge', 'profile.update.verified'],
    ['profile.update.affiliate_badge', 'profile.update.affiliate'],
    ['outbound', 'sent'],
    ['inbound', 'received'],
    ['tweets_compliance_stream', 'posts_compliance_stream'],
    ['tweet_label_stream', 'post_label_stream'],
    // Line item placements (campaign-management reference).
    ['ALL_ON_TWITTER', 'ALL_ON_SERVICE'],
    ['TWITTER_PROFILE', 'SERVICE_PROFILE'],
    ['TWITTER_REPLIES', 'SERVICE_REPLIES'],
    ['TWITTER_SEARCH', 'SERVICE_SEARCH'],
    ['TWITTER_TIMELINE', 'SERVICE_TIMELINE'],
  ],
} as const satisfies Record<string, ReadonlyArray<readonly [string, string]>>;

export type Kind = keyof typeof PAIRS;

/**
 * The spelling field parameters and their values are read and answered in on a
 * path served in `to`: a server in the openapi v2.167 dialect spells them
 * neutrally (post.fields, referenced_posts, edit_history_post_ids) on its
 * official /2/tweets paths, and refuses the v2.159 names as unknown.
 */
export const fieldSpelling = (dialect: '2.159' | '2.167', to: Spelling): Spelling => (dialect === '2.167' ? 'neutral' : to);

/** Which spellings a server in `mode` understands. */
export const spellingsOf = (mode: ServedNames): Spelling[] => (mode === 'both' ? ['official', 'neutral'] : [mode]);

/** The name in one spelling (for route paths and replies). */
export function spell(kind: Kind, neutral: string, to: Spelling): string {
  if (to === 'neutral') return neutral;
  return (PAIRS[kind] as ReadonlyArray<readonly [string, string]>).find(([, n]) => n === neutral)?.[0] ?? neutral;
}

/**
 * A name as received, in the emulator's internal (neutral) spelling, with the
 * spelling it came in. A spelled name the server does not serve in its mode
 * comes back unchanged with `known: false`, so the caller answers as the real
 * service does for a name it has never heard of.
 */
export function incoming(kind: Kind, name: string, mode: ServedNames): { name: string; spelling?: Spelling; known: boolean } {
  const served = spellingsOf(mode);
  for (const [official, neutral] of PAIRS[kind] as ReadonlyArray<readonly [string, string]>) {
    if (name === official)
      return served.includes('official') ? { name: neutral, spelling: 'official', known: true } : { name, known: false };
    if (name === neutral) return served.includes('neutral') ? { name: neutral, spelling: 'neutral', known: true } : { name, known: false };
  }
  return { name, known: true };
}

/** Keys whose string values are enum values with two spellings (never free text). */
const ENUM_KEYS = new Set(['event_type', 'direction', 'entity_type', 'product_type', 'media_category', 'endpoint_name', 'placements']);

/**
 * The spelling replies take where the path is the same in both spellings: a
 * server that serves only one spelling answers in it; one that serves both
 * answers as it always has (the internal, neutral spelling).
 */
export const replySpelling = (mode: ServedNames): Spelling => (mode === 'official' ? 'official' : 'neutral');

/** A value from an internal (neutral) reply in `to` spelling: keys and enum values renamed, recursively. */
export function outgoing(value: unknown, to: Spelling, key?: string): unknown {
  if (to === 'neutral') return value;
  if (Array.isArray(value)) return value.map((v) => outgoing(v, to, key));
  if (typeof value === 'string') return key !== undefined && ENUM_KEYS.has(key) ? spell('value', value, to) : value;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [spell('field', k, to), outgoing(v, to, k)]));
}
