// Cursor pagination: the ads API's next_cursor and v2's meta.next_token.
import type { ApiClient, RequestOptions } from './client.js';
import { toParams } from './encode.js';

export interface Page<T = unknown> {
  /** The whole response envelope of this page. */
  envelope: Record<string, unknown>;
  items: T[];
}

function withParam(opts: RequestOptions, name: string, value: string): RequestOptions {
  const query = toParams(opts.query).filter(([k]) => k !== name);
  query.push([name, value]);
  return { ...opts, query };
}

/** Follows `next_cursor` (ads API). Stops after `limit` items when given. */
export async function* adsPages<T = unknown>(client: ApiClient, opts: RequestOptions, limit?: number): AsyncGenerator<Page<T>> {
  let next: RequestOptions = opts;
  let seen = 0;
  for (;;) {
    const res = await client.request(next);
    const envelope = (res.body ?? {}) as Record<string, unknown>;
    let items = (Array.isArray(envelope.data) ? envelope.data : []) as T[];
    if (limit !== undefined && seen + items.length > limit) items = items.slice(0, limit - seen);
    seen += items.length;
    yield { envelope, items };
    const cursor = envelope.next_cursor;
    if (typeof cursor !== 'string' || cursor === '' || (limit !== undefined && seen >= limit)) return;
    // with_total_count cannot be combined with cursor (ads-api.md "Conventions"):
    // total_count comes with the first page only.
    next = withParam({ ...opts, query: toParams(opts.query).filter(([k]) => k !== 'with_total_count') }, 'cursor', cursor);
  }
}

/** Follows `meta.next_token` (platform v2) via `pagination_token`. */
export async function* v2Pages<T = unknown>(client: ApiClient, opts: RequestOptions, limit?: number): AsyncGenerator<Page<T>> {
  let next: RequestOptions = opts;
  let seen = 0;
  for (;;) {
    const res = await client.request(next);
    const envelope = (res.body ?? {}) as Record<string, unknown>;
    let items = (Array.isArray(envelope.data) ? envelope.data : []) as T[];
    if (limit !== undefined && seen + items.length > limit) items = items.slice(0, limit - seen);
    seen += items.length;
    yield { envelope, items };
    const token = (envelope.meta as { next_token?: unknown } | undefined)?.next_token;
    if (typeof token !== 'string' || token === '' || (limit !== undefined && seen >= limit)) return;
    next = withParam(opts, 'pagination_token', token);
  }
}
