// Users lookup (GET /2/users?ids=…, GET /2/users/by?usernames=…): at most 100
// per request, merged into one envelope in the order the users were given;
// handles are turned into ids with one lookup per 100 handles; the owned-data
// listings (followers, following, posts, mentions, liked posts) as requests
// for the one pager.
import { runPool } from '../bulk/pool.js';
import { CliError } from '../errors/cli-error.js';
import type { ApiClient, AuthMode, RequestOptions } from '../http/client.js';
import type { Params } from '../http/encode.js';
import { idSegment, joinPath } from '../http/path.js';
import { wire } from '../wire/names.js';
import { chunks, mergeEnvelopes, type ApiObject, type LookupEnvelope } from './posts.js';
import type { UserRef } from './refs.js';

const PER_REQUEST = 100;

/** One lookup request per 100 ids and per 100 usernames; the envelopes merged (data in input order). */
export async function lookupUsers(
  client: ApiClient,
  refs: readonly UserRef[],
  fields: Params,
  auth: AuthMode,
): Promise<{ envelope: LookupEnvelope; requests: number }> {
  const ids = refs.flatMap((r) => (r.id !== undefined ? [r.id] : []));
  const names = refs.flatMap((r) => (r.username !== undefined ? [r.username] : []));
  const jobs: RequestOptions[] = [
    ...chunks(ids, PER_REQUEST).map((part) => ({
      method: 'GET',
      path: '/2/users',
      query: [['ids', part.join(',')], ...fields] as Params,
      auth,
    })),
    ...chunks(names, PER_REQUEST).map((part) => ({
      method: 'GET',
      path: '/2/users/by',
      query: [['usernames', part.join(',')], ...fields] as Params,
      auth,
    })),
  ];
  const results: LookupEnvelope[] = new Array(jobs.length);
  await runPool(jobs, 3, async (req, i) => {
    results[i] = ((await client.request<LookupEnvelope>(req)).body ?? {}) as LookupEnvelope;
  });
  const merged = mergeEnvelopes(results.filter(Boolean));
  return { envelope: { ...merged, ...(merged.data ? { data: inInputOrder(merged.data, refs) } : {}) }, requests: jobs.length };
}

/** Users in the order they were asked for (the id requests and the username requests interleaved back). */
function inInputOrder(users: ApiObject[], refs: readonly UserRef[]): ApiObject[] {
  const rank = new Map<string, number>();
  for (const [i, r] of refs.entries()) rank.set(r.id ?? `@${r.username.toLowerCase()}`, i);
  const at = (u: ApiObject) => rank.get(String(u.id)) ?? rank.get(`@${String(u.username ?? '').toLowerCase()}`) ?? Number.MAX_SAFE_INTEGER;
  return [...users].sort((a, b) => at(a) - at(b));
}

/** Ids for user references: ids as they are, handles with one lookup per 100; an unknown handle is an error (exit 4). */
export async function resolveUserIds(client: ApiClient, refs: readonly UserRef[], auth: AuthMode): Promise<string[]> {
  const handles = refs.filter((r) => r.username !== undefined);
  if (!handles.length) return refs.map((r) => r.id!);
  const { envelope } = await lookupUsers(client, handles, [], auth);
  const byName = new Map((envelope.data ?? []).map((u) => [String(u.username ?? '').toLowerCase(), String(u.id)]));
  const missing = handles.filter((r) => !byName.has(r.username!.toLowerCase())).map((r) => `@${r.username}`);
  if (missing.length) {
    throw new CliError(`no such user${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`, { exitCode: 4, code: 'not_found' });
  }
  return refs.map((r) => r.id ?? byName.get(r.username!.toLowerCase())!);
}

/** The owned-data listings of a user and the paths they read. */
export const USER_LISTINGS = {
  followers: { endpoint: 'GET /2/users/{id}/followers', segment: () => 'followers', max: [1, 1000] },
  following: { endpoint: 'GET /2/users/{id}/following', segment: () => 'following', max: [1, 1000] },
  posts: { endpoint: 'GET /2/users/{id}/tweets', segment: (c: ApiClient) => wire('path.posts', c.names), max: [5, 100] },
  mentions: { endpoint: 'GET /2/users/{id}/mentions', segment: () => 'mentions', max: [5, 100] },
  liked: { endpoint: 'GET /2/users/{id}/liked_tweets', segment: (c: ApiClient) => wire('path.liked_posts', c.names), max: [5, 100] },
  owned_lists: { endpoint: 'GET /2/users/{id}/owned_lists', segment: () => 'owned_lists', max: [1, 100] },
  followed_lists: { endpoint: 'GET /2/users/{id}/followed_lists', segment: () => 'followed_lists', max: [1, 100] },
} as const satisfies Record<string, { endpoint: string; segment: (c: ApiClient) => string; max: readonly [number, number] }>;

export type UserListing = keyof typeof USER_LISTINGS;

/** The first page's request of a user's listing (the pager adds pagination_token). */
export function userListingRequest(client: ApiClient, what: UserListing, userId: string, query: Params, auth: AuthMode): RequestOptions {
  const path = joinPath('2', 'users', idSegment(userId, 'numeric', 'user id'), USER_LISTINGS[what].segment(client));
  return { method: 'GET', path, query, auth };
}
