// Reading the API's answer to one users batch: the counts it confirms, the
// items it rejects, and the request-level errors of a batch that failed whole.
import type { ApiResponse } from '../http/client.js';

export interface Counts {
  success: number;
  total: number;
}

/** success_count/total_count: `data` is an object (custom audiences) or an array of them (do-not-reach). */
export function countsOf(body: unknown): Counts | undefined {
  const data = (body as { data?: unknown } | null)?.data;
  const list = Array.isArray(data) ? data : data && typeof data === 'object' ? [data] : [];
  if (!list.length) return undefined;
  let success = 0;
  let total = 0;
  for (const d of list as Array<Record<string, unknown>>) {
    if (typeof d?.success_count !== 'number' || typeof d?.total_count !== 'number') return undefined;
    success += d.success_count;
    total += d.total_count;
  }
  return { success, total };
}

export interface ItemError {
  /** Position of the user in the request. */
  index: number;
  message: string;
}

/**
 * operation_errors, as positions of users in the request with a message. Both
 * shapes are read: a list of {index, message}, or a list parallel to the
 * items where empty entries mean "no error".
 */
export function itemErrors(body: unknown): ItemError[] {
  const raw = (body as { operation_errors?: unknown } | null)?.operation_errors;
  if (!Array.isArray(raw)) return [];
  const out: ItemError[] = [];
  const text = (e: unknown): string => {
    if (typeof e === 'string') return e;
    if (Array.isArray(e)) return e.map(text).filter(Boolean).join('; ');
    if (e && typeof e === 'object') {
      const o = e as Record<string, unknown>;
      return String(o.message ?? o.error_message ?? o.detail ?? o.code ?? JSON.stringify(o));
    }
    return '';
  };
  raw.forEach((e, pos) => {
    const o = e as Record<string, unknown> | null;
    if (o && typeof o === 'object' && !Array.isArray(o) && typeof o.index === 'number')
      out.push({ index: o.index, message: text({ ...o, index: undefined }) || 'rejected' });
    else if (e && (typeof e !== 'object' || Object.keys(e as object).length)) {
      const m = text(e);
      if (m) out.push({ index: pos, message: m });
    }
  });
  return out;
}

type RequestError = { code?: unknown; message?: unknown; parameter?: unknown } | null | undefined;

export function requestErrors(res: ApiResponse): string {
  const errors = (res.body as { errors?: unknown } | null)?.errors;
  if (Array.isArray(errors) && errors.length) {
    return (errors as RequestError[])
      .map(
        (e) =>
          `${e?.code !== undefined ? `[${e.code}] ` : ''}${e?.message ?? JSON.stringify(e)}${e?.parameter ? ` (parameter: ${e.parameter})` : ''}`,
      )
      .join('; ');
  }
  return `HTTP ${res.status}`;
}
