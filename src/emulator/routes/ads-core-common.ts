// Helpers of the ads core routes: sort_by, unknown-parameter rejection, time
// stamps, and the account history the line item routes write to.
import { adsError, fail } from '../replies.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest } from '../types.js';

export const nowIso = (clock: { now(): number }): string => new Date(clock.now()).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Applies sort_by=<attribute>-asc|desc; an unknown attribute is an ads error. */
export function sortItems<T>(req: EmuRequest, items: T[], fields: readonly string[]): T[] {
  const raw = req.query.get('sort_by');
  if (raw === null) return items;
  const m = /^([a-z_]+)-(asc|desc)$/.exec(raw);
  if (!m || !fields.includes(m[1]!))
    fail(adsError(400, 'INVALID_PARAMETER', `sort_by must be <attribute>-asc or -desc with one of ${fields.join(', ')}`, 'sort_by', req));
  const key = m[1]!;
  const dir = m[2] === 'desc' ? -1 : 1;
  return [...items].sort((a, b) => {
    const x = String((a as Record<string, unknown>)[key] ?? '');
    const y = String((b as Record<string, unknown>)[key] ?? '');
    return (x < y ? -1 : x > y ? 1 : 0) * dir;
  });
}

/** The API answers unknown or read-only parameters with an error instead of ignoring them. */
export function rejectUnknown(req: EmuRequest, allowed: readonly string[]): void {
  for (const k of req.query.keys()) {
    if (!allowed.includes(k))
      fail(
        adsError(
          400,
          'INVALID_PARAMETER',
          `${k} is not a parameter of ${req.method} ${req.path.replace(/\/[^/]+$/, '/:id')} (unknown or read-only)`,
          k,
          req,
        ),
      );
  }
}

export function requireParam(req: EmuRequest, name: string): string {
  const v = req.query.get(name);
  if (v === null || v === '') fail(adsError(400, 'MISSING_PARAMETER', `${name} is required`, name, req));
  return v;
}

export interface HistoryRecord {
  account_id: string;
  change_by: { user_id: string; platform: string };
  changes: Record<string, { old: unknown; new: unknown }>;
  change_time: string;
  entity_id: string;
  entity: string;
  entity_data: Record<string, unknown>;
  change_type: string;
}

export function history(state: EmulatorState): HistoryRecord[] {
  return state.slice('ads.history', () => [] as HistoryRecord[]);
}

export function recordChange(state: EmulatorState, r: HistoryRecord): void {
  history(state).push(r);
}
