// Post and media analytics (GET /2/tweets/analytics, GET /2/media/analytics;
// user context): the requests, and the reply's series as one row per id and
// timestamp for tables and CSV (JSON keeps the reply whole).
// https://docs.x.com/x-api/posts/get-post-analytics
import type { RequestOptions } from '../http/client.js';
import type { Params } from '../http/encode.js';
import { wire, type NameStyle } from '../wire/names.js';

export const ANALYTICS_ENDPOINT = { posts: 'GET /2/tweets/analytics', media: 'GET /2/media/analytics' } as const;

export const analyticsRequest = (kind: keyof typeof ANALYTICS_ENDPOINT, query: Params, style: NameStyle): RequestOptions => ({
  method: 'GET',
  path: kind === 'posts' ? `/2/${wire('path.posts', style)}/analytics` : '/2/media/analytics',
  query,
});

export type AnalyticsRow = Record<string, unknown>;

const PLAIN = /^[a-z0-9_]{1,64}$/i;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * One row per (item, timestamp): `idKey` (id or media_key), `timestamp`, then the metrics. An item without
 * a series still gets a row, so no id asked for disappears from the table; anything not an object is skipped.
 */
export function analyticsRows(data: unknown, idKey: 'id' | 'media_key'): { rows: AnalyticsRow[]; metrics: string[] } {
  const rows: AnalyticsRow[] = [];
  const metrics = new Set<string>();
  for (const item of Array.isArray(data) ? data : []) {
    if (!isObject(item)) continue;
    const series = Array.isArray(item.timestamped_metrics) ? item.timestamped_metrics.filter(isObject) : [];
    if (series.length === 0) rows.push({ [idKey]: item[idKey] });
    for (const point of series) {
      const m = isObject(point.metrics) ? point.metrics : {};
      const row: AnalyticsRow = { [idKey]: item[idKey], timestamp: point.timestamp };
      // Names come from the reply: only plain metric names become columns (JSON keeps the reply whole).
      for (const name of Object.keys(m))
        if (PLAIN.test(name) && !(name in row)) {
          Object.defineProperty(row, name, { value: m[name], enumerable: true, writable: true, configurable: true });
          metrics.add(name);
        }
      rows.push(row);
    }
  }
  return { rows, metrics: [...metrics] };
}

/**
 * The asked ids the reply does not account for, and those it gives more than once or never asked for: every
 * id asked must come back once, in `data` or named in `errors` (value or resource_id), so a short reply is an
 * error and never a short table.
 */
export function idGaps(
  asked: readonly string[],
  data: unknown,
  errors: unknown,
  idKey: 'id' | 'media_key',
): { missing: string[]; repeated: string[]; extra: string[] } {
  const want = new Set(asked);
  const seen = new Set<string>();
  const repeated: string[] = [];
  const extra: string[] = [];
  for (const item of Array.isArray(data) ? data : []) {
    const id = isObject(item) ? String(item[idKey]) : String(item);
    if (!want.has(id)) extra.push(id);
    else if (seen.has(id)) repeated.push(id);
    else seen.add(id);
  }
  for (const e of Array.isArray(errors) ? errors : []) {
    if (!isObject(e)) continue;
    for (const v of [e.value, e.resource_id]) if (typeof v === 'string' && want.has(v)) seen.add(v);
  }
  return { missing: asked.filter((id) => !seen.has(id)), repeated, extra };
}
