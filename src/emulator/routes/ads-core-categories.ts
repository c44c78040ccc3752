// Categories (ads-api.md "Accounts", "Line item curated categories"): advertiser
// business categories, curated categories with country availability, and
// line item curated categories with create/update/delete.
import { pageOf, requireAccount } from '../ads-support.js';
import { adsError, adsOk, fail } from '../replies.js';
import type { Router } from '../router.js';
import { EMU_ACCOUNT, type EmulatorState } from '../state.js';
import type { EmuRequest, Handler } from '../types.js';
import { LINE_ITEM_IDS, lineItems } from './ads-core-line-items.js';
import { nowIso, rejectUnknown, requireParam, sortItems } from './ads-core-common.js';

const PAGE = { min: 1, max: 1000, def: 200 };
const SEEDED_AT = '2026-01-05T10:00:00Z';

const BUSINESS_CATEGORIES = [
  { id: 'b1', name: 'Arts & Entertainment', iab_categories: ['IAB1', 'IAB1-1', 'IAB1-6'] },
  { id: 'b2', name: 'Automotive', iab_categories: ['IAB2', 'IAB2-1'] },
  { id: 'b3', name: 'Food & Drink', iab_categories: ['IAB8', 'IAB8-5'] },
  { id: 'b4', name: 'Sports', iab_categories: ['IAB17', 'IAB17-12'] },
];

const CURATED_CATEGORIES = [
  {
    id: '1xh6',
    name: 'Sports highlights',
    description: 'Clips from sports publishers',
    country_codes: ['US', 'GB'],
    publisher_user_ids: ['11348282', '26257166'],
    videos_monetized_in_last_thirty_days: 1520,
    created_at: SEEDED_AT,
    updated_at: SEEDED_AT,
  },
  {
    id: '1xh7',
    name: 'Music',
    description: 'Music videos and live sessions',
    country_codes: ['US', 'JP'],
    publisher_user_ids: ['31239408'],
    videos_monetized_in_last_thirty_days: 870,
    created_at: SEEDED_AT,
    updated_at: SEEDED_AT,
  },
  {
    id: '1xh8',
    name: 'News',
    description: 'Broadcast news',
    country_codes: ['GB', 'DE', 'FR'],
    publisher_user_ids: ['612473'],
    videos_monetized_in_last_thirty_days: 3100,
    created_at: SEEDED_AT,
    updated_at: SEEDED_AT,
  },
];

/** Seeded links of the emulator account (the third one deleted). */
export const LICC_IDS = { REACH_SPORTS: '43853bhii885', VIDEO_MUSIC: '43853bhii886', DELETED: '43853bhii887' } as const;

