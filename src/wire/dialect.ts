// Name negotiation for field selection. The two official descriptions spell
// the field parameters differently: openapi v2.159 and every prose page use
// `tweet.fields`, `referenced_tweets`, `edit_history_tweet_ids`, `note_tweet`
// (the "tweet" dialect, postctl's default); v2.167, which the official SDKs
// are now generated from, uses `post.fields`, `referenced_posts`,
// `edit_history_post_ids`, `note_post` on the same /2/tweets paths (the
// "post" dialect). No table can know when the live service moves, so the
// service is asked: its 400 invalid-request for an unknown parameter lists the
// parameters it accepts (`The query parameter [tweet.fields] is not one of
// [ids,expansions,post.fields,…]`); when the list names the other spelling,
// the request is sent once more in that dialect, which is remembered per API
// origin (dialect-cache.ts) and used from then on.
import { toParams, type ParamInput, type Params } from '../http/encode.js';

export type Dialect = 'tweet' | 'post';

/** [tweet dialect, post dialect]. */
const PARAMS: ReadonlyArray<readonly [string, string]> = [['tweet.fields', 'post.fields']];
const FIELD_VALUES: ReadonlyArray<readonly [string, string]> = [
  ['referenced_tweets', 'referenced_posts'],
  ['edit_history_tweet_ids', 'edit_history_post_ids'],
  ['note_tweet', 'note_post'],
];
// v2.167's expansion enum names the referenced posts `referenced_posts` (no `.id`) and has no
// counterpart of referenced_tweets.id.author_id, which is sent unchanged (the service then says so).
const EXPANSION_VALUES: ReadonlyArray<readonly [string, string]> = [
  ['edit_history_tweet_ids', 'edit_history_post_ids'],
  ['referenced_tweets.id', 'referenced_posts'],
  // User expansions: v2.167's UserExpansionsParameter.
  ['pinned_tweet_id', 'pinned_post_id'],
  ['most_recent_tweet_id', 'most_recent_post_id'],
  ['affiliation.user_id', 'affiliation'],
];
/**
 * Field values v2.159 declares and v2.167 no longer does: dropped from the request in the post
 * dialect (v2.167's DmEventFieldsParameter lacks sender_id and participant_ids — the sender_id and
 * participant_ids expansions, in both, still name them — and its ListFieldsParameter lacks owner_id,
 * which the owner_id expansion still gives).
 */
const DROPPED_IN_POST: Record<string, readonly string[]> = {
  'dm_event.fields': ['sender_id', 'participant_ids'],
  'list.fields': ['owner_id'],
};
const side = (d: Dialect) => (d === 'tweet' ? 0 : 1);

function respellValue(pairs: ReadonlyArray<readonly [string, string]>, value: string, to: Dialect): string {
  return value
    .split(',')
    .map((v) => pairs.find((p) => p.includes(v))?.[side(to)] ?? v)
    .join(',');
}

/** The query with its field parameters and their values in `to`; other parameters unchanged. */
export function inDialect(query: ParamInput | undefined, to: Dialect): Params {
  return toParams(query).flatMap(([k, v]): Array<[string, string]> => {
    const param = PARAMS.find((p) => p.includes(k));
    if (param) return [[param[side(to)], respellValue(FIELD_VALUES, v, to)]];
    if (k === 'expansions') return [[k, respellValue(EXPANSION_VALUES, v, to)]];
    const dropped = to === 'post' ? DROPPED_IN_POST[k] : undefined;
    if (dropped) {
      const kept = v.split(',').filter((f) => !dropped.includes(f));
      return kept.length ? [[k, kept.join(',')]] : [];
    }
    return [[k, v]];
  });
}

/** Does the query carry a field parameter or expansion that has two spellings (or values one dialect lacks)? */
export function hasDialectNames(query: ParamInput | undefined): boolean {
  return toParams(query).some(([k]) => k === 'expansions' || k in DROPPED_IN_POST || PARAMS.some((p) => p.includes(k)));
}

const UNKNOWN_PARAMETER = /^The query parameter \[([^\]]+)\] is not one of \[([^\]]*)\]$/;

/** The service's unknown-parameter message in a 400 body: the parameter and the ones it accepts. */
export function unknownParameter(body: unknown): { param: string; accepted: string[] } | undefined {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return undefined;
  for (const e of errors) {
    const m = UNKNOWN_PARAMETER.exec(String((e as { message?: unknown } | null)?.message ?? ''));
    if (m) return { param: m[1]!, accepted: m[2]!.split(',').map((s) => s.trim()) };
  }
  return undefined;
}

/** The dialect a rejection points to: the other spelling of the refused parameter, when the service lists it. */
export function negotiatedDialect(body: unknown): { from: string; to: string; dialect: Dialect } | undefined {
  const u = unknownParameter(body);
  if (!u) return undefined;
  for (const pair of PARAMS) {
    const i = pair.indexOf(u.param);
    if (i < 0) continue;
    const other = pair[1 - i]!;
    if (u.accepted.includes(other)) return { from: u.param, to: other, dialect: i === 0 ? 'post' : 'tweet' };
  }
  return undefined;
}
