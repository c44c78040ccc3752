// Search and counts (GET /2/tweets/search/{recent,all}, /2/tweets/counts/{recent,all}):
// one page, or every page (--all) / the first n items (--limit) following
// meta.next_token: the paths, columns and the request; printing it is
// src/commands/posts/_paged.ts.
import type { ApiClient, AuthMode } from '../http/client.js';
import type { Params } from '../http/encode.js';
import { joinPath } from '../http/path.js';
import type { SearchScope } from '../validate/search.js';
import { wire } from '../wire/names.js';

export type SearchKind = 'search' | 'counts';

export function searchPath(client: Pick<ApiClient, 'names'>, kind: SearchKind, scope: SearchScope): string {
  return joinPath('2', wire('path.posts', client.names), kind, scope === 'recent' ? 'recent' : 'all');
}

export interface PagedRequest {
  path: string;
  query: Params;
  auth: AuthMode;
  all: boolean;
  limit?: number;
  /** The cursor parameter of the first page (--next-token), when the listing starts further on. */
  start?: Params;
  /** Sums a page's items into the meta total (counts) — undefined for search. */
  countKey?: string;
  totalKey?: string;
}
