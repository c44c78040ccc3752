// Spaces (openapi v2.159 tag "Spaces"): lookup by id or ids, by creator,
// search, the ticket buyers and the posts shared in a Space. Request builders
// only: the verb picks the authentication and prints.
// https://docs.x.com/x-api/spaces/introduction
import { invalid } from '../errors/cli-error.js';
import type { RequestOptions } from '../http/client.js';
import type { Params } from '../http/encode.js';
import { idSegment, joinPath } from '../http/path.js';
import { wire, type NameStyle } from '../wire/names.js';

/** openapi v2.159 path parameter `id` of /2/spaces/{id}: `^[a-zA-Z0-9]{1,13}$`. */
const SPACE_ID = /^[a-zA-Z0-9]{1,13}$/;
/** GET /2/spaces and /2/spaces/by/creator_ids take at most 100 ids (the real API's documented limit). */
const MAX_IDS = 100;

function spaceId(value: string, field = 'space_id'): string {
  if (!SPACE_ID.test(value))
    throw invalid(field, `must be 1 to 13 letters or digits (a Space id such as 1DXxyRYNejbKM), got ${JSON.stringify(value)}`);
  return value;
}

function idList(values: readonly string[], check: (v: string) => void, field: string): string {
  if (!values.length) throw invalid(field, 'give at least one id');
  if (values.length > MAX_IDS) throw invalid(field, `at most ${MAX_IDS} ids per request, got ${values.length}`);
  for (const v of values) check(v);
  return [...new Set(values)].join(',');
}

const path = (id: string, ...rest: string[]) => joinPath('2', 'spaces', idSegment(spaceId(id), 'token', 'space_id'), ...rest);

export const spaceReads = {
  /** GET /2/spaces/{id}. */
  one: (id: string, query: Params): RequestOptions => ({ method: 'GET', path: path(id), query }),
  /** GET /2/spaces?ids=… */
  many: (ids: readonly string[], query: Params): RequestOptions => ({
    method: 'GET',
    path: '/2/spaces',
    query: [['ids', idList(ids, (v) => void spaceId(v, 'space_ids'), 'space_ids')], ...query],
  }),
  /** GET /2/spaces/by/creator_ids?user_ids=… (numeric user ids). */
  byCreators: (userIds: readonly string[], query: Params): RequestOptions => ({
    method: 'GET',
    path: '/2/spaces/by/creator_ids',
    query: [['user_ids', idList(userIds, (v) => void idSegment(v, 'numeric', 'user_ids'), 'user_ids')], ...query],
  }),
  /** GET /2/spaces/search?query=… */
  search: (text: string, query: Params): RequestOptions => {
    if (!text.trim()) throw invalid('query', 'must not be empty');
    return { method: 'GET', path: '/2/spaces/search', query: [['query', text], ...query] };
  },
  /** GET /2/spaces/{id}/buyers: users who bought a ticket (OAuth 2.0 only). */
  buyers: (id: string, query: Params): RequestOptions => ({ method: 'GET', path: path(id, 'buyers'), query }),
  /** GET /2/spaces/{id}/tweets (`posts` in the neutral spelling). */
  posts: (id: string, query: Params, style: NameStyle): RequestOptions => ({
    method: 'GET',
    path: path(id, wire('path.posts', style)),
    query,
  }),
};
