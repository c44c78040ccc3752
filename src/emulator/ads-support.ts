// Shared by every ads route family: the ad accounts the user may act on, and
// cursor paging with total_count, as the ads API does it.
import { adsError, fail } from './replies.js';
import { EMU_ACCOUNT, EMU_USER, type EmulatorState } from './state.js';
import type { EmuRequest } from './types.js';

export interface AdAccount {
  id: string;
  name: string;
  business_name: string;
  business_id: string;
  timezone: string;
  timezone_switch_at: string;
  approval_status: string;
  industry_type: string;
  created_at: string;
  updated_at: string;
  deleted: boolean;
  /** Users associated with the account (not part of the API payload). */
  user_ids: string[];
  sandbox: boolean;
  features: string[];
}

/** Another user's account: requests for it answer 403 (not associated with the user). */
export const FOREIGN_ACCOUNT = '5gvk9h';
/**
 * The user's second account, in a zone without daylight saving (the main
 * account is in America/New_York, which has it): analytics buckets follow each
 * account's own midnight.
 */
const TOKYO_ACCOUNT = '9iqxk2';

export function accounts(state: EmulatorState): Map<string, AdAccount> {
  return state.slice('ads.accounts', () => {
    const now = '2026-01-05T10:00:00Z';
    const mk = (id: string, name: string, users: string[], timezone = 'America/New_York'): AdAccount => ({
      id,
      name,
      business_name: `${name} Inc.`,
      business_id: `biz-${id}`,
      timezone,
      timezone_switch_at: now,
      approval_status: 'ACCEPTED',
      industry_type: 'TECHNOLOGY',
      created_at: now,
      updated_at: now,
      deleted: false,
      user_ids: users,
      sandbox: false,
      features: ['REACH_AND_FREQUENCY_ANALYTICS', 'WEBSITE_CLICKS_CPM_BILLING'],
    });
    return new Map([
      [EMU_ACCOUNT, mk(EMU_ACCOUNT, 'Emulator Ads', [EMU_USER.id])],
      [FOREIGN_ACCOUNT, mk(FOREIGN_ACCOUNT, 'Someone Else', ['999'])],
      [TOKYO_ACCOUNT, mk(TOKYO_ACCOUNT, 'Tokyo Ads', [EMU_USER.id], 'Asia/Tokyo')],
    ]);
  });
}

/** The path's account, checked to exist and to be associated with the caller. */
export function requireAccount(req: EmuRequest, state: EmulatorState): AdAccount {
  const id = req.params.account_id!;
  const acct = accounts(state).get(id);
  // Sandbox accounts exist only on the sandbox address.
  if (!acct || acct.deleted || (acct.sandbox && req.api !== 'sandbox'))
    fail(adsError(404, 'NOT_FOUND', `Account ${id} not found`, 'account_id', req));
  if (!req.auth?.userId || !acct.user_ids.includes(req.auth.userId))
    fail(adsError(403, 'UNAUTHORIZED_ACCESS', 'The authenticated user is not associated with this ad account', 'account_id', req));
  return acct;
}

/** Checks `count` against the endpoint's bounds (ads-style error on failure). */
function countParam(req: EmuRequest, bounds: { min: number; max: number; def: number }): number {
  const raw = req.query.get('count');
  if (raw === null) return bounds.def;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < bounds.min || n > bounds.max)
    fail(adsError(400, 'INVALID_PARAMETER', `count must be between ${bounds.min} and ${bounds.max}`, 'count', req));
  return n;
}

export interface PageResult<T> {
  data: T[];
  next_cursor: string | null;
  total_count?: number;
}

/**
 * Cursor paging over an in-memory list: with_deleted filtering, count bounds,
 * opaque cursors, and total_count only when with_total_count=true (rejected
 * with a cursor, as the spec says).
 */
export function pageOf<T extends { deleted?: boolean }>(
  req: EmuRequest,
  items: T[],
  bounds: { min: number; max: number; def: number },
): PageResult<T> {
  const withDeleted = req.query.get('with_deleted') === 'true';
  const withTotal = req.query.get('with_total_count') === 'true';
  const cursor = req.query.get('cursor');
  if (withTotal && cursor) fail(adsError(400, 'INVALID_PARAMETER', 'with_total_count cannot be used with cursor', 'with_total_count', req));
  const visible = withDeleted ? items : items.filter((i) => !i.deleted);
  const count = countParam(req, bounds);
  let start = 0;
  if (cursor) {
    const decoded = Number(Buffer.from(cursor, 'base64url').toString('utf8').replace(/^c:/, ''));
    if (!Number.isInteger(decoded) || decoded < 0) fail(adsError(400, 'INVALID_PARAMETER', 'cursor is invalid', 'cursor', req));
    start = decoded;
  }
  const data = visible.slice(start, start + count);
  const end = start + data.length;
  return {
    data,
    next_cursor: end < visible.length ? Buffer.from(`c:${end}`).toString('base64url') : null,
    ...(withTotal ? { total_count: visible.length } : {}),
  };
}
