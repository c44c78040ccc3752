// The listings that hang off one post, list or user (or the acting user), read
// through the one pager: who liked or reposted a post and its quotes and
// reposts; a list's followers; a user's list memberships, pinned lists, muted
// and blocked accounts, affiliates, bookmarks and bookmark folders, and the home
// timeline; the reposts of the acting user's posts; user search. Each entry is
// its operation in openapi v2.159 (the key of the endpoint-auth table), the
// path below its parent, the max_results range (none: one page, no paging) and
// what it returns. Segments after the parent keep the official spelling in
// both name styles: the spec text names none of these paths.
import type { RequestOptions } from '../http/client.js';
import type { Params } from '../http/encode.js';
import { idSegment, joinPath } from '../http/path.js';
import { wire, type NameStyle } from '../wire/names.js';

type RelatedKind = 'users' | 'posts' | 'lists' | 'folders';
type Parent = 'post' | 'list' | 'user' | 'me';

export interface RelatedListing {
  endpoint: string;
  parent: Parent;
  segments: readonly string[];
  /** The max_results range; undefined: the endpoint has no paging. */
  max?: readonly [number, number];
  kind: RelatedKind;
  /** The cursor's query parameter (users search: next_token). */
  cursor?: 'next_token';
}

const r = (endpoint: string, parent: Parent, segments: string[], kind: RelatedKind, max?: [number, number]): RelatedListing => ({
  endpoint,
  parent,
  segments,
  kind,
  ...(max ? { max } : {}),
});

export const RELATED = {
  likers: r('GET /2/tweets/{id}/liking_users', 'post', ['liking_users'], 'users', [1, 100]),
  reposters: r('GET /2/tweets/{id}/retweeted_by', 'post', ['retweeted_by'], 'users', [1, 100]),
  quotes: r('GET /2/tweets/{id}/quote_tweets', 'post', ['quote_tweets'], 'posts', [10, 100]),
  reposts: r('GET /2/tweets/{id}/retweets', 'post', ['retweets'], 'posts', [1, 100]),
  list_followers: r('GET /2/lists/{id}/followers', 'list', ['followers'], 'users', [1, 100]),
  memberships: r('GET /2/users/{id}/list_memberships', 'user', ['list_memberships'], 'lists', [1, 100]),
  pinned_lists: r('GET /2/users/{id}/pinned_lists', 'user', ['pinned_lists'], 'lists'),
  muted: r('GET /2/users/{id}/muting', 'user', ['muting'], 'users', [1, 1000]),
  blocked: r('GET /2/users/{id}/blocking', 'user', ['blocking'], 'users', [1, 1000]),
  affiliates: r('GET /2/users/{id}/affiliates', 'user', ['affiliates'], 'users', [1, 1000]),
  bookmarks: r('GET /2/users/{id}/bookmarks', 'user', ['bookmarks'], 'posts', [1, 100]),
  bookmark_folders: r('GET /2/users/{id}/bookmarks/folders', 'user', ['bookmarks', 'folders'], 'folders', [1, 100]),
  timeline: r('GET /2/users/{id}/timelines/reverse_chronological', 'user', ['timelines', 'reverse_chronological'], 'posts', [1, 100]),
  reposts_of_me: r('GET /2/users/reposts_of_me', 'me', ['reposts_of_me'], 'posts', [1, 100]),
  user_search: { ...r('GET /2/users/search', 'me', ['search'], 'users', [1, 1000]), cursor: 'next_token' },
} as const satisfies Record<string, RelatedListing>;

export type Related = keyof typeof RELATED;

const PARENT_FIELD: Record<Exclude<Parent, 'me'>, string> = { post: 'post id', list: 'list id', user: 'user id' };

/** The first page's request of a listing (the pager adds the cursor); `id` is the parent's (unused for 'me'). */
export function relatedRequest(what: Related, id: string | undefined, query: Params, style: NameStyle): RequestOptions {
  const spec: RelatedListing = RELATED[what];
  const segs = spec.segments;
  if (spec.parent === 'me') return { method: 'GET', path: joinPath('2', 'users', ...segs), query };
  const parentSeg = idSegment(id ?? '', 'numeric', PARENT_FIELD[spec.parent]);
  const root = spec.parent === 'post' ? wire('path.posts', style) : spec.parent === 'list' ? 'lists' : 'users';
  return { method: 'GET', path: joinPath('2', root, parentSeg, ...segs), query };
}

/** One bookmark folder's posts (GET /2/users/{id}/bookmarks/folders/{folder_id}): no paging, no field parameters. */
export function bookmarkFolderRequest(userId: string, folderId: string): RequestOptions {
  return {
    method: 'GET',
    path: joinPath(
      '2',
      'users',
      idSegment(userId, 'numeric', 'user id'),
      'bookmarks',
      'folders',
      idSegment(folderId, 'numeric', 'folder id'),
    ),
  };
}
