// Targeting criteria, discovery and suggestions (campaign-management reference):
// a criterion belongs to a live line item; catalogue types (locations,
// interests, languages…) must name a value the discovery endpoints return; a
// custom audience must be one the account may use and be targetable; one AGE
// bucket per line item; TV_SHOW needs a LOCATION first; APP_LIST only with NE.
// Batches of at most 500 Create and Delete items, all-or-nothing (a Delete of an
// unknown or deleted criterion fails the batch). Discovery pages through the
// deterministic catalogue (ads-targeting-catalogue.ts) with a name search.
import { pageOf, requireAccount } from '../ads-support.js';
import { adsError, adsOk, fail } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest } from '../types.js';
import { itemQuery, runBatch, type BatchOp } from './ads-batch.js';
import { nowIso, rejectUnknown } from './ads-core-common.js';
import { findLineItem } from './ads-core-line-items.js';
import { catalogue, lookupValue } from './ads-targeting-catalogue.js';
import { audienceStore } from './audiences.js';

interface EmuCriterion {
  id: string;
  line_item_id: string;
  targeting_type: string;
  targeting_value: string;
  operator_type: string;
  name: string;
  created_at: string;
  updated_at: string;
  deleted: boolean;
  [extra: string]: unknown;
}

const KEYWORDS = ['BROAD_KEYWORD', 'EXACT_KEYWORD', 'PHRASE_KEYWORD', 'UNORDERED_KEYWORD'];
const TYPES = [
  'AGE',
  'DEVICE',
  'EVENT',
  'CAMPAIGN_ENGAGEMENT',
  'CAMPAIGN_ENGAGEMENT_LOOKALIKE',
  'CONVERSATION',
  'ENGAGEMENT_TYPE',
  'FOLLOWERS_OF_USER',
  'GENDER',
  'INTEREST',
  'LANGUAGE',
  'LIVE_TV_EVENT',
  'LOCATION',
  'NETWORK_ACTIVATION_DURATION',
  'NETWORK_OPERATOR',
  'PLATFORM',
  'PLATFORM_VERSION',
  'SIMILAR_TO_FOLLOWERS_OF_USER',
  'TV_SHOW',
  'USER_ENGAGEMENT',
  'USER_ENGAGEMENT_LOOKALIKE',
  'WIFI_ONLY',
  ...KEYWORDS,
  'CUSTOM_AUDIENCE',
  'CUSTOM_AUDIENCE_EXPANDED',
  'APP_STORE_CATEGORY',
  'APP_STORE_CATEGORY_LOOKALIKE',
  'APP_LIST',
];
const BATCH_MAX = 500;
const PARAMS = ['line_item_id', 'targeting_type', 'targeting_value', 'operator_type'];
/** Below this many users a custom audience is TOO_SMALL to target. */
const MIN_TARGETABLE = 100;

function bad(p: string, m: string, code = 'INVALID_PARAMETER'): never {
  return fail(adsError(400, code, m, p));
}

function criteria(state: EmulatorState): Map<string, EmuCriterion> {
  return state.slice('ads.targeting', () => new Map<string, EmuCriterion>());
}

/** Whether the account may target the audience, and why not. */
function audienceName(state: EmulatorState, account: string, id: string): string {
  const a = audienceStore(state).audiences.get(id);
  const usable = a && !a.deleted && (a.owner === account || a.permissions.some((p) => !p.deleted && p.granted_account_id === account));
  if (!a || !usable) bad('targeting_value', `Custom audience ${id} not found`);
  if (a.received.count('Update') < MIN_TARGETABLE) bad('targeting_value', `Custom audience ${id} is not targetable (TOO_SMALL)`);
  return a.name;
}

/**
 * One criterion checked against the account's line items and the catalogue; `pending` are earlier creates of the
 * same batch, `gone` the ids its earlier deletes remove.
 */
