// Prints an ads list (the command layer's half of ads-api.md "Conventions"):
// one page by default, or cursor paging that streams rows as pages arrive.
import type { ListFlags } from '../ads/common.js';
import type { Context } from '../entry/context.js';
import type { ApiClient, RequestOptions } from '../http/client.js';
import { adsCursor, pages } from '../http/paginate.js';
import type { Column } from '../output/printer.js';

/**
 * Prints an ads list. One page by default (envelope kept in JSON); with --all
 * or --limit, follows next_cursor and streams rows as pages arrive, in
 * constant memory, still as one JSON envelope.
 */
/**
 * `keep` drops rows the API cannot filter out itself (e.g. line items by
 * status); --limit then still counts the rows fetched.
 */
export async function printAdsList<T>(
  ctx: Context,
  client: ApiClient,
  req: RequestOptions,
  flags: ListFlags,
  columns: Column<T>[],
  keep?: (item: T) => boolean,
): Promise<void> {
  const limit = flags.limit !== undefined ? Number(flags.limit) : undefined;
  if (!flags.all && limit === undefined) {
    const res = await client.request(req);
    const env = (res.body ?? {}) as Record<string, unknown>;
    let items = (Array.isArray(env.data) ? env.data : []) as T[];
    if (keep) items = items.filter(keep);
    ctx.printer.list(items, columns, keep ? { ...env, data: items } : env);
    if (env.next_cursor && ctx.format === 'table') ctx.log.info(`more: --cursor ${String(env.next_cursor)} (or --all)`);
    return;
  }
  let stream: ReturnType<typeof ctx.printer.stream<T>> | undefined;
  let total: unknown;
  let count = 0;
  for await (const page of pages<T>(client, req, adsCursor, limit)) {
    if (!stream) {
      const { data: _d, next_cursor: _n, total_count, ...head } = page.envelope;
      total = total_count;
      stream = ctx.printer.stream<T>(columns, head);
    }
    const rows = keep ? page.items.filter(keep) : page.items;
    stream.add(rows);
    count += rows.length;
  }
  stream?.end({ next_cursor: null, ...(total !== undefined ? { total_count: total } : {}) });
  if (ctx.format === 'table') ctx.log.info(`${count} item${count === 1 ? '' : 's'}`);
}