interface EmuLicc {
  id: string;
  line_item_id: string;
  curated_category_id: string;
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

function links(state: EmulatorState, accountId: string): EmuLicc[] {
  const all = state.slice('ads.licc', () => {
    const mk = (id: string, li: string, cc: string, deleted = false): EmuLicc => ({
      id,
      line_item_id: li,
      curated_category_id: cc,
      created_at: SEEDED_AT,
      updated_at: SEEDED_AT,
      deleted,
    });
    return new Map<string, EmuLicc[]>([
      [
        EMU_ACCOUNT,
        [
          mk(LICC_IDS.REACH_SPORTS, LINE_ITEM_IDS.REACH, '1xh6'),
          mk(LICC_IDS.VIDEO_MUSIC, LINE_ITEM_IDS.VIDEO_VIEWS, '1xh7'),
          mk(LICC_IDS.DELETED, LINE_ITEM_IDS.ENGAGEMENTS, '1xh8', true),
        ],
      ],
    ]);
  });
  let list = all.get(accountId);
  if (!list) all.set(accountId, (list = []));
  return list;
}

function findLink(req: EmuRequest, state: EmulatorState, withDeleted = false): EmuLicc {
  const id = req.params.licc_id!;
  const l = links(state, req.params.account_id!).find((x) => x.id === id);
  if (!l || (l.deleted && !withDeleted))
    fail(adsError(404, 'NOT_FOUND', `Line item curated category ${id} not found`, 'line_item_curated_category_id', req));
  return l;
}

/** The referenced line item and curated category must exist. */
function checkRefs(req: EmuRequest, state: EmulatorState, lineItemId: string | null, categoryId: string | null): void {
  if (lineItemId !== null) {
    const li = lineItems(state, req.params.account_id!).get(lineItemId);
    if (!li || li.deleted) fail(adsError(400, 'INVALID_PARAMETER', `line_item_id ${lineItemId} does not exist`, 'line_item_id', req));
  }
  if (categoryId !== null && !CURATED_CATEGORIES.some((c) => c.id === categoryId))
    fail(adsError(400, 'INVALID_PARAMETER', `curated_category_id ${categoryId} does not exist`, 'curated_category_id', req));
}

const listBusinessCategories: Handler = (req) => adsOk(req, BUSINESS_CATEGORIES, { next_cursor: null });

const listCuratedCategories: Handler = (req, state) => {
  requireAccount(req, state);
  // Required by the reference (campaign-management: GET accounts/:account_id/curated_categories).
  const codes = req.query.get('country_codes')?.split(',').filter(Boolean);
  if (!codes?.length) fail(adsError(400, 'MISSING_PARAMETER', 'country_codes is required', 'country_codes', req));
  const bad = codes?.filter((c) => !/^[A-Z]{2}$/.test(c)) ?? [];
  if (bad.length) fail(adsError(400, 'INVALID_PARAMETER', `country_codes: invalid ${bad.join(', ')}`, 'country_codes', req));
  const data = CURATED_CATEGORIES.filter((c) => !codes || c.country_codes.some((cc) => codes!.includes(cc)));
  return adsOk(req, data, { next_cursor: null, total_count: data.length });
};

const getCuratedCategory: Handler = (req, state) => {
  requireAccount(req, state);
  const c = CURATED_CATEGORIES.find((x) => x.id === req.params.curated_category_id);
  if (!c) fail(adsError(404, 'NOT_FOUND', `Curated category ${req.params.curated_category_id} not found`, 'curated_category_id', req));
  return adsOk(req, c);
};

const listLineItemCategories: Handler = (req, state) => {
  requireAccount(req, state);
  const page = pageOf(
    req,
    sortItems(req, links(state, req.params.account_id!), ['id', 'line_item_id', 'curated_category_id', 'created_at', 'updated_at']),
    PAGE,
  );
  return adsOk(req, page.data, {
    next_cursor: page.next_cursor,
    ...(page.total_count !== undefined ? { total_count: page.total_count } : {}),
  });
};

const getLineItemCategory: Handler = (req, state) => {
  requireAccount(req, state);
  return adsOk(req, findLink(req, state, req.query.get('with_deleted') === 'true'));
};

const createLineItemCategory: Handler = (req, state) => {
  requireAccount(req, state);
  rejectUnknown(req, ['line_item_id', 'curated_category_id']);
  const lineItemId = requireParam(req, 'line_item_id');
  const categoryId = requireParam(req, 'curated_category_id');
  checkRefs(req, state, lineItemId, categoryId);
  const now = nowIso(state);
  const link: EmuLicc = {
    id: `4385${state.nextId().slice(-8)}`,
    line_item_id: lineItemId,
    curated_category_id: categoryId,
    created_at: now,
    updated_at: now,
    deleted: false,
  };
  links(state, req.params.account_id!).push(link);
  return adsOk(req, link, {}, 201);
};

const updateLineItemCategory: Handler = (req, state) => {
  requireAccount(req, state);
  const link = findLink(req, state);
  rejectUnknown(req, ['line_item_id', 'curated_category_id']);
  const lineItemId = req.query.get('line_item_id');
  const categoryId = req.query.get('curated_category_id');
  checkRefs(req, state, lineItemId, categoryId);
  if (lineItemId !== null) link.line_item_id = lineItemId;
  if (categoryId !== null) link.curated_category_id = categoryId;
  link.updated_at = nowIso(state);
  return adsOk(req, link);
};

const deleteLineItemCategory: Handler = (req, state) => {
  requireAccount(req, state);
  const link = findLink(req, state);
  link.deleted = true;
  link.updated_at = nowIso(state);
  return adsOk(req, link);
};

export function register(r: Router): void {
  r.route({ method: 'GET', path: '/12/advertiser_business_categories', api: 'ads', auth: 'user', handler: listBusinessCategories });
  r.route({ method: 'GET', path: '/12/accounts/:account_id/curated_categories', api: 'ads', auth: 'user', handler: listCuratedCategories });
  r.route({
    method: 'GET',
    path: '/12/accounts/:account_id/curated_categories/:curated_category_id',
    api: 'ads',
    auth: 'user',
    handler: getCuratedCategory,
  });

  const base = '/12/accounts/:account_id/line_item_curated_categories';
  r.route({ method: 'GET', path: base, api: 'ads', auth: 'user', handler: listLineItemCategories });
  r.route({ method: 'GET', path: `${base}/:licc_id`, api: 'ads', auth: 'user', handler: getLineItemCategory });
  r.route({ method: 'POST', path: base, api: 'ads', auth: 'user', handler: createLineItemCategory });
  r.route({ method: 'PUT', path: `${base}/:licc_id`, api: 'ads', auth: 'user', handler: updateLineItemCategory });
  r.route({ method: 'DELETE', path: `${base}/:licc_id`, api: 'ads', auth: 'user', handler: deleteLineItemCategory });
}