function prepare(
  req: EmuRequest,
  state: EmulatorState,
  q: URLSearchParams,
  at: string,
  pending: EmuCriterion[],
  gone: ReadonlySet<string> = new Set(),
): EmuCriterion {
  for (const k of q.keys()) if (!PARAMS.includes(k)) bad(k, `${k} is not a parameter of this endpoint`);
  for (const r of ['line_item_id', 'targeting_type', 'targeting_value']) if (!q.get(r)) bad(r, `${r} is required`, 'MISSING_PARAMETER');
  const account = req.params.account_id!;
  const li = findLineItem({ ...req, params: { account_id: account } }, state, q.get('line_item_id')!);
  const type = q.get('targeting_type')!;
  const value = q.get('targeting_value')!;
  const op = q.get('operator_type') ?? 'EQ';
  if (!TYPES.includes(type)) bad('targeting_type', `${type} is not a targeting type`);
  if (!['EQ', 'NE', 'GTE', 'LT'].includes(op)) bad('operator_type', 'operator_type must be EQ, NE, GTE or LT');
  if (type === 'APP_LIST' && op !== 'NE') bad('operator_type', 'APP_LIST may only be used with operator_type NE');
  const siblings = [...[...criteria(state).values()].filter((c) => !c.deleted && !gone.has(c.id)), ...pending].filter(
    (c) => c.line_item_id === li.id,
  );
  if (type === 'AGE' && siblings.some((c) => c.targeting_type === 'AGE'))
    bad('targeting_type', 'A line item can target only one AGE bucket');
  if (type === 'TV_SHOW' && !siblings.some((c) => c.targeting_type === 'LOCATION'))
    bad('targeting_type', 'TV_SHOW targeting needs a LOCATION criterion on the line item first');
  let name = value;
  const entry = lookupValue(type, value);
  if (entry === undefined) bad('targeting_value', `${value} is not a known ${type} targeting value`);
  if (entry) name = entry.name;
  if (type === 'CUSTOM_AUDIENCE' || type === 'CUSTOM_AUDIENCE_EXPANDED') name = audienceName(state, account, value);
  return {
    id: '',
    line_item_id: li.id,
    targeting_type: type,
    targeting_value: value,
    operator_type: op,
    name,
    ...(entry && 'location_type' in entry ? { location_type: entry.location_type } : {}),
    created_at: at,
    updated_at: at,
    deleted: false,
  };
}

function commit(state: EmulatorState, prepared: EmuCriterion[]): EmuCriterion[] {
  const s = state.slice('ads.targeting.next', () => ({ n: 0 }));
  return prepared.map((c) => {
    const made = { ...c, id: `t${(++s.n).toString(36).padStart(5, '0')}` };
    criteria(state).set(made.id, made);
    return made;
  });
}

/** A live criterion of the account's line items, or the API's 404. */
function liveCriterion(req: EmuRequest, state: EmulatorState, id: string): EmuCriterion {
  const c = criteria(state).get(id);
  if (!c || c.deleted) fail(adsError(404, 'NOT_FOUND', `Targeting criterion ${id} not found`, 'targeting_criterion_id', req));
  findLineItem(req, state, c.line_item_id, { withDeleted: true });
  return c;
}

/** A Delete item of a batch: its one parameter names a live criterion not deleted earlier in the batch. */
function prepareDelete(req: EmuRequest, state: EmulatorState, op: BatchOp, gone: Set<string>): EmuCriterion {
  const q = itemQuery(op.params);
  const id = q.get('targeting_criterion_id');
  if (!id) bad('targeting_criterion_id', 'targeting_criterion_id is required', 'MISSING_PARAMETER');
  for (const k of q.keys()) if (k !== 'targeting_criterion_id') bad(k, `${k} is not a parameter of a Delete`);
  if (gone.has(id)) bad('targeting_criterion_id', `Targeting criterion ${id} is deleted earlier in this batch`);
  const c = liveCriterion({ ...req, params: { account_id: req.params.account_id! } }, state, id);
  gone.add(id);
  return c;
}

type Prepared = { op: 'Create'; c: EmuCriterion } | { op: 'Delete'; c: EmuCriterion };

/** One criterion (a deleted one only with with_deleted). */
function getOne(req: EmuRequest, state: EmulatorState) {
  requireAccount(req, state);
  rejectUnknown(req, ['lang', 'with_deleted']);
  const c = criteria(state).get(req.params.targeting_criterion_id!);
  if (!c || (c.deleted && req.query.get('with_deleted') !== 'true'))
    fail(adsError(404, 'NOT_FOUND', `Targeting criterion ${req.params.targeting_criterion_id} not found`, 'targeting_criterion_id', req));
  findLineItem(req, state, c.line_item_id, { withDeleted: true });
  return adsOk(req, c);
}

