// Search and counts (GET /2/tweets/search/{recent,all}, /2/tweets/counts/{recent,all}):
// one page, or every page (--all) / the first n items (--limit) following
// meta.next_token, printed as pages arrive. JSON output stays one envelope:
// data streamed, then the merged includes and a meta with the total.
import type { Context } from '../context.js';
import type { ApiClient, AuthMode } from '../http/client.js';
import type { Params } from '../http/encode.js';
import { pages, v2Cursor } from '../http/paginate.js';
import { joinPath } from '../http/path.js';
import type { Column } from '../output/printer.js';
import { neutralize } from '../output/sanitize.js';
import type { SearchScope } from '../validate/search.js';
import { wire } from '../wire/names.js';
import { mergeEnvelopes, type ApiObject, type LookupEnvelope } from './posts.js';

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
  columns: Column<ApiObject>[];
  /** Sums a page's items into the meta total (counts) — undefined for search. */
  countKey?: string;
  totalKey?: string;
}

/** One page as the API sent it, or pages streamed as they arrive. Returns the number of items printed. */
export async function printPaged(ctx: Context, client: ApiClient, req: PagedRequest): Promise<number> {
  const opts = { method: 'GET', path: req.path, query: req.query, auth: req.auth };
  if (!req.all && req.limit === undefined) {
    const env = ((await client.request(opts)).body ?? {}) as LookupEnvelope & { meta?: Record<string, unknown> };
    const items = env.data ?? [];
    ctx.printer.list(items, req.columns, env);
    if (env.meta?.next_token && ctx.format === 'table') ctx.log.info('more results: --all, or --limit N');
    return items.length;
  }
  const stream = ctx.printer.stream<ApiObject>(req.columns);
  const includes: LookupEnvelope[] = [];
  let count = 0;
  let total = 0;
  for await (const page of pages<ApiObject>(client, opts, v2Cursor, req.limit)) {
    stream.add(page.items);
    count += page.items.length;
    if (req.countKey) for (const b of page.items) total += Number(b[req.countKey] ?? 0);
    const inc = (page.envelope as LookupEnvelope).includes;
    if (inc && ctx.format === 'json') includes.push({ includes: inc });
  }
  const merged = mergeEnvelopes(includes).includes;
  const meta = req.totalKey ? { [req.totalKey]: total } : { result_count: count };
  stream.end({ ...(merged ? { includes: merged } : {}), meta });
  ctx.log.info(`${count} ${req.countKey ? 'buckets' : 'posts'}`);
  return count;
}
