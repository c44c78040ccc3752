// Prints search and counts (GET /2/tweets/search/…, /2/tweets/counts/…): one
// page, or every page (--all) / the first n items (--limit) following
// meta.next_token, printed as pages arrive. JSON output stays one envelope:
// data streamed, then the merged includes and a meta with the total.
import { neutralize } from '../../output/sanitize.js';
import type { Context } from '../../entry/context.js';
import type { ApiClient } from '../../http/client.js';
import { pages, v2Cursor } from '../../http/paginate.js';
import { mergeEnvelopes, type ApiObject, type LookupEnvelope } from '../../platform/posts.js';
import type { PagedRequest } from '../../platform/search.js';

/** One page as the API sent it, or pages streamed as they arrive. Returns the number of items printed. */
export async function printPaged(ctx: Context, client: ApiClient, req: PagedRequest): Promise<number> {
  const opts = { method: 'GET', path: req.path, query: [...req.query, ...(req.start ?? [])], auth: req.auth };
  if (!req.all && req.limit === undefined) {
    const env = ((await client.request(opts)).body ?? {}) as LookupEnvelope & { meta?: Record<string, unknown> };
    const items = env.data ?? [];
    ctx.printer.list(items, req.columns, env);
    if (env.meta?.next_token && ctx.format === 'table')
      ctx.log.info(`more results: --all, or --limit N; the next page alone: --next-token ${neutralize(String(env.meta.next_token))}`);
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
