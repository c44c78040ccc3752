// GET accounts/:account_id/custom_audiences (audiences reference): the
// account's own audiences (permission_scope OWNER, the default) or those shared
// with it (SHARED), filtered by custom_audience_ids and a case-insensitive name
// prefix, with cursor paging. Objects take the reference's example shape.
import { pageOf, requireAccount } from '../ads-support.js';
import { adsError, adsOk, fail } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest } from '../types.js';
import { rejectUnknown, sortItems } from './ads-core-common.js';
import { audienceStore, type Audience } from './audiences.js';

const PARAMS = ['count', 'cursor', 'custom_audience_ids', 'permission_scope', 'q', 'sort_by', 'with_deleted', 'with_total_count'];
const SEEDED_AT = '2026-01-05T10:00:00Z';

/** Below this many users a created audience is TOO_SMALL to target (ads-targeting.ts checks the same). */
const MIN_TARGETABLE = 100;

export function view(a: Audience, account: string) {
  const grant = a.permissions.find((p) => !p.deleted && p.granted_account_id === account);
  // Seeded audiences are targetable; a created one once it holds enough users.
  const users = a.received.count('Update');
  const small = a.created_at !== undefined && users < MIN_TARGETABLE;
  return {
    id: a.id,
    name: a.name,
    audience_type: 'CRM',
    description: a.description ?? null,
    owner_account_id: a.owner,
    permission_level: a.owner === account ? 'READ_WRITE' : (grant?.permission_level ?? 'READ_ONLY'),
    targetable: !small,
    targetable_types: ['CRM', 'EXCLUDED_CRM'],
    reasons_not_targetable: small ? ['TOO_SMALL'] : [],
    partner_source: 'OTHER',
    audience_size: a.created_at !== undefined && !small ? users : null,
    created_at: a.created_at ?? SEEDED_AT,
    updated_at: a.updated_at ?? SEEDED_AT,
    deleted: a.deleted ?? false,
  };
}

function list(req: EmuRequest, state: EmulatorState) {
  const account = requireAccount(req, state).id;
  rejectUnknown(req, PARAMS);
  const scope = req.query.get('permission_scope') ?? 'OWNER';
  if (scope !== 'OWNER' && scope !== 'SHARED')
    fail(adsError(400, 'INVALID_PARAMETER', 'permission_scope must be OWNER or SHARED', 'permission_scope', req));
  const idsRaw = req.query.get('custom_audience_ids');
  const ids =
    idsRaw === null
      ? undefined
      : idsRaw
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
  if (ids && (ids.length === 0 || ids.length > 200))
    fail(adsError(400, 'INVALID_PARAMETER', 'custom_audience_ids takes 1 to 200 ids', 'custom_audience_ids', req));
  const q = req.query.get('q');
  if (q !== null && (q.length < 1 || q.length > 255)) fail(adsError(400, 'INVALID_PARAMETER', 'q must be 1 to 255 characters', 'q', req));
  const mine = (a: Audience) =>
    scope === 'OWNER'
      ? a.owner === account
      : a.owner !== account && a.permissions.some((p) => !p.deleted && p.granted_account_id === account);
  const items = [...audienceStore(state).audiences.values()]
    .filter((a) => mine(a) && (!ids || ids.includes(a.id)) && (q === null || a.name.toLowerCase().startsWith(q.toLowerCase())))
    .map((a) => view(a, account));
  const page = pageOf(req, sortItems(req, items, ['name', 'id', 'created_at', 'updated_at']), { min: 1, max: 1000, def: 200 });
  return adsOk(req, page.data, {
    next_cursor: page.next_cursor,
    ...(page.total_count !== undefined ? { total_count: page.total_count } : {}),
  });
}

export function register(r: Router, state: EmulatorState): void {
  r.route({
    method: 'GET',
    path: '/12/accounts/:account_id/custom_audiences',
    api: 'ads',
    auth: 'user',
    handler: (req) => list(req, state),
  });
}
