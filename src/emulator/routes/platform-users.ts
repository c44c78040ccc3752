// Users (GET /2/users, /2/users/by), their listings (followers, following,
// posts, mentions, liked posts) and engagement as the authenticated user
// (likes, reposts, bookmarks, follows, mutes), from openapi v2.159. Writes
// are allowed only on the caller's own id (UserIdMatchesAuthenticatedUser);
// post ids starting with 9 do not exist, as in posts lookup.
import { problem } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { invalid } from './platform-posting.js';
import { FIELDS } from './platform-posts.js';
import { isReply, page, select, type Obj } from './platform-paging.js';
import { createdBy, mentioning } from './platform-own-posts.js';
import { timelineIds, windowed } from './platform-window.js';
import { followerIds, followingIds, listOf, userById, userByName, usersState, type EmuUser } from './platform-users-state.js';

const NUMERIC = /^[0-9]{1,19}$/;
/** The user fields posts lookup accepts (neutral spelling), with the live service's spelling of the two post references. */
const USER_FIELDS = [...FIELDS.user, 'pinned_tweet_id', 'most_recent_tweet_id'];
const USER_DEFAULTS = ['id', 'name', 'username'];

export function userOut(u: EmuUser, q: URLSearchParams): Obj | EmuResponse {
  return select(u as unknown as Obj, q, 'user.fields', USER_DEFAULTS, USER_FIELDS);
}

const notFound = (value: string, parameter: string, type = 'user'): Obj => ({
  value,
  detail: `Could not find ${type} with ${parameter}: [${value}].`,
  title: 'Not Found Error',
  resource_type: type,
  parameter,
  resource_id: value,
  type: 'https://api.x.com/2/problems/resource-not-found',
});

function lookup(req: EmuRequest, state: EmulatorState, param: 'ids' | 'usernames'): EmuResponse {
  const raw = req.query.get(param);
  if (!raw) return invalid(`The \`${param}\` query parameter can not be empty`, param, '');
  const list = raw.split(',');
  if (list.length > 100)
    return invalid(`The number of values in the \`${param}\` query parameter list [${list.length}] is not between 1 and 100`, param, raw);
  const data: Obj[] = [];
  const errors: Obj[] = [];
  for (const v of list) {
    const ok = param === 'ids' ? NUMERIC.test(v) : /^[A-Za-z0-9_]{1,15}$/.test(v);
    if (!ok) return invalid(`The \`${param}\` query parameter value [${v}] is not valid`, param, v);
    const u = param === 'ids' ? userById(state, v) : userByName(state, v);
    if (!u) {
      errors.push(notFound(v, param === 'ids' ? 'id' : 'username'));
      continue;
    }
    const out = userOut(u, req.query);
    if (isReply(out)) return out;
    data.push(out);
  }
  return { status: 200, body: { ...(data.length ? { data } : {}), ...(errors.length ? { errors } : {}) } };
}

/** The path's user, or a 400/404 as the service answers. */
function pathUser(req: EmuRequest, state: EmulatorState, key = 'id'): EmuUser | EmuResponse {
  const id = req.params[key]!;
  if (!NUMERIC.test(id)) return invalid(`The \`${key}\` path parameter value [${id}] does not match ^[0-9]{1,19}$`, key, id);
  return (
    userById(state, id) ??
    problem(404, 'resource-not-found', 'Not Found Error', `Could not find user with id: [${id}].`, notFound(id, 'id'))
  );
}

function userListing(ids: (state: EmulatorState, id: string) => string[]) {
  return (req: EmuRequest, state: EmulatorState): EmuResponse => {
    const u = pathUser(req, state);
    if (isReply(u)) return u;
    const p = page(ids(state, u.id), req.query, [1, 1000], 100);
    if (isReply(p)) return p;
    const data: Obj[] = [];
    for (const id of p.data) {
      const out = userOut(userById(state, id)!, req.query);
      if (isReply(out)) return out;
      data.push(out);
    }
    return { status: 200, body: { ...(data.length ? { data } : {}), meta: p.meta } };
  };
}

