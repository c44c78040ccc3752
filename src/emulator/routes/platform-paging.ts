// Paging and field selection of the emulator's v2 listings: max_results
// checked against the endpoint's range (400 invalid-request otherwise),
// pagination_token an opaque offset (a token the emulator did not issue is a
// 400), meta.result_count and meta.next_token as openapi v2.159 shows them.
import type { EmuResponse } from '../types.js';
import { invalid } from './platform-posting.js';

export type Obj = Record<string, unknown>;

const token = (offset: number) => Buffer.from(`emu-page:${offset}`).toString('base64url');

function offsetOf(t: string | null): number | undefined {
  if (t === null) return 0;
  const m = /^emu-page:(\d+)$/.exec(Buffer.from(t, 'base64url').toString('utf8'));
  return m ? Number(m[1]) : undefined;
}

/** One page of `items`, or the 400 the service gives for a bad max_results or token. */
export function page<T>(
  items: readonly T[],
  q: URLSearchParams,
  range: readonly [number, number],
  dflt: number,
): { data: T[]; meta: Obj } | EmuResponse {
  const raw = q.get('max_results');
  const size = raw === null ? dflt : Number(raw);
  if (!Number.isInteger(size) || size < range[0] || size > range[1])
    return invalid(
      `The \`max_results\` query parameter value [${raw}] is not between ${range[0]} and ${range[1]}`,
      'max_results',
      raw ?? '',
    );
  const from = offsetOf(q.get('pagination_token'));
  if (from === undefined)
    return invalid('The `pagination_token` query parameter value is not valid', 'pagination_token', q.get('pagination_token') ?? '');
  const data = items.slice(from, from + size);
  const next = from + size < items.length ? token(from + size) : undefined;
  const previous = from > 0 ? token(Math.max(0, from - size)) : undefined;
  return {
    data,
    meta: { result_count: data.length, ...(next ? { next_token: next } : {}), ...(previous ? { previous_token: previous } : {}) },
  };
}

/** The object with only the default fields and the ones asked for in `param` (e.g. user.fields). */
export function select(
  obj: Obj,
  q: URLSearchParams,
  param: string,
  defaults: readonly string[],
  valid: readonly string[],
): Obj | EmuResponse {
  const asked = (q.get(param) ?? '').split(',').filter(Boolean);
  const bad = asked.find((f) => !valid.includes(f));
  if (bad) return invalid(`The \`${param}\` query parameter value [${bad}] is not one of [${valid.join(',')}]`, param, bad);
  return Object.fromEntries([...defaults, ...asked].filter((k) => obj[k] !== undefined).map((k) => [k, obj[k]]));
}

export const isReply = (x: unknown): x is EmuResponse => Boolean(x && typeof x === 'object' && 'status' in x);
