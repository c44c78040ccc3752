// Line items (ads-api.md "Line items", "States and transitions"): seeded line
// items of every objective, GET, PUT with the spec's rules enforced by the
// emulator's own checks (independent of postctl's), and irreversible DELETE
// that answers 404 on a repeat. Changes are written to the account history.
import { pageOf, requireAccount } from '../ads-support.js';
import { adsError, adsOk, fail } from '../replies.js';
import type { Router } from '../router.js';
import { EMU_ACCOUNT, EMU_USER, type EmulatorState } from '../state.js';
import { outgoing, replySpelling } from '../spelling.js';
import type { EmuRequest } from '../types.js';
import { nowIso, recordChange, rejectUnknown, sortItems } from './ads-core-common.js';

/** Seeded line item ids of the emulator account, by objective (PUBLISHER_NETWORK lacks its domain and categories). */
export const LINE_ITEM_IDS = {
  REACH: '8u94t',
  FOLLOWERS: '8u94u',
  APP_INSTALLS: '8u94v',
  WEBSITE_CLICKS: '8u94w',
  ENGAGEMENTS: '8u94x',
  VIDEO_VIEWS: '8u94y',
  PREROLL_VIEWS: '8u94z',
  PUBLISHER_NETWORK: '8u950',
  DELETABLE: '8u951',
} as const;

