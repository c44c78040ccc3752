// Rules of a post made through the ad account (ads-api.md "Creatives" POST
// accounts/:account_id/post, "Limits").
import { CONVERSATION_SETTINGS, POST_MODES, VIDEO_CTAS } from '../creatives/enums.js';
import { maxLength, oneOf, positiveLong, Problems } from './rules.js';

export const POST_NAME_MAX = 80;
const VIDEO_TITLE_MAX = 70;
const VIDEO_DESCRIPTION_MAX = 200;
const MAX_IMAGES = 4;

export interface PostParams {
  as_user_id?: string;
  text?: string;
  media_keys?: string[];
  card_uri?: string;
  name?: string;
  conversation_settings?: string;
  post_mode?: string;
  video_cta?: string;
  video_cta_value?: string;
  video_title?: string;
  video_description?: string;
}

/**
 * media_keys: up to 4 images, or 1 GIF, or 1 video. `kinds` maps a key to its
 * media_type where known; keys of unknown kind only count toward the 4.
 */
export function mediaKeysProblem(keys: readonly string[], kinds: ReadonlyMap<string, string | undefined>): string | undefined {
  const known = keys.map((k) => [k, kinds.get(k)] as const);
  const single = known.find(([, kind]) => kind === 'GIF' || kind === 'VIDEO');
  if (single && keys.length > 1)
    return `take up to ${MAX_IMAGES} images, or 1 GIF, or 1 video: ${single[0]} is a ${single[1]}, so it must be the only media key (got ${keys.length})`;
  if (keys.length > MAX_IMAGES) return `take up to ${MAX_IMAGES} images, or 1 GIF, or 1 video (got ${keys.length} keys)`;
  const dup = keys.find((k, i) => keys.indexOf(k) !== i);
  if (dup) return `lists ${dup} twice`;
  return undefined;
}

export function validatePost(
  p: PostParams,
  kinds: ReadonlyMap<string, string | undefined> = new Map(),
  problems = new Problems(),
): Problems {
  if (p.as_user_id === undefined || p.as_user_id.trim() === '')
    problems.add('as_user_id', 'is required (--as-user): the user id the post is made for');
  else problems.check('as_user_id', p.as_user_id, [positiveLong]);
  const keys = p.media_keys ?? [];
  if (keys.length === 0 && (p.text === undefined || p.text.trim() === '')) problems.add('text', 'is required when no media_keys are given');
  if (keys.length) {
    const msg = mediaKeysProblem(keys, kinds);
    if (msg) problems.add('media_keys', msg);
  }
  problems.check('name', p.name, [maxLength(POST_NAME_MAX)]);
  problems.check('conversation_settings', p.conversation_settings, [oneOf(CONVERSATION_SETTINGS)]);
  problems.check('post_mode', p.post_mode, [oneOf(POST_MODES)]);
  problems.check('video_cta', p.video_cta, [oneOf(VIDEO_CTAS)]);
  problems.check('video_title', p.video_title, [maxLength(VIDEO_TITLE_MAX)]);
  problems.check('video_description', p.video_description, [maxLength(VIDEO_DESCRIPTION_MAX)]);
  if (p.card_uri !== undefined && !/^card:\/\/\S+$/.test(p.card_uri))
    problems.add('card_uri', `must have the form card://<card_id> (got ${JSON.stringify(p.card_uri)})`);
  return problems;
}
