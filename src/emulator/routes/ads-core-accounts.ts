// Accounts (ads-api.md "Accounts"): list/get/update, sandbox-only create and
// delete, account apps (a large fixture for paging), account history, features
// (sandbox-only add) and audience estimates.
import { accounts, pageOf, requireAccount, type AdAccount } from '../ads-support.js';
import { adsError, adsOk, fail } from '../replies.js';
import type { Router } from '../router.js';
import { EMU_ACCOUNT, EMU_USER, type EmulatorState } from '../state.js';
import type { EmuRequest, Handler } from '../types.js';
import { history, nowIso, rejectUnknown, requireParam, sortItems } from './ads-core-common.js';
import { incoming } from '../spelling.js';

const PAGE = { min: 1, max: 1000, def: 200 };
const INDUSTRY_TYPES = [
  'AGENCY',
  'BUSINESS_TO_BUSINESS',
  'ONLINE_SERVICES',
  'EDUCATION',
  'FINANCIAL',
  'HEALTH',
  'GOVERNMENT',
  'MEDIA',
  'MOBILE',
  'RESTAURANT',
  'RETAIL',
  'TECHNOLOGY',
  'TRAVEL',
  'OTHER',
];
const ENTITY_TYPES = ['CAMPAIGN', 'LINE_ITEM', 'PROMOTED_POST', 'TARGETING_CRITERIA', 'PROMOTED_ACCOUNT'];
const READABLE_FEATURES = ['REACH_AND_FREQUENCY_ANALYTICS', 'REACH_FREQUENCY_CAP', 'WEBSITE_CLICKS_CPM_BILLING'];
const SANDBOX_FEATURES = [
  'AGE_TARGETING',
  'ALLOW_SKIPPABLE_VIDEOS_FOR_PREROLL_VIEWS_OBJECTIVE',
  'AWARENESS_OBJECTIVE',
  'BRAND_TPN',
  'CHARGE_FOR_GOOD_CLICK',
  'CONVERSATION_CARD',
  'CONVERSATION_CARD_FOUR_OPTIONS',
  'CONVERSATION_CARD_UNLOCK',
  'CPI_CHARGING',
  'DIRECT_MESSAGE_CARD',
  'DR_TAP',
  'ENGAGER_RETARGETING',
  'EVENT_TARGETING',
  'INSTALLED_APP_CATEGORY_TARGETING',
  'MOBILE_CONVERSION_TRANSACTION_VALUE',
  'OPTIMIZED_ACTION_BIDDING',
  'REACH_AND_FREQUENCY_ANALYTICS',
  'REACH_FREQUENCY_CAP',
  'VALIDATED_AGE_TARGETING',
  'VIDEO_VIEWS_MIDROLL_OBJECTIVE',
  'PREROLL_VIEWS_OBJECTIVE',
  'VIDEO_APP_DOWNLOAD_CARD',
];

/** The API payload of an account (without the emulator's bookkeeping). */
function view(a: AdAccount): Record<string, unknown> {
  const { user_ids: _u, sandbox: _s, features: _f, ...rest } = a;
  return rest;
}

