// Funding instruments and campaigns (campaign-management reference): every ad
// account has funding instruments (seeded on first use, so a new sandbox
// account has one too), campaigns are created under one of them with the
// emulator's own statement of the rules, singly or in batches of at most 40
// (all-or-nothing), updated with only the parameters given, deleted
// irreversibly (a repeat answers 404; children of a deleted campaign can no
// longer be created). `rejectNames` models a refusal the client cannot foresee.
import { pageOf, requireAccount } from '../ads-support.js';
import { adsError, adsOk, fail } from '../replies.js';
import type { Router } from '../router.js';
import { EMU_ACCOUNT, type EmulatorState } from '../state.js';
import type { EmuRequest, Handler } from '../types.js';
import { runBatch, itemQuery, type BatchOp } from './ads-batch.js';
import { nowIso, rejectUnknown, sortItems } from './ads-core-common.js';

interface EmuFundingInstrument {
  id: string;
  account_id: string;
  type: string;
  description: string;
  currency: string;
  entity_status: string;
  able_to_fund: boolean;
  reasons_not_able_to_fund: string[];
  credit_limit_local_micro: number | null;
  credit_remaining_local_micro: number | null;
  funded_amount_local_micro: number | null;
  start_time: string;
  end_time: string | null;
  io_header: string | null;
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

export interface EmuCampaign {
  id: string;
  name: string;
  funding_instrument_id: string;
  budget_optimization: string;
  daily_budget_amount_local_micro: number | null;
  total_budget_amount_local_micro: number | null;
  entity_status: string;
  purchase_order_number: string | null;
  standard_delivery: null;
  duration_in_days: null;
  frequency_cap: null;
  currency: string;
  servable: boolean;
  reasons_not_servable: string[];
  effective_status: string;
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

/** The seeded funding instruments of the emulator's account (lygyi is the reference's example id). */
export const FUNDING_IDS = { CARD: 'lygyi', INSERTION_ORDER: 'lygyj', ENDED: 'lygyk' } as const;
/** Seeded campaigns: f2qcm is the parent of the seeded line items. */
export const CAMPAIGN_IDS = { SEEDED: 'f2qcm', SPRING: '8wku2' } as const;
const SEEDED_AT = '2026-01-05T10:00:00Z';
const MAX_ACTIVE = 200;
const BATCH_MAX = 40;

interface Store {
  funding: Map<string, Map<string, EmuFundingInstrument>>;
  campaigns: Map<string, Map<string, EmuCampaign>>;
  /** Campaign names the platform refuses (tests add to it to make a batch fail). */
  rejectNames: Set<string>;
  next: number;
}

export function fi(account: string, id: string, type: string, extra: Partial<EmuFundingInstrument> = {}): EmuFundingInstrument {
  return {
    id,
    account_id: account,
    type,
    description: type === 'CREDIT_CARD' ? 'Visa ending in 0650' : 'Insertion order 2026',
    currency: 'USD',
    entity_status: 'ACTIVE',
    able_to_fund: true,
    reasons_not_able_to_fund: [],
    credit_limit_local_micro: type === 'CREDIT_CARD' ? 200_000_000 : 5_000_000_000,
    credit_remaining_local_micro: null,
    funded_amount_local_micro: 645_940_000,
    start_time: '2016-07-22T04:24:04Z',
    end_time: null,
    io_header: null,
    created_at: SEEDED_AT,
    updated_at: SEEDED_AT,
    deleted: false,
    ...extra,
  };
}

export function campaignStore(state: EmulatorState): Store {
  return state.slice('ads.campaigns', () => ({ funding: new Map(), campaigns: new Map(), rejectNames: new Set<string>(), next: 0 }));
}

/** An account's funding instruments, seeded on first use (any account: a new sandbox account has one as well). */
export function fundingInstruments(state: EmulatorState, account: string): Map<string, EmuFundingInstrument> {
  const s = campaignStore(state);
  let m = s.funding.get(account);
  if (!m) {
    const list =
      account === EMU_ACCOUNT
        ? [
            fi(account, FUNDING_IDS.CARD, 'CREDIT_CARD'),
            fi(account, FUNDING_IDS.INSERTION_ORDER, 'INSERTION_ORDER', { currency: 'USD', funded_amount_local_micro: 0 }),
            fi(account, FUNDING_IDS.ENDED, 'CREDIT_CARD', {
              entity_status: 'PAUSED',
              able_to_fund: false,
              reasons_not_able_to_fund: ['EXPIRED'],
              end_time: '2025-12-31T00:00:00Z',
            }),
          ]
        : [fi(account, `fi${account.slice(-4)}`, 'CREDIT_CARD', { description: 'Sandbox card' })];
    m = new Map(list.map((f) => [f.id, f]));
    s.funding.set(account, m);
  }
  return m;
}

export function campaigns(state: EmulatorState, account: string): Map<string, EmuCampaign> {
  const s = campaignStore(state);
  let m = s.campaigns.get(account);
  if (!m) {
    m = new Map();
    if (account === EMU_ACCOUNT) {
      for (const [id, name] of [
        [CAMPAIGN_IDS.SEEDED, 'Always on'],
        [CAMPAIGN_IDS.SPRING, 'Spring launch'],
      ] as const)
        m.set(id, newCampaign(id, name, FUNDING_IDS.CARD, 'USD', SEEDED_AT, { daily_budget_amount_local_micro: 10_000_000 }));
    }
    s.campaigns.set(account, m);
  }
  return m;
}

function newCampaign(
  id: string,
  name: string,
  funding: string,
  currency: string,
  at: string,
  extra: Partial<EmuCampaign> = {},
): EmuCampaign {
  return {
    id,
    name,
    funding_instrument_id: funding,
    budget_optimization: 'LINE_ITEM',
    daily_budget_amount_local_micro: null,
    total_budget_amount_local_micro: null,
    entity_status: 'ACTIVE',
    purchase_order_number: null,
    standard_delivery: null,
    duration_in_days: null,
    frequency_cap: null,
    currency,
    servable: false,
    reasons_not_servable: ['INCOMPLETE'],
    effective_status: 'UNKNOWN',
    created_at: at,
    updated_at: at,
    deleted: false,
    ...extra,
  };
}

/** A live campaign of the account (deleted ones 404 unless asked for). */
export function findCampaign(req: EmuRequest, state: EmulatorState, id: string, param = 'campaign_id', withDeleted = false): EmuCampaign {
  const c = campaigns(state, req.params.account_id!).get(id);
  if (!c || (c.deleted && !withDeleted)) fail(adsError(404, 'NOT_FOUND', `Campaign ${id} not found`, param, req));
  return c;
}

const CREATE_PARAMS = [
  'funding_instrument_id',
  'name',
  'budget_optimization',
  'daily_budget_amount_local_micro',
  'entity_status',
  'purchase_order_number',
  'standard_delivery',
  'total_budget_amount_local_micro',
];
const UPDATE_PARAMS = CREATE_PARAMS.filter((p) => p !== 'funding_instrument_id');

/** The campaign parameters in `q`, checked: the emulator's own rules from the reference. */
function applyCampaign(q: URLSearchParams, c: EmuCampaign, create: boolean): EmuCampaign {
  const bad = (p: string, m: string, code = 'INVALID_PARAMETER'): never => fail(adsError(400, code, m, p));
  for (const k of q.keys()) if (!(create ? CREATE_PARAMS : UPDATE_PARAMS).includes(k)) bad(k, `${k} is not a parameter of this endpoint`);
  const next = { ...c };
  const name = q.get('name');
  if (name !== null) {
    if (name.length < 1 || [...name].length > 255) bad('name', 'name must be 1 to 255 characters');
    next.name = name;
  }
  const bo = q.get('budget_optimization');
  if (bo !== null && bo !== 'LINE_ITEM') bad('budget_optimization', 'budget_optimization must be LINE_ITEM');
  for (const k of ['daily_budget_amount_local_micro', 'total_budget_amount_local_micro'] as const) {
    const v = q.get(k);
    if (v === null) continue;
    if (!/^\d+$/.test(v) || BigInt(v) <= 0n) bad(k, `${k} must be a positive whole number of micro units`);
    next[k] = Number(v);
  }
  const status = q.get('entity_status');
  if (status !== null) {
    const allowed = create ? ['ACTIVE', 'DRAFT', 'PAUSED'] : ['ACTIVE', 'PAUSED'];
    if (!allowed.includes(status)) bad('entity_status', `entity_status must be one of ${allowed.join(', ')}`);
    next.entity_status = status;
  }
  const po = q.get('purchase_order_number');
  if (po !== null) {
    if ([...po].length > 50) bad('purchase_order_number', 'purchase_order_number must be at most 50 characters');
    next.purchase_order_number = po;
  }
  if (
    next.daily_budget_amount_local_micro &&
    next.total_budget_amount_local_micro &&
    next.daily_budget_amount_local_micro > next.total_budget_amount_local_micro
  )
    bad('daily_budget_amount_local_micro', 'daily_budget_amount_local_micro must be less than or equal to total_budget_amount_local_micro');
  return next;
}

/** Checks a create's parameters against the account (funding instrument, names the platform refuses). */
function prepareCreate(req: EmuRequest, state: EmulatorState, q: URLSearchParams, at: string): EmuCampaign {
  const account = req.params.account_id!;
  for (const r of ['funding_instrument_id', 'name']) if (!q.get(r)) fail(adsError(400, 'MISSING_PARAMETER', `${r} is required`, r));
  const f = fundingInstruments(state, account).get(q.get('funding_instrument_id')!);
  if (!f || f.deleted)
    fail(adsError(400, 'INVALID_PARAMETER', `Funding instrument ${q.get('funding_instrument_id')} not found`, 'funding_instrument_id'));
  if (!f.able_to_fund)
    fail(
      adsError(
        400,
        'INVALID_PARAMETER',
        `Funding instrument ${f.id} is not able to fund (${f.reasons_not_able_to_fund.join(', ')})`,
        'funding_instrument_id',
      ),
    );
  if (campaignStore(state).rejectNames.has(q.get('name')!))
    fail(adsError(400, 'INVALID_PARAMETER', 'The campaign name is not allowed', 'name'));
  return applyCampaign(q, newCampaign('', '', f.id, f.currency, at), true);
}

function commitCampaigns(state: EmulatorState, account: string, prepared: EmuCampaign[]): EmuCampaign[] {
  const s = campaignStore(state);
  const m = campaigns(state, account);
  const active = [...m.values()].filter((c) => !c.deleted && c.entity_status === 'ACTIVE').length;
  if (active + prepared.filter((c) => c.entity_status === 'ACTIVE').length > MAX_ACTIVE)
    fail(adsError(400, 'TOO_MANY_CAMPAIGNS', `An account may have at most ${MAX_ACTIVE} active campaigns`, 'entity_status'));
  return prepared.map((c) => {
    const made = { ...c, id: `c${(++s.next).toString(36).padStart(4, '0')}` };
    m.set(made.id, made);
    return made;
  });
}

const withReq = <T>(req: EmuRequest, f: () => T): T => {
  try {
    return f();
  } catch (e) {
    // Ads errors thrown without the request get its params echo here.
    const body = (e as { response?: { body?: { request?: unknown } } }).response?.body;
    if (body && typeof body === 'object') (body as { request: unknown }).request = { params: Object.fromEntries(req.query) };
    throw e;
  }
};

const LIST = [
  'campaign_ids',
  'count',
  'cursor',
  'funding_instrument_ids',
  'q',
  'sort_by',
  'with_deleted',
  'with_draft',
  'with_total_count',
];

function listCampaigns(req: EmuRequest, state: EmulatorState) {
  requireAccount(req, state);
  rejectUnknown(req, LIST);
  const ids = req.query.get('campaign_ids')?.split(',');
  const funding = req.query.get('funding_instrument_ids')?.split(',');
  const q = req.query.get('q')?.toLowerCase();
  const draft = req.query.get('with_draft') === 'true';
  const items = [...campaigns(state, req.params.account_id!).values()].filter(
    (c) =>
      (!ids || ids.includes(c.id)) &&
      (!funding || funding.includes(c.funding_instrument_id)) &&
      (!q || c.name.toLowerCase().startsWith(q)) &&
      (draft || c.entity_status !== 'DRAFT'),
  );
  const page = pageOf(req, sortItems(req, items, ['created_at', 'updated_at', 'name', 'id']), { min: 1, max: 1000, def: 200 });
  return adsOk(req, page.data, {
    next_cursor: page.next_cursor,
    ...(page.total_count !== undefined ? { total_count: page.total_count } : {}),
  });
}

function listFunding(req: EmuRequest, state: EmulatorState) {
  requireAccount(req, state);
  rejectUnknown(req, ['count', 'cursor', 'funding_instrument_ids', 'sort_by', 'with_deleted', 'with_total_count']);
  const ids = req.query.get('funding_instrument_ids')?.split(',');
  const items = [...fundingInstruments(state, req.params.account_id!).values()].filter((f) => !ids || ids.includes(f.id));
  const page = pageOf(req, sortItems(req, items, ['created_at', 'updated_at', 'id']), { min: 1, max: 1000, def: 200 });
  return adsOk(req, page.data, {
    next_cursor: page.next_cursor,
    ...(page.total_count !== undefined ? { total_count: page.total_count } : {}),
  });
}

const getFunding: Handler = (req, state) => {
  requireAccount(req, state);
  const f = fundingInstruments(state, req.params.account_id!).get(req.params.funding_instrument_id!);
  if (!f || (f.deleted && req.query.get('with_deleted') !== 'true'))
    fail(adsError(404, 'NOT_FOUND', `Funding instrument ${req.params.funding_instrument_id} not found`, 'funding_instrument_id', req));
  return adsOk(req, f);
};

const createOne: Handler = (req, state) => {
  requireAccount(req, state);
  const made = withReq(req, () => commitCampaigns(state, req.params.account_id!, [prepareCreate(req, state, req.query, nowIso(state))]));
  return adsOk(req, made[0], {}, 201);
};

/** One batch item, prepared: what commit does with it. */
type Prepared = { op: string; c: EmuCampaign };

/** An Update or Delete item: its campaign_id names the campaign; Delete takes nothing else. */
function prepareChange(req: EmuRequest, state: EmulatorState, op: BatchOp, at: string): Prepared {
  const q = itemQuery(op.params);
  const id = q.get('campaign_id');
  if (!id) fail(adsError(400, 'MISSING_PARAMETER', 'campaign_id is required', 'campaign_id'));
  q.delete('campaign_id');
  const c = findCampaign(req, state, id);
  if (op.operation_type === 'Delete') {
    for (const k of q.keys()) fail(adsError(400, 'INVALID_PARAMETER', `${k} is not a parameter of a Delete`, k));
    return { op: 'Delete', c: { ...c, deleted: true, updated_at: at } };
  }
  return { op: 'Update', c: { ...applyCampaign(q, c, false), updated_at: at } };
}

const createBatch: Handler = (req, state) => {
  requireAccount(req, state);
  const at = nowIso(state);
  const account = req.params.account_id!;
  return runBatch<Prepared>(
    req,
    BATCH_MAX,
    ['Create', 'Update', 'Delete'],
    (op) =>
      op.operation_type === 'Create'
        ? { op: 'Create', c: prepareCreate(req, state, itemQuery(op.params), at) }
        : prepareChange(req, state, op, at),
    (prepared) => {
      const made = commitCampaigns(
        state,
        account,
        prepared.filter((p) => p.op === 'Create').map((p) => p.c),
      );
      let i = 0;
      return prepared.map((p) => {
        if (p.op === 'Create') return made[i++];
        campaigns(state, account).set(p.c.id, p.c);
        return p.c;
      });
    },
  );
};

const getOne: Handler = (req, state) => {
  requireAccount(req, state);
  return adsOk(req, findCampaign(req, state, req.params.campaign_id!, 'campaign_id', req.query.get('with_deleted') === 'true'));
};

const updateOne: Handler = (req, state) => {
  requireAccount(req, state);
  const c = findCampaign(req, state, req.params.campaign_id!);
  const next = withReq(req, () => applyCampaign(req.query, c, false));
  next.updated_at = nowIso(state);
  campaigns(state, req.params.account_id!).set(c.id, next);
  return adsOk(req, next);
};

const deleteOne: Handler = (req, state) => {
  requireAccount(req, state);
  const c = findCampaign(req, state, req.params.campaign_id!);
  const next = { ...c, deleted: true, updated_at: nowIso(state) };
  campaigns(state, req.params.account_id!).set(c.id, next);
  return adsOk(req, next);
};

export function register(r: Router): void {
  const acct = '/12/accounts/:account_id';
  const routes: Array<[string, string, Handler]> = [
    ['GET', `${acct}/funding_instruments`, listFunding],
    ['GET', `${acct}/funding_instruments/:funding_instrument_id`, getFunding],
    ['GET', `${acct}/campaigns`, listCampaigns],
    ['POST', `${acct}/campaigns`, createOne],
    ['POST', '/12/batch/accounts/:account_id/campaigns', createBatch],
    ['GET', `${acct}/campaigns/:campaign_id`, getOne],
    ['PUT', `${acct}/campaigns/:campaign_id`, updateOne],
    ['DELETE', `${acct}/campaigns/:campaign_id`, deleteOne],
  ];
  for (const [method, path, handler] of routes) r.route({ method, path, api: 'ads', auth: 'user', handler });
}
