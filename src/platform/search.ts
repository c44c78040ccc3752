// Search and counts (GET /2/tweets/search/{recent,all}, /2/tweets/counts/{recent,all}):
// one page, or every page (--all) / the first n items (--limit) following
// meta.next_token: the paths, columns and the request; printing it is
// src/commands/posts/_paged.ts.
import type { ApiClient, AuthMode } from '../http/client.js';
import type { Params } from '../http/encode.js';
import { joinPath } from '../http/path.js';
import type { Column } from '../output/printer.js';
import { neutralize } from '../output/sanitize.js';
import type { SearchScope } from '../validate/search.js';
import { wire } from '../wire/names.js';
import type { ApiObject } from './posts.js';

export type SearchKind = 'search' | 'counts';

export function searchPath(client: Pick<ApiClient, 'names'>, kind: SearchKind, scope: SearchScope): string {
  return joinPath('2', wire('path.posts', client.names), kind, scope === 'recent' ? 'recent' : 'all');
}

const oneLine = (text: unknown) => {
  const s = neutralize(
    String(text ?? '')
      .replace(/\s+/g, ' ')
      .trim(),
  );
  return s.length > 60 ? s.slice(0, 59) + '…' : s;
};

export const SEARCH_COLUMNS: Column<ApiObject>[] = [
  { header: 'id', key: 'id' },
  { header: 'created_at', key: 'created_at' },
  { header: 'author_id', key: 'author_id' },
  { header: 'text', get: (p) => oneLine(p.text) },
];

export function countColumns(client: Pick<ApiClient, 'names'>): Column<ApiObject>[] {
  const count = wire('key.post_count', client.names);
  return [
    { header: 'start', key: 'start' },
    { header: 'end', key: 'end' },
    { header: 'posts', key: count },
  ];
}

export interface PagedRequest {
  path: string;
  query: Params;
  auth: AuthMode;
  all: boolean;
  limit?: number;
  /** The cursor parameter of the first page (--next-token), when the listing starts further on. */
  start?: Params;
  columns: Column<ApiObject>[];
  /** Sums a page's items into the meta total (counts) — undefined for search. */
  countKey?: string;
  totalKey?: string;
}
