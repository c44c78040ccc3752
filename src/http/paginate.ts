// Cursor pagination, one loop for both APIs: the ads API's next_cursor (sent
// back as `cursor`) and v2's meta.next_token (sent back as `pagination_token`).
import type { ApiClient, RequestOptions } from './client.js';
import { toParams } from './encode.js';
import { CliError, NetworkError } from '../errors/cli-error.js';

export interface Page<T = unknown> {
  /** The whole response envelope of this page. */
  envelope: Record<string, unknown>;
  items: T[];
}

/** How an API names its cursor: where a page says what comes next, and how the next request asks for it. */
export interface CursorStyle {
  /** The next page's cursor; anything but a non-empty string means this was the last page. */
  next(envelope: Record<string, unknown>): unknown;
  /** The query parameter that carries the cursor. */
  param: string;
  /** Query parameters sent with the first request only. */
  firstPageOnly: readonly string[];
  /** The flag that starts a listing at a cursor, named in the resume hint of a listing cut short. */
  flag?: string;
}

/**
 * Ads API: `next_cursor` → `cursor`. with_total_count cannot be combined with a
 * cursor (ads-api.md "Conventions"): total_count comes with the first page only.
 */
export const adsCursor: CursorStyle = {
  next: (e) => e.next_cursor,
  param: 'cursor',
  firstPageOnly: ['with_total_count'],
  flag: '--cursor',
};

/** Platform v2: `meta.next_token` → `pagination_token`. */
export const v2Cursor: CursorStyle = {
  next: (e) => (e.meta as { next_token?: unknown } | undefined)?.next_token,
  param: 'pagination_token',
  firstPageOnly: [],
  flag: '--next-token',
};

/** The cursor a request asks for, when it asks for one. */
function cursorOf(opts: RequestOptions, style: CursorStyle): string | undefined {
  return toParams(opts.query).find(([k]) => k === style.param)?.[1];
}

/**
 * A listing cut short by a failure: the error says where to start again (`resume` in its JSON, the flag in its
 * hint), so a rerun neither loses nor repeats the pages already printed.
 */
function withResume(e: unknown, style: CursorStyle, cursor: string, itemsRead: number): unknown {
  if (!(e instanceof CliError)) return e;
  e.resume = { [style.param]: cursor, items_read: itemsRead, ...(style.flag ? { flag: style.flag } : {}) };
  const how = style.flag ? `rerun with ${style.flag} ${cursor}` : `send ${style.param}=${cursor}`;
  e.hint = `${e.hint ? `${e.hint} ` : ''}To go on from the page that failed (${itemsRead} items were read before it), ${how}.`;
  return e;
}

function nextRequest(opts: RequestOptions, style: CursorStyle, cursor: string): RequestOptions {
  const query = toParams(opts.query).filter(([k]) => k !== style.param && !style.firstPageOnly.includes(k));
  query.push([style.param, cursor]);
  return { ...opts, query };
}

/**
 * Why a listing must stop although the server offers another page: a cursor it
 * already gave (a repeat or a cycle would never end: one hostile server got
 * 15,512 requests in 8 s), or the page cap (--max-pages, POSTCTL_MAX_PAGES),
 * which also bounds a server that invents a fresh cursor for every empty page.
 * With items read, the listing ends with a warning and exit 0; with none, exit 7.
 */
function stopReason(cursor: string, cursors: Set<string>, requests: number, maxPages: number): string | undefined {
  if (cursors.has(cursor)) return `the server repeated a cursor it had already given (after ${requests} pages)`;
  if (requests >= maxPages) return `reached the page cap of ${maxPages} pages (--max-pages, POSTCTL_MAX_PAGES)`;
  return undefined;
}

function stopped(client: ApiClient, opts: RequestOptions, reason: string, items: number): void {
  const what = `${(opts.method ?? 'GET').toUpperCase()} ${opts.path}`;
  if (items === 0)
    throw new NetworkError(`listing ${what} stopped: ${reason}, and no items were read`, {
      hint: 'The server keeps offering more pages without data; check the base URL, or raise --max-pages if the listing is genuinely that long.',
    });
  client.notice(`warning: listing ${what} stopped: ${reason}; printed the ${items} items read so far`);
}

/**
 * Follows the cursor from page to page: the one pager of every paged verb and
 * `request --paginate`. Stops after `limit` items when given (the last page cut
 * to fit), at a repeated cursor and at the page cap (see stopReason).
 */
export async function* pages<T = unknown>(
  client: ApiClient,
  opts: RequestOptions,
  style: CursorStyle,
  limit?: number,
): AsyncGenerator<Page<T>> {
  let next: RequestOptions = opts;
  let seen = 0;
  const cursors = new Set<string>();
  for (let requests = 1; ; requests++) {
    let res: Awaited<ReturnType<ApiClient['request']>>;
    try {
      res = await client.request(next);
    } catch (e) {
      const cursor = cursorOf(next, style);
      throw cursor === undefined ? e : withResume(e, style, cursor, seen);
    }
    const envelope = (res.body ?? {}) as Record<string, unknown>;
    let items = (Array.isArray(envelope.data) ? envelope.data : []) as T[];
    if (limit !== undefined && seen + items.length > limit) items = items.slice(0, limit - seen);
    seen += items.length;
    yield { envelope, items };
    const cursor = style.next(envelope);
    if (typeof cursor !== 'string' || cursor === '' || (limit !== undefined && seen >= limit)) return;
    const reason = stopReason(cursor, cursors, requests, client.maxPages);
    if (reason) return stopped(client, opts, reason, seen);
    cursors.add(cursor);
    next = nextRequest(opts, style, cursor);
  }
}