export interface EmuLineItem {
  id: string;
  name: string;
  campaign_id: string;
  objective: string;
  goal: string | null;
  product_type: string;
  placements: string[];
  bid_strategy: string;
  bid_amount_local_micro: number | null;
  target_cpa_local_micro: number | null;
  primary_web_event_tag: string | null;
  pay_by: string | null;
  currency: string;
  start_time: string | null;
  end_time: string | null;
  duration_in_days: number | null;
  frequency_cap: number | null;
  total_budget_amount_local_micro: number | null;
  daily_budget_amount_local_micro: number | null;
  standard_delivery: boolean;
  automatic_post_promotion: boolean;
  entity_status: string;
  categories: string[];
  advertiser_user_id: string | null;
  advertiser_domain: string | null;
  android_app_store_identifier: string | null;
  ios_app_store_identifier: string | null;
  audience_expansion: string | null;
  creative_source: string;
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

const SEEDED_AT = '2026-01-05T10:00:00Z';

export function seed(id: string, objective: string, extra: Partial<EmuLineItem>): EmuLineItem {
  return {
    id,
    name: `${objective.toLowerCase()} line item`,
    campaign_id: 'f2qcm',
    objective,
    goal: null,
    product_type: 'PROMOTED_POSTS',
    placements: ['ALL_ON_SERVICE'],
    bid_strategy: 'AUTO',
    bid_amount_local_micro: null,
    target_cpa_local_micro: null,
    primary_web_event_tag: null,
    pay_by: null,
    currency: 'USD',
    start_time: '2026-02-01T00:00:00Z',
    end_time: '2026-03-01T00:00:00Z',
    duration_in_days: null,
    frequency_cap: null,
    total_budget_amount_local_micro: 100_000_000,
    daily_budget_amount_local_micro: 10_000_000,
    standard_delivery: true,
    automatic_post_promotion: false,
    entity_status: 'ACTIVE',
    categories: [],
    advertiser_user_id: null,
    advertiser_domain: null,
    android_app_store_identifier: null,
    ios_app_store_identifier: null,
    audience_expansion: null,
    creative_source: 'MANUAL',
    created_at: SEEDED_AT,
    updated_at: SEEDED_AT,
    deleted: false,
    ...extra,
  };
}

/**
 * A line item reply in the server's spelling: PROMOTED_TWEETS,
 * automatic_tweet_promotion and the TWITTER_* placements officially, the
 * spec's names otherwise (stored line items stay neutral).
 */
export function lineItemReply(req: EmuRequest, state: EmulatorState, data: unknown, extra: Record<string, unknown> = {}) {
  return adsOk(req, outgoing(data, replySpelling(state.names)), extra);
}

/** Line items per account. */
export function lineItems(state: EmulatorState, accountId: string): Map<string, EmuLineItem> {
  const all = state.slice('ads.lineItems', () => {
    const L = LINE_ITEM_IDS;
    const items = [
      seed(L.REACH, 'REACH', { goal: 'MAX_REACH', frequency_cap: 3, duration_in_days: 7 }),
      seed(L.FOLLOWERS, 'FOLLOWERS', { goal: 'FOLLOWERS', placements: ['SERVICE_TIMELINE'] }),
      seed(L.APP_INSTALLS, 'APP_INSTALLS', {
        goal: 'APP_INSTALLS',
        bid_strategy: 'MAX',
        bid_amount_local_micro: 1_500_000,
        pay_by: 'IMPRESSION',
        ios_app_store_identifier: '333903271',
      }),
      seed(L.WEBSITE_CLICKS, 'WEBSITE_CLICKS', {
        goal: 'LINK_CLICKS',
        bid_strategy: 'TARGET',
        bid_amount_local_micro: 2_000_000,
        pay_by: 'LINK_CLICK',
      }),
      seed(L.ENGAGEMENTS, 'ENGAGEMENTS', { goal: 'ENGAGEMENT', bid_strategy: 'MAX', bid_amount_local_micro: 500_000 }),
      seed(L.VIDEO_VIEWS, 'VIDEO_VIEWS', { goal: 'VIEW_3S_100PCT', placements: ['SERVICE_TIMELINE', 'SERVICE_PROFILE'] }),
      seed(L.PREROLL_VIEWS, 'PREROLL_VIEWS', { goal: 'PREROLL', categories: ['IAB1', 'IAB1-6'], advertiser_user_id: '756201191646691328' }),
      seed(L.PUBLISHER_NETWORK, 'ENGAGEMENTS', {
        name: 'publisher network line item',
        goal: 'ENGAGEMENT',
        placements: ['ALL_ON_SERVICE', 'PUBLISHER_NETWORK'],
      }),
      seed(L.DELETABLE, 'ENGAGEMENTS', { name: 'line item to delete', goal: 'ENGAGEMENT' }),
    ];
    return new Map<string, Map<string, EmuLineItem>>([[EMU_ACCOUNT, new Map(items.map((i) => [i.id, i]))]]);
  });
  let m = all.get(accountId);
  if (!m) all.set(accountId, (m = new Map()));
  return m;
}

/** The path's line item; deleted ones only with with_deleted=true. */
export function findLineItem(req: EmuRequest, state: EmulatorState, id: string, opts: { withDeleted?: boolean } = {}): EmuLineItem {
  const li = lineItems(state, req.params.account_id!).get(id);
  if (!li || (li.deleted && !opts.withDeleted)) fail(adsError(404, 'NOT_FOUND', `Line item ${id} not found`, 'line_item_id', req));
  return li;
}

// The emulator's own statement of the rules (kept apart from src/validate so
// each side catches the other's mistakes).
const ENUMS: Record<string, readonly string[]> = {
  audience_expansion: ['BROAD', 'DEFINED', 'EXPANDED'],
  bid_strategy: ['AUTO', 'MAX', 'TARGET'],
  entity_status: ['ACTIVE', 'PAUSED'],
  goal: [
    'APP_CLICKS',
    'APP_INSTALLS',
    'APP_PURCHASES',
    'ENGAGEMENT',
    'FOLLOWERS',
    'LINK_CLICKS',
    'MAX_REACH',
    'PREROLL',
    'PREROLL_STARTS',
    'REACH_WITH_ENGAGEMENT',
    'VIDEO_VIEW',
    'VIEW_3S_100PCT',
    'VIEW_6S',
    'VIEW_15S',
    'WEBSITE_CONVERSIONS',
  ],
  pay_by: ['APP_CLICK', 'IMPRESSION', 'LINK_CLICK'],
};
const MICROS = ['bid_amount_local_micro', 'total_budget_amount_local_micro', 'daily_budget_amount_local_micro'];
const INTS = ['frequency_cap', 'duration_in_days'];
const STRINGS = [
  'name',
  'advertiser_domain',
  'advertiser_user_id',
  'android_app_store_identifier',
  'ios_app_store_identifier',
  'start_time',
  'end_time',
  'categories',
];
const UPDATABLE = [...Object.keys(ENUMS), ...MICROS, ...INTS, ...STRINGS];
const ONLY_FOR: Record<string, string[]> = {
  frequency_cap: ['REACH', 'ENGAGEMENTS', 'VIDEO_VIEWS', 'PREROLL_VIEWS'],
  pay_by: ['APP_INSTALLS'],
  advertiser_user_id: ['PREROLL_VIEWS'],
};

/**
 * The parameters in `q` (the query of a PUT; a create's, with its own
 * parameters already taken out) applied to `li` under the update rules.
 */
export function applyUpdate(req: EmuRequest, li: EmuLineItem, q: URLSearchParams = req.query): EmuLineItem {
  const bad = (param: string, message: string, code = 'INVALID_PARAMETER'): never => fail(adsError(400, code, message, param, req));
  for (const k of q.keys())
    if (!UPDATABLE.includes(k))
      bad(k, `${k} is not a parameter of ${req.method} ${req.path.replace(/\/[^/]+$/, '/:id')} (unknown or read-only)`);
  const next: Record<string, unknown> = { ...li };
  for (const [k, v] of q) {
    if (ENUMS[k]) {
      if (!ENUMS[k]!.includes(v)) bad(k, `${k} must be one of ${ENUMS[k]!.join(', ')}`);
      next[k] = v;
    } else if (MICROS.includes(k)) {
      if (!/^\d+$/.test(v) || BigInt(v) <= 0n) bad(k, `${k} must be a positive whole number of micro units`);
      next[k] = Number(v);
    } else if (k === 'duration_in_days') {
      if (!['1', '7', '30'].includes(v)) bad(k, 'duration_in_days must be 1, 7 or 30');
      next[k] = Number(v);
    } else if (k === 'frequency_cap') {
      if (!/^\d+$/.test(v) || Number(v) < 1) bad(k, 'frequency_cap must be a positive integer');
      next[k] = Number(v);
    } else if (k === 'start_time' || k === 'end_time') {
      if (!/^\d{4}-\d{2}-\d{2}/.test(v) || Number.isNaN(Date.parse(v))) bad(k, `${k} must be an ISO 8601 time`);
      next[k] = v;
    } else if (k === 'advertiser_domain') {
      if (/:\/\//.test(v) || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(v)) bad(k, 'advertiser_domain must be a domain without protocol');
      next[k] = v;
    } else if (k === 'categories') {
      next[k] = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    } else next[k] = v;
  }
  const objective = li.objective;
  for (const [param, objectives] of Object.entries(ONLY_FOR)) {
    if (q.has(param) && !objectives.includes(objective)) bad(param, `${param} is not supported for the ${objective} objective`);
  }
  const strategy = q.get('bid_strategy');
  if (strategy === 'MAX' && (objective === 'REACH' || objective === 'FOLLOWERS'))
    bad('bid_strategy', `MAX bid strategy is not available for the ${objective} objective`);
  if (strategy === 'TARGET' && objective !== 'REACH' && objective !== 'WEBSITE_CLICKS')
    bad('bid_strategy', `TARGET bid strategy is not available for the ${objective} objective`);
  if ((strategy === 'MAX' || strategy === 'TARGET') && !next.bid_amount_local_micro)
    bad('bid_amount_local_micro', `bid_amount_local_micro is required with the ${strategy} bid strategy`, 'MISSING_PARAMETER');
  if ((q.has('pay_by') || q.has('bid_strategy')) && next.pay_by === 'IMPRESSION' && next.bid_strategy === 'TARGET')
    bad('pay_by', 'pay_by IMPRESSION is not supported with the TARGET bid strategy');
  const daily = next.daily_budget_amount_local_micro as number | null;
  const total = next.total_budget_amount_local_micro as number | null;
  if (daily && total && daily > total)
    bad('daily_budget_amount_local_micro', 'daily_budget_amount_local_micro must not exceed total_budget_amount_local_micro');
  if (next.start_time && next.end_time && Date.parse(String(next.start_time)) >= Date.parse(String(next.end_time)))
    bad('end_time', 'end_time must be after start_time');
  if (li.placements.includes('PUBLISHER_NETWORK')) {
    if (!next.advertiser_domain)
      bad('advertiser_domain', 'advertiser_domain is required for the PUBLISHER_NETWORK placement', 'MISSING_PARAMETER');
    if (!(next.categories as string[]).length)
      bad('categories', 'categories is required for the PUBLISHER_NETWORK placement', 'MISSING_PARAMETER');
  }
  // PREROLL_VIEWS line items take one or two business categories.
  const categories = next.categories as string[];
  if (objective === 'PREROLL_VIEWS' && q.has('categories') && (categories.length < 1 || categories.length > 2))
    bad('categories', 'PREROLL_VIEWS line items need one or two categories');
  if (
    (objective === 'APP_INSTALLS' || objective === 'APP_ENGAGEMENTS') &&
    !next.android_app_store_identifier &&
    !next.ios_app_store_identifier
  ) {
    bad('android_app_store_identifier', `${objective} needs android_app_store_identifier or ios_app_store_identifier`, 'MISSING_PARAMETER');
  }
  return next as unknown as EmuLineItem;
}

export function recordLineItem(req: EmuRequest, state: EmulatorState, before: EmuLineItem, after: EmuLineItem, type: string): void {
  const changes: Record<string, { old: unknown; new: unknown }> = {};
  for (const k of Object.keys(after) as Array<keyof EmuLineItem>) {
    if (k !== 'updated_at' && JSON.stringify(before[k]) !== JSON.stringify(after[k])) changes[k] = { old: before[k], new: after[k] };
  }
  recordChange(state, {
    account_id: req.params.account_id!,
    change_by: { user_id: req.auth?.userId ?? EMU_USER.id, platform: 'ADS_API' },
    changes,
    change_time: after.updated_at,
    entity_id: after.id,
    entity: 'LINE_ITEM',
    entity_data: { ...after },
    change_type: type,
  });
}

const LIST_PARAMS = [
  'campaign_ids',
  'count',
  'cursor',
  'funding_instrument_ids',
  'line_item_ids',
  'q',
  'sort_by',
  'with_deleted',
  'with_draft',
  'with_total_count',
];

/** A comma-list filter of up to 200 ids (undefined when absent). */
function idsParam(req: EmuRequest, name: string): string[] | undefined {
  const v = req.query.get(name);
  if (v === null) return undefined;
  const ids = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length === 0 || ids.length > 200) fail(adsError(400, 'INVALID_PARAMETER', `${name} takes 1 to 200 ids`, name, req));
  return ids;
}

/** GET …/line_items (campaign-management reference): id filters, name prefix, cursor paging. */
function listLineItems(req: EmuRequest, state: EmulatorState) {
  requireAccount(req, state);
  rejectUnknown(req, LIST_PARAMS);
  const campaigns = idsParam(req, 'campaign_ids');
  const ids = idsParam(req, 'line_item_ids');
  const funding = idsParam(req, 'funding_instrument_ids');
  const q = req.query.get('q')?.toLowerCase();
  const items = [...lineItems(state, req.params.account_id!).values()].filter(
    (li) =>
      (!campaigns || campaigns.includes(li.campaign_id)) &&
      (!ids || ids.includes(li.id)) &&
      (!funding || funding.includes(String((li as unknown as Record<string, unknown>).funding_instrument_id))) &&
      (!q || li.name.toLowerCase().startsWith(q)),
  );
  const page = pageOf(req, sortItems(req, items, ['created_at', 'updated_at', 'name', 'id']), { min: 1, max: 1000, def: 200 });
  return lineItemReply(req, state, page.data, {
    next_cursor: page.next_cursor,
    ...(page.total_count !== undefined ? { total_count: page.total_count } : {}),
  });
}

export function register(r: Router): void {
  r.route({ method: 'GET', path: '/12/accounts/:account_id/line_items', api: 'ads', auth: 'user', handler: listLineItems });
  const path = '/12/accounts/:account_id/line_items/:line_item_id';
  r.route({
    method: 'GET',
    path,
    api: 'ads',
    auth: 'user',
    handler: (req, state) => {
      requireAccount(req, state);
      return lineItemReply(
        req,
        state,
        findLineItem(req, state, req.params.line_item_id!, { withDeleted: req.query.get('with_deleted') === 'true' }),
      );
    },
  });
  r.route({
    method: 'PUT',
    path,
    api: 'ads',
    auth: 'user',
    handler: (req, state) => {
      requireAccount(req, state);
      const li = findLineItem(req, state, req.params.line_item_id!);
      const next = applyUpdate(req, li);
      next.updated_at = nowIso(state);
      lineItems(state, req.params.account_id!).set(li.id, next);
      recordLineItem(req, state, li, next, 'UPDATE');
      return lineItemReply(req, state, next);
    },
  });
  r.route({
    method: 'DELETE',
    path,
    api: 'ads',
    auth: 'user',
    handler: (req, state) => {
      requireAccount(req, state);
      const li = findLineItem(req, state, req.params.line_item_id!);
      const next = { ...li, deleted: true, updated_at: nowIso(state) };
      lineItems(state, req.params.account_id!).set(li.id, next);
      recordLineItem(req, state, li, next, 'DELETE');
      return lineItemReply(req, state, next);
    },
  });
}
