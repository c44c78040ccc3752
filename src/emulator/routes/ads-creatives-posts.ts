// Posts made through the ad account and their names (ads-api.md "Creatives",
// "Authentication"): as_user_id must be the caller or an advertiser who
// granted the caller's handle access; media keys from the library (up to 4
// images, or 1 GIF, or 1 video); nullcast false only for the caller's own posts.
import { nowIso } from './ads-core-common.js';
import { requireAccount } from '../ads-support.js';
import { adsError, adsOk, fail } from '../replies.js';
import type { Router } from '../router.js';
import type { EmuRequest, Handler } from '../types.js';
import {
  GRANTING_ADVERTISER,
  bad,
  creatives,
  len,
  libraryGet,
  missing,
  notFound,
  postItem,
  type CreativesState,
} from './ads-creatives-state.js';
import { outgoing, spell, spellingsOf, type ServedNames, type Spelling } from '../spelling.js';

const get = (req: EmuRequest, name: string) => {
  const v = req.query.get(name);
  return v === null || v === '' ? undefined : v;
};

function knownCard(s: CreativesState, uri: string): boolean {
  return [...s.cards, ...s.polls, ...s.vccs].some((c) => c.card_uri === uri && !c.deleted);
}

export function registerPosts(r: Router, served: ServedNames): void {
  // Official …/tweet, tweets/:id/name, tweet_mode; the spec's …/post, posts/:id/name, post_mode.
  for (const to of spellingsOf(served)) registerPostsIn(r, to);
}

/** The checks of a post creation, in the API's order; the values the post is made from. */
function createParams(req: EmuRequest, s: CreativesState, me: string, to: Spelling) {
  const asUser = get(req, 'as_user_id');
  if (!asUser) missing(req, 'as_user_id');
  if (!/^\d{1,19}$/.test(asUser)) bad(req, 'as_user_id', 'as_user_id must be a long');
  if (asUser !== me && asUser !== GRANTING_ADVERTISER)
    fail(
      adsError(403, 'UNAUTHORIZED_ACCESS', `User ${asUser} has not granted your handle access to post on their behalf`, 'as_user_id', req),
    );
  const keys = (get(req, 'media_keys') ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const text = get(req, 'text');
  if (!text && keys.length === 0) missing(req, 'text');
  const kinds = keys.map((k) => {
    const item = libraryGet(s, k);
    if (!item) bad(req, 'media_keys', `${k} is not in the account's media library`);
    return item.media_type;
  });
  if (keys.length > 4 || (keys.length > 1 && kinds.some((k) => k !== 'IMAGE')))
    bad(req, 'media_keys', 'media_keys takes up to 4 images, or 1 GIF, or 1 video');
  const name = get(req, 'name');
  if (name && len(name) > 80) bad(req, 'name', 'name must be at most 80 characters');
  const nullcast = req.query.get('nullcast');
  if (nullcast !== null && nullcast !== 'true' && nullcast !== 'false') bad(req, 'nullcast', 'nullcast must be true or false');
  if (nullcast === 'false' && asUser !== me)
    bad(req, 'nullcast', 'organic posts (nullcast=false) can be made only for the authenticated user');
  const enums: Array<[string, string[]]> = [
    ['conversation_settings', ['EVERYONE', 'FOLLOWING', 'MENTIONED_USERS']],
    ['video_cta', ['VISIT_SITE', 'WATCH_NOW']],
    [spell('param', 'post_mode', to), ['compat', 'extended']],
  ];
  for (const [p, values] of enums) {
    const v = get(req, p);
    if (v !== undefined && !values.includes(v)) bad(req, p, `${p} must be one of ${values.join(', ')}`);
  }
  for (const [p, max] of [
    ['video_title', 70],
    ['video_description', 200],
  ] as const) {
    const v = get(req, p);
    if (v && len(v) > max) bad(req, p, `${p} must be at most ${max} characters`);
  }
  const cardUri = get(req, 'card_uri');
  if (cardUri && !knownCard(s, cardUri)) bad(req, 'card_uri', `${cardUri} is not a card of this account`);
  return { asUser, keys, text, name, nullcast, cardUri };
}

function createPost(to: Spelling): Handler {
  return (req, state) => {
    const s = creatives(state, requireAccount(req, state).id);
    const me = req.auth?.userId ?? '';
    const { asUser, keys, text, name, nullcast, cardUri } = createParams(req, s, me, to);
    const post = postItem(state.nextId(), asUser, text ?? '', {
      name: name ?? null,
      nullcast: nullcast !== 'false',
      conversation_settings: get(req, 'conversation_settings') ?? 'EVERYONE',
      card_uri: cardUri ?? null,
      media_keys: keys,
      time: nowIso(state),
    });
    s.posts.push(post);
    for (const k of keys) libraryGet(s, k)!.posted = true;
    // conversation_settings is not part of the create response (returned by GET only).
    const { conversation_settings: _c, media_keys: _m, card_uri: _u, ...shown } = post;
    const trim = req.query.get('trim_user') === 'true';
    return adsOk(
      req,
      outgoing(trim ? shown : { ...shown, user: { ...shown.user, screen_name: asUser === me ? 'emu_dev' : 'advertiser' } }, to),
      {},
      201,
    );
  };
}

const namePost: Handler = (req, state) => {
  const s = creatives(state, requireAccount(req, state).id);
  const post = s.posts.find((p) => p.id_str === req.params.post_id);
  if (!post) notFound(req, 'post_id', `Post ${req.params.post_id}`);
  const name = req.query.get('name');
  if (name === null) missing(req, 'name');
  if (len(name) > 80) bad(req, 'name', 'name must be at most 80 characters');
  post.name = name;
  const { media_keys: _m, card_uri: _u, ...shown } = post;
  return adsOk(req, shown);
};

function registerPostsIn(r: Router, to: Spelling): void {
  r.route({
    method: 'POST',
    path: `/12/accounts/:account_id/${spell('path', 'post', to)}`,
    api: 'ads',
    auth: 'user',
    handler: createPost(to),
  });
  r.route({
    method: 'PUT',
    path: `/12/accounts/:account_id/${spell('path', 'posts', to)}/:post_id/name`,
    api: 'ads',
    auth: 'user',
    handler: namePost,
  });
}