function list(req: EmuRequest, state: EmulatorState) {
  requireAccount(req, state);
  rejectUnknown(req, [
    'line_item_ids',
    'count',
    'cursor',
    'lang',
    'sort_by',
    'targeting_criterion_ids',
    'with_deleted',
    'with_total_count',
  ]);
  const lis = req.query.get('line_item_ids')?.split(',');
  if (!lis) bad('line_item_ids', 'line_item_ids is required', 'MISSING_PARAMETER');
  const ids = req.query.get('targeting_criterion_ids')?.split(',');
  const own = new Set([...lis!].filter((id) => findLineItem(req, state, id, { withDeleted: true })));
  // Deleted criteria are listed only with with_deleted=true (the reference's default is false).
  const withDeleted = req.query.get('with_deleted') === 'true';
  const items = [...criteria(state).values()].filter(
    (c) => own.has(c.line_item_id) && (!ids || ids.includes(c.id)) && (withDeleted || !c.deleted),
  );
  const page = pageOf(req, items, { min: 1, max: 1000, def: 200 });
  return adsOk(req, page.data, {
    next_cursor: page.next_cursor,
    ...(page.total_count !== undefined ? { total_count: page.total_count } : {}),
  });
}

/** Which filters each discovery endpoint takes (its ParamFields), and how it filters. */
const DISCOVERY: Record<string, { params: string[]; count?: { min: number; max: number; def: number }; required?: string[] }> = {
  locations: { params: ['q', 'country_code', 'location_type'], count: { min: 1, max: 1000, def: 200 } },
  interests: { params: ['q'], count: { min: 1, max: 1000, def: 200 } },
  languages: { params: ['q'], count: { min: 1, max: 1000, def: 200 } },
  platforms: { params: ['q', 'lang'], count: { min: 1, max: 1000, def: 200 } },
  platform_versions: { params: ['q'] },
  devices: { params: ['q'], count: { min: 1, max: 1000, def: 200 } },
  network_operators: { params: ['q', 'country_code'], count: { min: 1, max: 1000, def: 200 } },
  conversations: { params: ['conversation_type'], count: { min: 1, max: 1000, def: 200 } },
  events: {
    params: ['event_types', 'country_codes', 'start_time', 'end_time'],
    count: { min: 1, max: 1000, def: 200 },
    required: ['event_types'],
  },
  tv_markets: { params: [] },
  tv_shows: { params: ['q', 'locale'], count: { min: 1, max: 50, def: 50 }, required: ['locale'] },
  app_store_categories: { params: ['q', 'os_type'] },
};

function discover(req: EmuRequest, kind: string) {
  const spec = DISCOVERY[kind]!;
  rejectUnknown(req, [...spec.params, ...(spec.count ? ['count', 'cursor'] : [])]);
  for (const r of spec.required ?? []) if (!req.query.get(r)) fail(adsError(400, 'MISSING_PARAMETER', `${r} is required`, r, req));
  const q = req.query;
  const text = q.get('q')?.toLowerCase();
  const country = kind === 'network_operators' ? (q.get('country_code') ?? 'US') : q.get('country_code');
  const events = q.get('event_types')?.split(',');
  const countries = q.get('country_codes')?.split(',');
  const items = catalogue()[kind]!.filter(
    (e) =>
      (!text || e.name.toLowerCase().includes(text)) &&
      (!country || e.country_code === country) &&
      (!q.get('location_type') || e.location_type === q.get('location_type')) &&
      (!q.get('os_type') || e.os_type === q.get('os_type')) &&
      (!q.get('conversation_type') || e.conversation_type === q.get('conversation_type')) &&
      (!events || events.includes(String(e.event_type))) &&
      (!countries || e.country_code === null || countries.includes(String(e.country_code))) &&
      (!q.get('locale') || (e.locales as string[]).includes(q.get('locale')!)),
  );
  if (!spec.count) return adsOk(req, items, { next_cursor: null });
  const page = pageOf(req, items, spec.count);
  return adsOk(req, page.data, { next_cursor: page.next_cursor });
}

