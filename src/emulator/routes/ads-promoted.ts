// Promoted posts and promotable users (campaign-management reference):
// accounts/:account_id/promoted_tweets (officially; promoted_posts in the
// spec's neutral spelling) — POST line_item_id + up to 50 tweet_ids (post_ids),
// list (those of deleted line items only with with_deleted=true, and then still
// deleted=false: no cascade), DELETE; promotable users seeded per account.
import { pageOf, requireAccount } from '../ads-support.js';
import { adsError, adsOk, fail } from '../replies.js';
import type { Router } from '../router.js';
import { EMU_USER, type EmulatorState } from '../state.js';
import { outgoing, spell, spellingsOf, type Spelling } from '../spelling.js';
import type { EmuRequest } from '../types.js';
import { nowIso, rejectUnknown } from './ads-core-common.js';
import { findLineItem, lineItems } from './ads-core-line-items.js';

interface EmuPromotedPost {
  id: string;
  line_item_id: string;
  post_id: string;
  entity_status: string;
  approval_status: string;
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

const MAX_IDS = 50;

function promotedPosts(state: EmulatorState): Map<string, EmuPromotedPost> {
  return state.slice('ads.promoted', () => new Map<string, EmuPromotedPost>());
}

function create(req: EmuRequest, state: EmulatorState, to: Spelling) {
  requireAccount(req, state);
  const idsParam = spell('param', 'post_ids', to);
  rejectUnknown(req, ['line_item_id', idsParam]);
  const liId = req.query.get('line_item_id');
  if (!liId) fail(adsError(400, 'MISSING_PARAMETER', 'line_item_id is required', 'line_item_id', req));
  const li = findLineItem(req, state, liId);
  const ids = (req.query.get(idsParam) ?? '').split(',').filter(Boolean);
  if (!ids.length) fail(adsError(400, 'MISSING_PARAMETER', `${idsParam} is required`, idsParam, req));
  if (ids.length > MAX_IDS) fail(adsError(400, 'INVALID_PARAMETER', `${idsParam} takes at most ${MAX_IDS} ids`, idsParam, req));
  const badId = ids.find((id) => !/^\d{1,19}$/.test(id));
  if (badId) fail(adsError(400, 'INVALID_PARAMETER', `${badId} is not a post id`, idsParam, req));
  const m = promotedPosts(state);
  const dup = ids.find((id) => [...m.values()].some((p) => !p.deleted && p.line_item_id === li.id && p.post_id === id));
  if (dup) fail(adsError(400, 'DUPLICATE', `Post ${dup} is already promoted on line item ${li.id}`, idsParam, req));
  const at = nowIso(state);
  const s = state.slice('ads.promoted.next', () => ({ n: 0 }));
  const made = ids.map((post_id) => {
    const p = {
      id: `p${(++s.n).toString(36).padStart(5, '0')}`,
      line_item_id: li.id,
      post_id,
      entity_status: 'ACTIVE',
      approval_status: 'ACCEPTED',
      created_at: at,
      updated_at: at,
      deleted: false,
    };
    m.set(p.id, p);
    return p;
  });
  return adsOk(req, outgoing(made, to), {}, 201);
}

function list(req: EmuRequest, state: EmulatorState, to: Spelling) {
  requireAccount(req, state);
  const idsParam = spell('param', 'promoted_post_ids', to);
  rejectUnknown(req, ['count', 'cursor', 'line_item_ids', idsParam, 'sort_by', 'with_deleted', 'with_total_count']);
  const withDeleted = req.query.get('with_deleted') === 'true';
  const lis = req.query.get('line_item_ids')?.split(',');
  const ids = req.query.get(idsParam)?.split(',');
  const own = lineItems(state, req.params.account_id!);
  const items = [...promotedPosts(state).values()].filter((p) => {
    const li = own.get(p.line_item_id);
    // Promoted posts of a deleted line item are listed only with with_deleted (still deleted=false).
    return li && (withDeleted || !li.deleted) && (!lis || lis.includes(p.line_item_id)) && (!ids || ids.includes(p.id));
  });
  const page = pageOf(req, items, { min: 1, max: 1000, def: 200 });
  return adsOk(req, outgoing(page.data, to), {
    next_cursor: page.next_cursor,
    ...(page.total_count !== undefined ? { total_count: page.total_count } : {}),
  });
}

function remove(req: EmuRequest, state: EmulatorState, to: Spelling) {
  requireAccount(req, state);
  const p = promotedPosts(state).get(req.params.promoted_post_id!);
  if (!p || p.deleted || !lineItems(state, req.params.account_id!).has(p.line_item_id))
    fail(adsError(404, 'NOT_FOUND', `Promoted post ${req.params.promoted_post_id} not found`, 'promoted_post_id', req));
  Object.assign(p, { deleted: true, updated_at: nowIso(state) });
  return adsOk(req, outgoing(p, to));
}

function getOne(req: EmuRequest, state: EmulatorState, to: Spelling) {
  requireAccount(req, state);
  rejectUnknown(req, ['with_deleted']);
  const p = promotedPosts(state).get(req.params.promoted_post_id!);
  const li = p && lineItems(state, req.params.account_id!).get(p.line_item_id);
  // As in the list: a promoted post of a deleted line item is found only with with_deleted.
  if (!p || !li || ((p.deleted || li.deleted) && req.query.get('with_deleted') !== 'true'))
    fail(adsError(404, 'NOT_FOUND', `Promoted post ${req.params.promoted_post_id} not found`, 'promoted_post_id', req));
  return adsOk(req, outgoing(p, to));
}

const PROMOTABLE = (account: string) => [
  {
    id: 'l310s',
    account_id: account,
    user_id: EMU_USER.id,
    promotable_user_type: 'FULL',
    created_at: '2026-01-05T10:00:00Z',
    updated_at: '2026-01-05T10:00:00Z',
    deleted: false,
  },
  {
    id: 'l310t',
    account_id: account,
    user_id: '2417045708',
    promotable_user_type: 'RETWEETS_ONLY',
    created_at: '2026-01-05T10:00:00Z',
    updated_at: '2026-01-05T10:00:00Z',
    deleted: false,
  },
];

export function register(r: Router, state: EmulatorState): void {
  for (const to of spellingsOf(state.names)) {
    const path = `/12/accounts/:account_id/${spell('path', 'promoted_posts', to)}`;
    r.route({ method: 'GET', path, api: 'ads', auth: 'user', handler: (req, st) => list(req, st, to) });
    r.route({ method: 'POST', path, api: 'ads', auth: 'user', handler: (req, st) => create(req, st, to) });
    r.route({ method: 'DELETE', path: `${path}/:promoted_post_id`, api: 'ads', auth: 'user', handler: (req, st) => remove(req, st, to) });
    r.route({ method: 'GET', path: `${path}/:promoted_post_id`, api: 'ads', auth: 'user', handler: (req, st) => getOne(req, st, to) });
  }
  r.route({
    method: 'GET',
    path: '/12/accounts/:account_id/promotable_users/:promotable_user_id',
    api: 'ads',
    auth: 'user',
    handler: (req, st) => {
      requireAccount(req, st);
      rejectUnknown(req, ['with_deleted']);
      const u = PROMOTABLE(req.params.account_id!).find((x) => x.id === req.params.promotable_user_id);
      if (!u) fail(adsError(404, 'NOT_FOUND', `Promotable user ${req.params.promotable_user_id} not found`, 'promotable_user_id', req));
      return adsOk(req, u);
    },
  });
  r.route({
    method: 'GET',
    path: '/12/accounts/:account_id/promotable_users',
    api: 'ads',
    auth: 'user',
    handler: (req, st) => {
      requireAccount(req, st);
      rejectUnknown(req, ['count', 'cursor', 'promotable_user_ids', 'sort_by', 'with_deleted', 'with_total_count']);
      const ids = req.query.get('promotable_user_ids')?.split(',');
      const page = pageOf(
        req,
        PROMOTABLE(req.params.account_id!).filter((u) => !ids || ids.includes(u.id)),
        { min: 1, max: 1000, def: 200 },
      );
      return adsOk(req, page.data, {
        next_cursor: page.next_cursor,
        ...(page.total_count !== undefined ? { total_count: page.total_count } : {}),
      });
    },
  });
}
