// Custom audience and do-not-reach list lifecycle (audiences reference):
// POST custom_audiences (name unique among the account's live audiences),
// GET one (owned or shared), PUT name/description (owner only), DELETE (owner
// only; a repeat answers 404); GET and POST do_not_reach_lists (at most one
// live list per account).
import { requireAccount } from '../ads-support.js';
import { adsError, adsOk, fail } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, Handler } from '../types.js';
import { nowIso, rejectUnknown } from './ads-core-common.js';
import { view } from './audiences-list.js';
import { audienceStore, Received, type Audience } from './audiences.js';

function nameTaken(state: EmulatorState, account: string, name: string, except?: string): boolean {
  return [...audienceStore(state).audiences.values()].some((a) => a.owner === account && !a.deleted && a.id !== except && a.name === name);
}

function checkName(req: EmuRequest, state: EmulatorState, account: string, except?: string): void {
  const name = req.query.get('name');
  if (name === null) return;
  if (name.trim() === '') fail(adsError(400, 'INVALID_PARAMETER', 'name must not be empty', 'name', req));
  if (nameTaken(state, account, name, except))
    fail(adsError(400, 'DUPLICATE_NAME', `A custom audience named ${name} already exists`, 'name', req));
}

function visible(req: EmuRequest, state: EmulatorState, owner: boolean): { a: Audience; account: string } {
  const account = requireAccount(req, state).id;
  const a = audienceStore(state).audiences.get(req.params.custom_audience_id!);
  const shared = a?.permissions.some((p) => !p.deleted && p.granted_account_id === account);
  const withDeleted = req.query.get('with_deleted') === 'true';
  if (!a || (a.deleted && !withDeleted) || (a.owner !== account && !shared))
    fail(adsError(404, 'NOT_FOUND', `Custom audience ${req.params.custom_audience_id} not found`, 'custom_audience_id', req));
  if (owner && a.owner !== account)
    fail(adsError(403, 'UNAUTHORIZED_ACCESS', `Only the owner account may change audience ${a.id}`, 'custom_audience_id', req));
  return { a, account };
}

const createAudience: Handler = (req, state) => {
  const account = requireAccount(req, state).id;
  rejectUnknown(req, ['name', 'description']);
  if (!req.query.get('name')) fail(adsError(400, 'MISSING_PARAMETER', 'name is required', 'name', req));
  checkName(req, state, account);
  const at = nowIso(state);
  const s = state.slice('audiences.next', () => ({ n: 0 }));
  const a: Audience = {
    id: `a${(++s.n).toString(36).padStart(4, '0')}`,
    name: req.query.get('name')!,
    owner: account,
    received: new Received(),
    permissions: [],
    targeted: [],
    description: req.query.get('description'),
    created_at: at,
    updated_at: at,
    deleted: false,
  };
  audienceStore(state).audiences.set(a.id, a);
  return adsOk(req, view(a, account), {}, 201);
};

const getAudience: Handler = (req, state) => {
  rejectUnknown(req, ['with_deleted']);
  const { a, account } = visible(req, state, false);
  return adsOk(req, view(a, account));
};

const updateAudience: Handler = (req, state) => {
  rejectUnknown(req, ['name', 'description']);
  const { a, account } = visible(req, state, true);
  checkName(req, state, account, a.id);
  if (req.query.get('name') !== null) a.name = req.query.get('name')!;
  if (req.query.get('description') !== null) a.description = req.query.get('description');
  a.updated_at = nowIso(state);
  return adsOk(req, view(a, account));
};

const deleteAudience: Handler = (req, state) => {
  const { a, account } = visible(req, state, true);
  Object.assign(a, { deleted: true, updated_at: nowIso(state) });
  return adsOk(req, view(a, account));
};

const listLists: Handler = (req, state) => {
  const account = requireAccount(req, state).id;
  rejectUnknown(req, ['with_deleted']);
  const all = req.query.get('with_deleted') === 'true';
  const lists = [...audienceStore(state).lists.values()].filter((l) => l.account === account && (all || !l.deleted));
  return adsOk(
    req,
    lists.map(({ received: _r, account: _a, ...l }) => l),
    { next_cursor: null },
  );
};

const createList: Handler = (req, state) => {
  const account = requireAccount(req, state).id;
  rejectUnknown(req, ['description']);
  const lists = audienceStore(state).lists;
  if ([...lists.values()].some((l) => l.account === account && !l.deleted))
    fail(adsError(400, 'DUPLICATE', 'An account can have at most one do-not-reach list', 'account_id', req));
  const at = nowIso(state);
  const s = state.slice('audiences.dnr.next', () => ({ n: 0 }));
  const l = {
    id: `d${(++s.n).toString(36).padStart(4, '0')}`,
    account,
    name: 'Do Not Reach List',
    description: req.query.get('description') ?? '',
    received: new Received(),
    created_at: at,
    updated_at: at,
    deleted: false,
  };
  lists.set(l.id, l);
  const { received: _r, account: _a, ...shown } = l;
  return adsOk(req, shown, {}, 201);
};

export function register(r: Router): void {
  const base = '/12/accounts/:account_id/custom_audiences';
  const dnr = '/12/accounts/:account_id/do_not_reach_lists';
  const routes: Array<[string, string, Handler]> = [
    ['POST', base, createAudience],
    ['GET', `${base}/:custom_audience_id`, getAudience],
    ['PUT', `${base}/:custom_audience_id`, updateAudience],
    ['DELETE', `${base}/:custom_audience_id`, deleteAudience],
    ['GET', dnr, listLists],
    ['POST', dnr, createList],
  ];
  for (const [method, path, handler] of routes) r.route({ method, path, api: 'ads', auth: 'user', handler });
}