export interface EmuAccountApp {
  id: string;
  app_store_identifier: string;
  os_type: string;
  conversion_tracking_enabled: boolean;
  deep_link_pattern: string | null;
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

/** The emulator account's apps: `fixtureSize` of them (default 2,500), in creation order. */
export function accountApps(state: EmulatorState, accountId: string): EmuAccountApp[] {
  const all = state.slice('ads.accountApps', () => new Map<string, EmuAccountApp[]>());
  let list = all.get(accountId);
  if (!list) {
    const n = accountId === EMU_ACCOUNT ? (state.options.fixtureSize ?? 2500) : 0;
    const base = Date.parse('2025-01-01T00:00:00Z');
    list = Array.from({ length: n }, (_, i) => {
      const ios = i % 2 === 0;
      const at = new Date(base + i * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
      return {
        id: `app${String(i + 1).padStart(5, '0')}`,
        app_store_identifier: ios ? String(300000000 + i) : `com.example.app${i + 1}`,
        os_type: ios ? 'IOS' : 'ANDROID',
        conversion_tracking_enabled: i % 3 === 0,
        deep_link_pattern: i % 5 === 0 ? `example${i + 1}://open` : null,
        created_at: at,
        updated_at: at,
        deleted: false,
      };
    });
    all.set(accountId, list);
  }
  return list;
}

const wholeHour = (v: string): boolean => /^\d{4}-\d{2}-\d{2}T/.test(v) && !Number.isNaN(Date.parse(v)) && Date.parse(v) % 3_600_000 === 0;

function findAccount(req: EmuRequest, state: EmulatorState, withDeleted: boolean): AdAccount {
  const id = req.params.account_id!;
  const acct = accounts(state).get(id);
  if (!acct || (acct.deleted && !withDeleted) || (acct.sandbox && req.api !== 'sandbox'))
    fail(adsError(404, 'NOT_FOUND', `Account ${id} not found`, 'account_id', req));
  if (!req.auth?.userId || !acct.user_ids.includes(req.auth.userId))
    fail(adsError(403, 'UNAUTHORIZED_ACCESS', 'The authenticated user is not associated with this ad account', 'account_id', req));
  return acct;
}

const listAccounts: Handler = (req, state) => {
  const userId = req.auth?.userId ?? '';
  const ids = req.query.get('account_ids')?.split(',').filter(Boolean);
  if (ids && ids.length > 200) fail(adsError(400, 'INVALID_PARAMETER', 'account_ids takes at most 200 ids', 'account_ids', req));
  const q = req.query.get('q')?.toLowerCase();
  let list = [...accounts(state).values()].filter((a) => a.user_ids.includes(userId) && (!a.sandbox || req.api === 'sandbox'));
  if (ids) list = list.filter((a) => ids.includes(a.id));
  if (q) list = list.filter((a) => a.name.toLowerCase().startsWith(q));
  const page = pageOf(req, sortItems(req, list, ['id', 'name', 'created_at', 'updated_at']), PAGE);
  return adsOk(req, page.data.map(view), {
    next_cursor: page.next_cursor,
    ...(page.total_count !== undefined ? { total_count: page.total_count } : {}),
  });
};

const getAccount: Handler = (req, state) => adsOk(req, view(findAccount(req, state, req.query.get('with_deleted') === 'true')));

const updateAccount: Handler = (req, state) => {
  const acct = requireAccount(req, state);
  rejectUnknown(req, ['name', 'industry_type']);
  const name = req.query.get('name');
  const industry = req.query.get('industry_type');
  if (name !== null && name.trim() === '') fail(adsError(400, 'INVALID_PARAMETER', 'name must not be empty', 'name', req));
  if (industry !== null && !INDUSTRY_TYPES.includes(industry))
    fail(adsError(400, 'INVALID_PARAMETER', `industry_type must be one of ${INDUSTRY_TYPES.join(', ')}`, 'industry_type', req));
  if (name !== null) acct.name = name;
  if (industry !== null) acct.industry_type = industry;
  acct.updated_at = nowIso(state);
  return adsOk(req, view(acct));
};

const createSandboxAccount: Handler = (req, state) => {
  const map = accounts(state);
  const id = `gq${(map.size + 1).toString(36)}${state.nextId().slice(-4)}`;
  const now = nowIso(state);
  const acct: AdAccount = {
    id,
    name: `Sandbox account ${map.size + 1}`,
    business_name: 'Sandbox',
    business_id: `biz-${id}`,
    timezone: 'America/New_York',
    timezone_switch_at: now,
    approval_status: 'ACCEPTED',
    industry_type: 'OTHER',
    created_at: now,
    updated_at: now,
    deleted: false,
    user_ids: [req.auth?.userId ?? EMU_USER.id],
    sandbox: true,
    features: [],
  };
  map.set(id, acct);
  return adsOk(req, view(acct), {}, 201);
};

const deleteSandboxAccount: Handler = (req, state) => {
  const acct = requireAccount(req, state);
  if (!acct.sandbox) fail(adsError(400, 'INVALID_PARAMETER', 'Only sandbox accounts can be deleted', 'account_id', req));
  acct.deleted = true;
  acct.updated_at = nowIso(state);
  return adsOk(req, view(acct));
};

const listAccountApps: Handler = (req, state) => {
  requireAccount(req, state);
  const items = sortItems(req, accountApps(state, req.params.account_id!), [
    'id',
    'app_store_identifier',
    'os_type',
    'created_at',
    'updated_at',
  ]);
  const page = pageOf(req, items, PAGE);
  return adsOk(req, page.data, {
    next_cursor: page.next_cursor,
    ...(page.total_count !== undefined ? { total_count: page.total_count } : {}),
  });
};

const listAccountHistory: Handler = (req, state) => {
  requireAccount(req, state);
  const entityType = requireParam(req, 'entity_type');
  const entityId = requireParam(req, 'entity_id');
  const start = requireParam(req, 'start_time');
  const end = requireParam(req, 'end_time');
  // PROMOTED_TWEET officially, PROMOTED_POST in the spec: only the spellings this server serves.
  const read = incoming('value', entityType, state.names);
  if (!read.known || !ENTITY_TYPES.includes(read.name))
    fail(adsError(400, 'INVALID_PARAMETER', `entity_type must be one of ${ENTITY_TYPES.join(', ')}`, 'entity_type', req));
  for (const [name, v] of [
    ['start_time', start],
    ['end_time', end],
  ] as const) {
    if (!wholeHour(v)) fail(adsError(400, 'INVALID_PARAMETER', `${name} must be an ISO 8601 time on a whole hour`, name, req));
  }
  const userId = req.query.get('user_id');
  const from = Date.parse(start);
  const to = Date.parse(end);
  if (from >= to) fail(adsError(400, 'INVALID_PARAMETER', 'end_time must be after start_time', 'end_time', req));
  const entries = history(state)
    .filter(
      (h) =>
        h.account_id === req.params.account_id &&
        h.entity === entityType &&
        h.entity_id === entityId &&
        (!userId || h.change_by.user_id === userId),
    )
    .filter((h) => Date.parse(h.change_time) >= from && Date.parse(h.change_time) < to)
    .map(({ account_id: _a, ...h }): typeof h & { deleted?: boolean } => h);
  const page = pageOf(req, entries, PAGE);
  return adsOk(req, page.data, { next_cursor: page.next_cursor });
};

const listAccountFeatures: Handler = (req, state) => {
  const acct = requireAccount(req, state);
  const keys = req.query.get('feature_keys')?.split(',').filter(Boolean);
  const unknown = keys?.filter((k) => !READABLE_FEATURES.includes(k)) ?? [];
  if (unknown.length) fail(adsError(400, 'INVALID_PARAMETER', `feature_keys: unknown ${unknown.join(', ')}`, 'feature_keys', req));
  return adsOk(
    req,
    acct.features.filter((f) => !keys || keys.includes(f)),
  );
};

const addSandboxFeatures: Handler = (req, state) => {
  const acct = requireAccount(req, state);
  if (!acct.sandbox) fail(adsError(400, 'INVALID_PARAMETER', 'Features can be added only to sandbox accounts', 'account_id', req));
  const keys = requireParam(req, 'feature_keys').split(',').filter(Boolean);
  const unknown = keys.filter((k) => !SANDBOX_FEATURES.includes(k));
  if (unknown.length) fail(adsError(400, 'INVALID_PARAMETER', `feature_keys: unknown ${unknown.join(', ')}`, 'feature_keys', req));
  for (const k of keys) if (!acct.features.includes(k)) acct.features.push(k);
  return adsOk(req, [...acct.features]);
};

const estimateAudience: Handler = (req, state) => {
  requireAccount(req, state);
  if (!/application\/json/.test(String(req.headers['content-type'])))
    fail(adsError(400, 'INVALID_PARAMETER', 'The body must be JSON (Content-Type: application/json)', 'body', req));
  // The reference's example body: {"targeting_criteria": [{targeting_type, targeting_value, operator_type}, …]}.
  const body = req.json<{ targeting_criteria?: unknown }>();
  const list = body && typeof body === 'object' && !Array.isArray(body) ? body.targeting_criteria : undefined;
  if (!Array.isArray(list) || !list.length)
    fail(
      adsError(400, 'INVALID_PARAMETER', 'targeting_criteria must be a non-empty array of targeting criteria', 'targeting_criteria', req),
    );
  const bad = (list as unknown[]).findIndex(
    (o) =>
      !o ||
      typeof o !== 'object' ||
      typeof (o as Record<string, unknown>).targeting_type !== 'string' ||
      typeof (o as Record<string, unknown>).targeting_value !== 'string',
  );
  if (bad >= 0)
    fail(
      adsError(400, 'INVALID_PARAMETER', `targeting_criteria[${bad}] needs targeting_type and targeting_value`, 'targeting_criteria', req),
    );
  // A made-up but stable size: narrower targeting, smaller audience.
  const min = Math.max(1000, Math.round(5_000_000 / list.length));
  return adsOk(req, { audience_size: { min, max: Math.round(min * 1.25) } });
};

export function register(r: Router): void {
  r.route({ method: 'GET', path: '/12/accounts', api: 'ads', auth: 'user', handler: listAccounts });
  r.route({ method: 'GET', path: '/12/accounts/:account_id', api: 'ads', auth: 'user', handler: getAccount });
  r.route({ method: 'PUT', path: '/12/accounts/:account_id', api: 'ads', auth: 'user', handler: updateAccount });
  // Sandbox only: on the production address these paths answer 405.
  r.route({ method: 'POST', path: '/12/accounts', api: 'sandbox', auth: 'user', handler: createSandboxAccount });
  r.route({ method: 'DELETE', path: '/12/accounts/:account_id', api: 'sandbox', auth: 'user', handler: deleteSandboxAccount });
  r.route({ method: 'GET', path: '/12/accounts/:account_id/account_apps', api: 'ads', auth: 'user', handler: listAccountApps });
  r.route({ method: 'GET', path: '/12/accounts/:account_id/account_history', api: 'ads', auth: 'user', handler: listAccountHistory });
  r.route({ method: 'GET', path: '/12/accounts/:account_id/features', api: 'ads', auth: 'user', handler: listAccountFeatures });
  r.route({ method: 'POST', path: '/12/accounts/:account_id/features', api: 'sandbox', auth: 'user', handler: addSandboxFeatures });
  r.route({ method: 'POST', path: '/12/accounts/:account_id/audience_estimate', api: 'ads', auth: 'user', handler: estimateAudience });
}
