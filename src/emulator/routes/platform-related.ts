// Listings that hang off a post, a list or a user, from openapi v2.159: who
// liked or reposted a post, its quotes and reposts; a list's followers; a
// user's list memberships, pinned lists, muted and blocked accounts,
// affiliates, bookmarks and bookmark folders, the home timeline; reposts of
// the caller's posts; user search (paged by next_token). The caller's own
// listings (muting, blocking, bookmarks, pinned lists, the timeline) answer only
// for the caller's id (UserIdMatchesAuthenticatedUser). Post ids starting with 9
// do not exist, as in posts lookup.
import { problem } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { listOut, listsState } from './platform-lists.js';
import { isReply, page, type Obj } from './platform-paging.js';
import { invalid } from './platform-posting.js';
import { pinnedLists } from './platform-list-actions.js';
import { followerIds, followingIds, listOf, userById, usersState } from './platform-users-state.js';
import { userOut } from './platform-users.js';
import { timelineIds, windowed } from './platform-window.js';

const NUMERIC = /^[0-9]{1,19}$/;
type Handler = (req: EmuRequest, state: EmulatorState) => EmuResponse;

/** Bookmark folders every user has (the descriptions show id and name). */
const BOOKMARK_FOLDERS = [
  { id: '1800000000000000101', name: 'Reading' },
  { id: '1800000000000000102', name: 'Recipes' },
];

function pathId(req: EmuRequest, key = 'id'): string | EmuResponse {
  const id = req.params[key]!;
  return NUMERIC.test(id) ? id : invalid(`The \`${key}\` path parameter value [${id}] does not match ^[0-9]{1,19}$`, key, id);
}

function ownId(req: EmuRequest): string | EmuResponse {
  const id = pathId(req);
  if (isReply(id)) return id;
  if (req.auth?.userId !== id) return problem(403, 'about:blank', 'Forbidden', 'You are not permitted to access this resource.');
  return id;
}

function postId(req: EmuRequest, key = 'id'): string | EmuResponse {
  const id = pathId(req, key);
  if (isReply(id)) return id;
  if (id.startsWith('9'))
    return problem(404, 'resource-not-found', 'Not Found Error', `Could not find tweet with id: [${id}].`, {
      resource_type: 'tweet',
      parameter: 'id',
      resource_id: id,
      value: id,
    });
  return id;
}

function usersPage(ids: string[], req: EmuRequest, state: EmulatorState, range: readonly [number, number], dflt: number): EmuResponse {
  const p = page(ids, req.query, range, dflt);
  if (isReply(p)) return p;
  const data: Obj[] = [];
  for (const id of p.data) {
    const u = userById(state, id);
    if (!u) continue;
    const o = userOut(u, req.query);
    if (isReply(o)) return o;
    data.push(o);
  }
  return { status: 200, body: { ...(data.length ? { data } : {}), meta: p.meta } };
}

/** Made-up posts derived from a seed id (stable), newest first. */
function madePosts(seed: string, n: number, salt: number): string[] {
  const base = 1_600_000_000_000_000_000n + (BigInt(seed) % 1_000_000n) * 10_000n + BigInt(salt) * 1000n;
  return Array.from({ length: n }, (_, i) => String(base + BigInt(n - i)));
}

function postsPage(ids: string[], req: EmuRequest, range: readonly [number, number], dflt: number, text: string): EmuResponse {
  const p = page(ids, req.query, range, dflt);
  if (isReply(p)) return p;
  const withAuthor = (req.query.get('tweet.fields') ?? req.query.get('post.fields') ?? '').includes('author_id');
  const data = p.data.map((id) => ({
    id,
    text: `${text} ${id}`,
    edit_history_tweet_ids: [id],
    ...(withAuthor ? { author_id: String(3_000_000_000 + (Number(id.slice(-3)) % 250)) } : {}),
  }));
  return { status: 200, body: { ...(data.length ? { data } : {}), meta: p.meta } };
}

const ofPost =
  (kind: 'likers' | 'reposters' | 'quotes' | 'reposts'): Handler =>
  (req, state) => {
    const id = postId(req);
    if (isReply(id)) return id;
    const fans = followerIds(state, '2244994945');
    if (kind === 'likers') return usersPage(fans.slice(0, 40), req, state, [1, 100], 100);
    if (kind === 'reposters') return usersPage(fans.slice(40, 65), req, state, [1, 100], 100);
    if (kind === 'quotes') return postsPage(madePosts(id, 30, 4), req, [10, 100], 10, 'quoting');
    return postsPage(madePosts(id, 25, 5), req, [1, 100], 100, 'RT');
  };

function listFollowers(req: EmuRequest, state: EmulatorState): EmuResponse {
  const id = pathId(req);
  if (isReply(id)) return id;
  const list = listsState(state).get(id);
  if (!list)
    return problem(404, 'resource-not-found', 'Not Found Error', `Could not find list with id: [${id}].`, { resource_type: 'list' });
  return usersPage([...list.followers, ...followerIds(state, list.owner_id).slice(0, 30)], req, state, [1, 100], 100);
}

type EmuList = NonNullable<ReturnType<ReturnType<typeof listsState>['get']>>;

function listsPage(req: EmuRequest, lists: EmuList[], paged: boolean): EmuResponse {
  const p = paged ? page(lists, req.query, [1, 100], 100) : { data: lists, meta: { result_count: lists.length } };
  if (isReply(p)) return p;
  const data: Obj[] = [];
  for (const l of p.data) {
    const o = listOut(l, req.query);
    if (isReply(o)) return o;
    data.push(o);
  }
  return { status: 200, body: { ...(data.length ? { data } : {}), meta: p.meta } };
}