const SUGGEST: Record<string, string[]> = {
  developers: ['devs', 'software', 'programming', 'coding', 'api', 'open source'],
  coffee: ['espresso', 'latte', 'cafe', 'barista', 'cold brew'],
};

function suggestions(req: EmuRequest, state: EmulatorState) {
  requireAccount(req, state);
  rejectUnknown(req, ['suggestion_type', 'targeting_values', 'count']);
  const type = req.query.get('suggestion_type');
  if (type !== 'KEYWORD' && type !== 'USER_ID')
    fail(adsError(400, 'INVALID_PARAMETER', 'suggestion_type must be KEYWORD or USER_ID', 'suggestion_type', req));
  const values = req.query.get('targeting_values')?.split(',').filter(Boolean) ?? [];
  if (!values.length) fail(adsError(400, 'MISSING_PARAMETER', 'targeting_values is required', 'targeting_values', req));
  if (type === 'USER_ID' && values.some((v) => !/^\d+$/.test(v)))
    fail(adsError(400, 'INVALID_PARAMETER', 'keyword and user id suggestions cannot be mixed', 'targeting_values', req));
  const count = Number(req.query.get('count') ?? 30);
  if (!Number.isInteger(count) || count < 1 || count > 50)
    fail(adsError(400, 'INVALID_PARAMETER', 'count must be between 1 and 50', 'count', req));
  const out =
    type === 'KEYWORD'
      ? values.flatMap((v) => SUGGEST[v.toLowerCase()] ?? [`${v} news`, `${v} tips`])
      : values.map((v) => String(BigInt(v) + 1n));
  return adsOk(
    req,
    out.slice(0, count).map((s) => ({ suggestion_type: type, suggestion_value: s })),
  );
}

export function register(r: Router): void {
  const acct = '/12/accounts/:account_id';
  r.route({ method: 'GET', path: `${acct}/targeting_criteria`, api: 'ads', auth: 'user', handler: list });
  r.route({
    method: 'POST',
    path: `${acct}/targeting_criteria`,
    api: 'ads',
    auth: 'user',
    handler: (req, state) => {
      requireAccount(req, state);
      return adsOk(req, commit(state, [prepare(req, state, req.query, nowIso(state), [])])[0], {}, 201);
    },
  });
  r.route({
    method: 'POST',
    path: '/12/batch/accounts/:account_id/targeting_criteria',
    api: 'ads',
    auth: 'user',
    handler: (req, state) => {
      requireAccount(req, state);
      const at = nowIso(state);
      const pending: EmuCriterion[] = [];
      const gone = new Set<string>();
      return runBatch<Prepared>(
        req,
        BATCH_MAX,
        ['Create', 'Delete'],
        (op) => {
          if (op.operation_type === 'Delete') return { op: 'Delete', c: prepareDelete(req, state, op, gone) };
          const c = prepare(req, state, itemQuery(op.params), at, pending, gone);
          pending.push(c);
          return { op: 'Create', c };
        },
        (prepared) => {
          const made = commit(
            state,
            prepared.filter((p) => p.op === 'Create').map((p) => p.c),
          );
          let i = 0;
          return prepared.map((p) => (p.op === 'Create' ? made[i++] : Object.assign(p.c, { deleted: true, updated_at: at })));
        },
      );
    },
  });
  r.route({ method: 'GET', path: `${acct}/targeting_criteria/:targeting_criterion_id`, api: 'ads', auth: 'user', handler: getOne });
  r.route({
    method: 'DELETE',
    path: `${acct}/targeting_criteria/:targeting_criterion_id`,
    api: 'ads',
    auth: 'user',
    handler: (req, state) => {
      requireAccount(req, state);
      const c = liveCriterion(req, state, req.params.targeting_criterion_id!);
      Object.assign(c, { deleted: true, updated_at: nowIso(state) });
      return adsOk(req, c);
    },
  });
  for (const kind of Object.keys(DISCOVERY))
    r.route({ method: 'GET', path: `/12/targeting_criteria/${kind}`, api: 'ads', auth: 'user', handler: (req) => discover(req, kind) });
  r.route({ method: 'GET', path: `${acct}/targeting_suggestions`, api: 'ads', auth: 'user', handler: suggestions });
}