function postListing(kind: 'posts' | 'mentions' | 'liked') {
  return (req: EmuRequest, state: EmulatorState): EmuResponse => {
    const u = pathUser(req, state);
    if (isReply(u)) return u;
    const liked = kind === 'liked' ? (usersState(state).likes.get(u.id) ?? []) : [];
    // Posts created here come first (they are the newest), as they were posted.
    const own = kind === 'posts' ? createdBy(state, u.id) : kind === 'mentions' ? mentioning(state, u.username) : [];
    const made =
      kind === 'posts'
        ? timelineIds(state, u.id, 120, 1)
        : kind === 'mentions'
          ? timelineIds(state, u.id, 40, 2, 180)
          : [...liked, ...timelineIds(state, u.id, 20, 3)];
    const all = [...own.map((o) => o.id), ...made];
    // Liked posts take no window (the endpoint declares none).
    const ids = kind === 'liked' ? all : windowed(all, req.query);
    if (isReply(ids)) return ids;
    const p = page(ids, req.query, [5, 100], 10);
    if (isReply(p)) return p;
    const fields = req.query.get('tweet.fields') ?? '';
    const data = p.data.map((id) => {
      const mine = own.find((o) => o.id === id);
      if (mine)
        return {
          id,
          text: mine.text,
          edit_history_tweet_ids: mine.history,
          ...(fields.includes('author_id') ? { author_id: mine.author_id } : {}),
          ...(fields.includes('created_at') ? { created_at: mine.created_at } : {}),
        };
      return {
        id,
        text: kind === 'mentions' ? `@${u.username} a mention (${id})` : `post ${id}`,
        edit_history_tweet_ids: [id],
        ...(fields.includes('author_id') ? { author_id: kind === 'posts' ? u.id : '1000000001' } : {}),
      };
    });
    return { status: 200, body: { ...(data.length ? { data } : {}), meta: p.meta } };
  };
}

/** The caller may act only as themselves. */
function actingAs(req: EmuRequest, key = 'id'): string | EmuResponse {
  const id = req.params[key]!;
  if (!NUMERIC.test(id)) return invalid(`The \`${key}\` path parameter value [${id}] does not match ^[0-9]{1,19}$`, key, id);
  if (req.auth?.userId !== id) return problem(403, 'about:blank', 'Forbidden', 'You are not permitted to perform this action.');
  return id;
}

function targetOf(req: EmuRequest, key: 'tweet_id' | 'target_user_id'): string | EmuResponse {
  const body = req.json<Obj>() ?? {};
  const extra = Object.keys(body).find((k) => k !== key);
  if (extra) return invalid(`[${extra}] is not a valid field of the request body`, extra, String(body[extra]));
  const v = body[key];
  if (typeof v !== 'string' || !NUMERIC.test(v)) return invalid(`\`${key}\` must match ^[0-9]{1,19}$`, key, String(v));
  if (key === 'tweet_id' && v.startsWith('9'))
    return problem(404, 'resource-not-found', 'Not Found Error', `Could not find tweet with id: [${v}].`, notFound(v, 'id', 'tweet'));
  return v;
}

type Relation = 'likes' | 'bookmarks' | 'follows' | 'mutes';
const FIELD: Record<Relation, string> = { likes: 'liked', bookmarks: 'bookmarked', follows: 'following', mutes: 'muting' };

function addRelation(rel: Relation, key: 'tweet_id' | 'target_user_id') {
  return (req: EmuRequest, state: EmulatorState): EmuResponse => {
    const me = actingAs(req);
    if (isReply(me)) return me;
    const target = targetOf(req, key);
    if (isReply(target)) return target;
    if (key === 'target_user_id') {
      const u = userById(state, target);
      if (!u)
        return problem(404, 'resource-not-found', 'Not Found Error', `Could not find user with id: [${target}].`, notFound(target, 'id'));
      // A protected account approves followers: the follow waits.
      if (rel === 'follows' && u.protected) return { status: 200, body: { data: { following: false, pending_follow: true } } };
    }
    const list = listOf(usersState(state)[rel], me);
    // Idempotent: a repeat changes nothing and answers the same.
    if (!list.includes(target)) list.unshift(target);
    return { status: 200, body: { data: { [FIELD[rel]]: true, ...(rel === 'follows' ? { pending_follow: false } : {}) } } };
  };
}

