// Conventions shared by every ads command (ads-api.md "Conventions"): the
// sandbox switch, versioned paths, and list flags with cursor paging that
// streams rows as pages arrive (the flags are declared in src/commands/_ads-flags.ts).
import type { Context } from '../context.js';
import { UsageError, InputError } from '../errors.js';
import type { ApiClient, ApiName, RequestOptions } from '../http/client.js';
import { adsCursor, pages } from '../http/paginate.js';
import { idSegment, joinPath, type IdSegment } from '../http/path.js';
import type { Column } from '../output/printer.js';
import type { AccountRef } from './types.js';
import { integerBetween } from '../validate/rules.js';

export const ADS_VERSION = '12';

/** `/12/accounts/{account_id}/…`: the account's id checked and encoded, then the other segments. */
export const accountPath = (account: AccountRef, ...rest: Array<string | IdSegment>): string =>
  joinPath(ADS_VERSION, 'accounts', idSegment(account.id, 'ads', 'account_id'), ...rest);

export function adsApi(opts: { sandbox?: boolean }): ApiName {
  return opts.sandbox ? 'ads-sandbox' : 'ads';
}

export interface ListFlags {
  count?: string;
  cursor?: string;
  all?: boolean;
  limit?: string;
  sortBy?: string;
  withDeleted?: boolean;
  withTotalCount?: boolean;
}

/** Checks list flags against the endpoint's bounds and returns the query parameters. */
export function listQuery(flags: ListFlags, bounds: { min: number; max: number }): Array<[string, string]> {
  const q: Array<[string, string]> = [];
  if (flags.withTotalCount && flags.cursor)
    throw new UsageError('--with-total-count cannot be combined with --cursor (the API rejects with_total_count with a cursor)');
  if (flags.count !== undefined) {
    const msg = integerBetween(bounds.min, bounds.max)(flags.count);
    if (msg) throw new InputError(`--count ${msg}`);
    q.push(['count', flags.count]);
  }
  if (flags.limit !== undefined && integerBetween(1, Number.MAX_SAFE_INTEGER)(flags.limit))
    throw new InputError(`--limit must be a positive whole number (got ${JSON.stringify(flags.limit)})`);
  if (flags.cursor) q.push(['cursor', flags.cursor]);
  if (flags.sortBy) q.push(['sort_by', flags.sortBy]);
  if (flags.withDeleted) q.push(['with_deleted', 'true']);
  if (flags.withTotalCount) q.push(['with_total_count', 'true']);
  return q;
}

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
