// Wire names: the one place that knows both spellings of every identifier that
// differs between the live service ("official", from the service's own API
// description, openapi v2.159 and the ads reference pages) and the neutral spec
// ("neutral": `post`, `service`). Nothing else in src/ spells either form; code
// asks for a name by key and the client's selected style decides.
//
// Style: profile setting `api_names` / env POSTCTL_API_NAMES, default official.
export type NameStyle = 'official' | 'neutral';

export const NAME_STYLES: readonly NameStyle[] = ['official', 'neutral'];

/** key → [official, neutral]. Keys are stable identifiers, never sent. */
const TABLE = {
  // Platform v2 paths.
  'path.posts': ['tweets', 'posts'],
  // Query parameter names.
  'param.post.fields': ['tweet.fields', 'post.fields'],
  // Posting, search, stream (issue 17)
  'body.quote_post_id': ['quote_tweet_id', 'quote_post_id'],
  'body.in_reply_to_post_id': ['in_reply_to_tweet_id', 'in_reply_to_post_id'],
  'field.edit_history_post_ids': ['edit_history_tweet_ids', 'edit_history_post_ids'],
  'field.post_count': ['tweet_count', 'post_count'],
  'meta.total_post_count': ['total_tweet_count', 'total_post_count'],

  // Media, listings, updates (issue 17 part 2)
  // Video conversation card CTA post texts (creatives reference: first_cta_tweet…).
  'param.vcc.first_cta_post': ['first_cta_tweet', 'first_cta_post'],
  'param.vcc.second_cta_post': ['second_cta_tweet', 'second_cta_post'],
  'param.vcc.third_cta_post': ['third_cta_tweet', 'third_cta_post'],
  'param.vcc.fourth_cta_post': ['fourth_cta_tweet', 'fourth_cta_post'],
  // Media upload categories of a post's own media (openapi v2.159 MediaCategory).
  'value.media_category.image': ['tweet_image', 'post_image'],
  'value.media_category.gif': ['tweet_gif', 'post_gif'],
  'value.media_category.video': ['tweet_video', 'post_video'],
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

export function parseNameStyle(value: string | undefined): NameStyle | undefined {
  return value === 'official' || value === 'neutral' ? value : undefined;
}
