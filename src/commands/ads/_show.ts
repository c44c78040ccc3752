// How the ads verbs print one object: money cells read in micros with their decimal value beside them.
import type { Column } from '../../output/printer.js';
import { fromMicros } from '../../validate/money.js';

const isMicros = (k: string, v: unknown): boolean =>
  k.endsWith('_local_micro') && (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)));

/** Micro amounts read better with their decimal value beside them. */
export function showValue(field: string, value: unknown): unknown {
  if (isMicros(field, value)) return `${value} (${fromMicros(String(value))})`;
  return value;
}

/**
 * Field/value rows for one object, in its own key order: money stays in micros,
 * with its decimal amount on the next row (tables only: CSV and JSON carry the raw fields).
 */
export function objectFields(obj: object): Column<Record<string, unknown> | undefined>[] {
  return Object.entries(obj).flatMap(([k, v]) => {
    const raw = { header: k, get: (r: Record<string, unknown> | undefined) => r?.[k] };
    return isMicros(k, v)
      ? [
          raw,
          {
            header: `${k.replace(/_local_micro$/, '')} (decimal)`,
            get: (r: Record<string, unknown> | undefined) => fromMicros(String(r?.[k])),
          },
        ]
      : [raw];
  });
}