const memberships: Handler = (req, state) => {
  const id = pathId(req);
  if (isReply(id)) return id;
  return listsPage(
    req,
    [...listsState(state).values()].filter((l) => l.members.includes(id)),
    true,
  );
};

const pinned: Handler = (req, state) => {
  const id = ownId(req);
  if (isReply(id)) return id;
  const lists = listsState(state);
  return listsPage(
    req,
    (pinnedLists(state).get(id) ?? []).flatMap((l) => (lists.has(l) ? [lists.get(l)!] : [])),
    false,
  );
};

const own =
  (kind: 'muting' | 'blocking' | 'bookmarks' | 'timeline'): Handler =>
  (req, state) => {
    const id = ownId(req);
    if (isReply(id)) return id;
    const s = usersState(state);
    if (kind === 'muting') return usersPage(listOf(s.mutes, id), req, state, [1, 1000], 100);
    if (kind === 'blocking') return usersPage(followerIds(state, id).slice(200, 212), req, state, [1, 1000], 100);
    if (kind === 'bookmarks') return postsPage(listOf(s.bookmarks, id), req, [1, 100], 100, 'bookmarked');
    const home = windowed(timelineIds(state, id, 150, 6, 20), req.query);
    return isReply(home) ? home : postsPage(home, req, [1, 100], 100, 'home');
  };

const affiliates: Handler = (req, state) => {
  const id = pathId(req);
  if (isReply(id)) return id;
  return usersPage(followingIds(state, id).slice(0, 8), req, state, [1, 1000], 100);
};

const folders: Handler = (req, _state) => {
  const id = ownId(req);
  if (isReply(id)) return id;
  const p = page(BOOKMARK_FOLDERS, req.query, [1, 100], 100);
  return isReply(p) ? p : { status: 200, body: { data: p.data, meta: p.meta } };
};

const folderPosts: Handler = (req, state) => {
  const id = ownId(req);
  if (isReply(id)) return id;
  const folder = pathId(req, 'folder_id');
  if (isReply(folder)) return folder;
  if (!BOOKMARK_FOLDERS.some((f) => f.id === folder))
    return problem(404, 'resource-not-found', 'Not Found Error', `Could not find bookmark folder with id: [${folder}].`, {
      resource_type: 'bookmark_folder',
    });
  const ids = listOf(usersState(state).bookmarks, id);
  return { status: 200, body: { ...(ids.length ? { data: ids.map((p) => ({ id: p })) } : {}), meta: { result_count: ids.length } } };
};

const repostsOfMe: Handler = (req, _state) => {
  const me = req.auth?.userId;
  if (!me) return problem(403, 'about:blank', 'Forbidden', 'This endpoint needs a user context.');
  return postsPage(madePosts(me, 12, 7), req, [1, 100], 100, 'RT of yours');
};

/** Users whose username or name contains the query (case-insensitive); paged by next_token. */
const search: Handler = (req, state) => {
  const query = req.query.get('query') ?? '';
  if (!/^[A-Za-z0-9_' ]{1,50}$/.test(query))
    return invalid(`The \`query\` query parameter value [${query}] does not match ^[A-Za-z0-9_' ]{1,50}$`, 'query', query);
  const q = new URLSearchParams(req.query);
  const next = q.get('next_token');
  q.delete('next_token');
  if (next !== null) q.set('pagination_token', next);
  const words = query.toLowerCase().split(' ').filter(Boolean);
  const hits = [...usersState(state).byId.values()]
    .filter((u) => words.some((w) => u.username.toLowerCase().includes(w) || u.name.toLowerCase().includes(w)))
    .map((u) => u.id);
  const ids = [...hits, ...Array.from({ length: 120 }, (_, i) => String(3_200_000_000 + i))];
  return usersPage(ids, { ...req, query: q }, state, [1, 1000], 100);
};

export function register(r: Router, _state: EmulatorState): void {
  const get = (path: string, auth: 'user' | 'user-or-app', handler: Handler) =>
    r.route({ method: 'GET', path, api: 'platform', auth, handler });
  // Literal paths under /2/users before any /2/users/:id route would take them.
  get('/2/users/search', 'user', search);
  get('/2/users/reposts_of_me', 'user', repostsOfMe);
  for (const spelling of ['tweets', 'posts']) {
    get(`/2/${spelling}/:id/liking_users`, 'user', ofPost('likers'));
    get(`/2/${spelling}/:id/retweeted_by`, 'user-or-app', ofPost('reposters'));
    get(`/2/${spelling}/:id/quote_tweets`, 'user-or-app', ofPost('quotes'));
    get(`/2/${spelling}/:id/retweets`, 'user-or-app', ofPost('reposts'));
  }
  get('/2/lists/:id/followers', 'user-or-app', listFollowers);
  get('/2/users/:id/list_memberships', 'user-or-app', memberships);
  get('/2/users/:id/pinned_lists', 'user', pinned);
  get('/2/users/:id/muting', 'user', own('muting'));
  get('/2/users/:id/blocking', 'user', own('blocking'));
  get('/2/users/:id/affiliates', 'user-or-app', affiliates);
  get('/2/users/:id/bookmarks', 'user', own('bookmarks'));
  get('/2/users/:id/bookmarks/folders', 'user', folders);
  get('/2/users/:id/bookmarks/folders/:folder_id', 'user', folderPosts);
  get('/2/users/:id/timelines/reverse_chronological', 'user', own('timeline'));
}