function removeRelation(rel: Relation, meKey: string, targetKey: string) {
  return (req: EmuRequest, state: EmulatorState): EmuResponse => {
    const me = actingAs(req, meKey);
    if (isReply(me)) return me;
    const target = req.params[targetKey]!;
    if (!NUMERIC.test(target))
      return invalid(`The \`${targetKey}\` path parameter value [${target}] does not match ^[0-9]{1,19}$`, targetKey, target);
    const list = listOf(usersState(state)[rel], me);
    const at = list.indexOf(target);
    if (at >= 0) list.splice(at, 1);
    return { status: 200, body: { data: { [FIELD[rel]]: false } } };
  };
}

function repost(req: EmuRequest, state: EmulatorState): EmuResponse {
  const me = actingAs(req);
  if (isReply(me)) return me;
  const target = targetOf(req, 'tweet_id');
  if (isReply(target)) return target;
  const mine = usersState(state).reposts.get(me) ?? new Map<string, string>();
  usersState(state).reposts.set(me, mine);
  // The service refuses a second repost of the same post.
  if (mine.has(target)) return problem(403, 'about:blank', 'Forbidden', 'You cannot retweet a Tweet that you have already retweeted.');
  const id = state.nextId();
  mine.set(target, id);
  return { status: 200, body: { data: { id, retweeted: true } } };
}

function unrepost(req: EmuRequest, state: EmulatorState): EmuResponse {
  const me = actingAs(req);
  if (isReply(me)) return me;
  const target = req.params.source_tweet_id!;
  if (!NUMERIC.test(target))
    return invalid('The `source_tweet_id` path parameter value does not match ^[0-9]{1,19}$', 'source_tweet_id', target);
  usersState(state).reposts.get(me)?.delete(target);
  return { status: 200, body: { data: { retweeted: false } } };
}

export function register(r: Router, _state: EmulatorState): void {
  const get = (path: string, handler: (req: EmuRequest, state: EmulatorState) => EmuResponse) =>
    r.route({ method: 'GET', path, api: 'platform', auth: 'user-or-app', handler });
  get('/2/users', (req, state) => lookup(req, state, 'ids'));
  get('/2/users/by', (req, state) => lookup(req, state, 'usernames'));
  get('/2/users/:id/followers', userListing(followerIds));
  get('/2/users/:id/following', userListing(followingIds));
  for (const spelling of ['tweets', 'posts']) get(`/2/users/:id/${spelling}`, postListing('posts'));
  get('/2/users/:id/mentions', postListing('mentions'));
  for (const spelling of ['liked_tweets', 'liked_posts']) get(`/2/users/:id/${spelling}`, postListing('liked'));
  const write = (method: string, path: string, handler: (req: EmuRequest, state: EmulatorState) => EmuResponse) =>
    r.route({ method, path, api: 'platform', auth: 'user', handler });
  write('POST', '/2/users/:id/likes', addRelation('likes', 'tweet_id'));
  write('DELETE', '/2/users/:id/likes/:tweet_id', removeRelation('likes', 'id', 'tweet_id'));
  write('POST', '/2/users/:id/bookmarks', addRelation('bookmarks', 'tweet_id'));
  write('DELETE', '/2/users/:id/bookmarks/:tweet_id', removeRelation('bookmarks', 'id', 'tweet_id'));
  write('POST', '/2/users/:id/retweets', repost);
  write('DELETE', '/2/users/:id/retweets/:source_tweet_id', unrepost);
  write('POST', '/2/users/:id/following', addRelation('follows', 'target_user_id'));
  write('DELETE', '/2/users/:source_user_id/following/:target_user_id', removeRelation('follows', 'source_user_id', 'target_user_id'));
  write('POST', '/2/users/:id/muting', addRelation('mutes', 'target_user_id'));
  write('DELETE', '/2/users/:source_user_id/muting/:target_user_id', removeRelation('mutes', 'source_user_id', 'target_user_id'));
}
