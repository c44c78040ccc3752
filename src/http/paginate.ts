// Cursor pagination, one loop for both APIs: the ads API's next_cursor (sent
// back as `cursor`) and v2's meta.next_token (sent back as `pagination_token`).
import type { ApiClient, RequestOptions } from './client.js';
import { toParams } from './encode.js';

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
}

/**
 * Ads API: `next_cursor` → `cursor`. with_total_count cannot be combined with a
 * cursor (ads-api.md "Conventions"): total_count comes with the first page only.
 */
export const adsCursor: CursorStyle = { next: (e) => e.next_cursor, param: 'cursor', firstPageOnly: ['with_total_count'] };

/** Platform v2: `meta.next_token` → `pagination_token`. */
export const v2Cursor: CursorStyle = {
  next: (e) => (e.meta as { next_token?: unknown } | undefined)?.next_token,
  param: 'pagination_token',
  firstPageOnly: [],
};

function nextRequest(opts: RequestOptions, style: CursorStyle, cursor: string): RequestOptions {
  const query = toParams(opts.query).filter(([k]) => k !== style.param && !style.firstPageOnly.includes(k));
  query.push([style.param, cursor]);
  return { ...opts, query };
}

/** Follows the cursor from page to page. Stops after `limit` items when given (the last page cut to fit). */
export async function* pages<T = unknown>(
  client: ApiClient,
  opts: RequestOptions,
  style: CursorStyle,
  limit?: number,
): AsyncGenerator<Page<T>> {
  let next: RequestOptions = opts;
  let seen = 0;
  for (;;) {
    const res = await client.request(next);
    const envelope = (res.body ?? {}) as Record<string, unknown>;
    let items = (Array.isArray(envelope.data) ? envelope.data : []) as T[];
    if (limit !== undefined && seen + items.length > limit) items = items.slice(0, limit - seen);
    seen += items.length;
    yield { envelope, items };
    const cursor = style.next(envelope);
    if (typeof cursor !== 'string' || cursor === '' || (limit !== undefined && seen >= limit)) return;
    next = nextRequest(opts, style, cursor);
  }
}
