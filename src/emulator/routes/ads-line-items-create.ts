// Line item creation (campaign-management reference, POST accounts/:account_id/line_items
// and its batch endpoint, at most 40 per batch, all-or-nothing): the create's own
// parameters (campaign, objective, product type, placements, schedule) checked
// here, the rest through the update rules of ads-core-line-items.ts; the
// objective × placements table of the placements overview
// (https://developer.x.com/en/docs/x-ads-api/campaign-management/overview/placements).
import { requireAccount } from '../ads-support.js';
import { adsError, fail } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import { incoming, outgoing, replySpelling } from '../spelling.js';
import type { EmuRequest } from '../types.js';
import { itemQuery, runBatch, type BatchOp } from './ads-batch.js';
import { findCampaign } from './ads-campaigns.js';
import { nowIso } from './ads-core-common.js';
import { applyUpdate, findLineItem, lineItemReply, lineItems, recordLineItem, seed, type EmuLineItem } from './ads-core-line-items.js';

const OBJECTIVES = [
  'APP_ENGAGEMENTS',
  'APP_INSTALLS',
  'REACH',
  'FOLLOWERS',
  'ENGAGEMENTS',
  'VIDEO_VIEWS',
  'PREROLL_VIEWS',
  'WEBSITE_CLICKS',
];
const PRODUCT_TYPES = ['MEDIA', 'PROMOTED_ACCOUNT', 'PROMOTED_POSTS'];
const TAP = ['TAP_BANNER', 'TAP_FULL', 'TAP_FULL_LANDSCAPE', 'TAP_NATIVE', 'TAP_MRECT'];
/** Internal (neutral) spelling. */
const PLACEMENTS = [
  'ALL_ON_SERVICE',
  'PUBLISHER_NETWORK',
  ...TAP,
  'SERVICE_PROFILE',
  'SERVICE_REPLIES',
  'SERVICE_SEARCH',
  'SERVICE_TIMELINE',
];
const NETWORK_OK = ['APP_ENGAGEMENTS', 'APP_INSTALLS', 'WEBSITE_CLICKS'];
const OWN = ['campaign_id', 'objective', 'product_type', 'placements', 'primary_web_event_tag', 'standard_delivery', 'entity_status'];
const MAX_PER_CAMPAIGN = 100;
const BATCH_MAX = 40;

function bad(p: string, m: string, code = 'INVALID_PARAMETER'): never {
  return fail(adsError(400, code, m, p));
}

/** An enum value as received, in the internal spelling; a spelling the server does not serve is unknown. */
function value(state: EmulatorState, v: string): string {
  const r = incoming('value', v, state.names);
  return r.known ? r.name : `?${v}`;
}

function placementsOf(state: EmulatorState, raw: string, objective: string, product: string): string[] {
  const list = raw.split(',').map((p) => value(state, p.trim()));
  for (const p of list) if (!PLACEMENTS.includes(p)) bad('placements', `placements: ${p.replace(/^\?/, '')} is not a placement`);
  if (list.some((p) => p === 'PUBLISHER_NETWORK' || TAP.includes(p)) && !NETWORK_OK.includes(objective))
    bad('placements', `The ${objective} objective cannot use the PUBLISHER_NETWORK placements`);
  if (list.every((p) => p === 'SERVICE_PROFILE')) bad('placements', 'The profile placement cannot be used alone');
  if (objective === 'REACH' && !list.some((p) => p === 'ALL_ON_SERVICE' || p === 'SERVICE_TIMELINE'))
    bad('placements', 'The REACH objective must include the timeline placement');
  if (product === 'PROMOTED_ACCOUNT' && list.some((p) => p !== 'ALL_ON_SERVICE' && p !== 'SERVICE_TIMELINE'))
    bad('placements', 'PROMOTED_ACCOUNT line items run on ALL_ON_TWITTER or TWITTER_TIMELINE only');
  return list;
}

/** One create's parameters checked against the account; the line item (without id) on success. */
function prepare(req: EmuRequest, state: EmulatorState, q: URLSearchParams, at: string, pending: Map<string, number>): EmuLineItem {
  for (const r of ['campaign_id', 'objective', 'product_type', 'placements', 'start_time', 'end_time'])
    if (!q.get(r)) bad(r, `${r} is required`, 'MISSING_PARAMETER');
  const campaign = findCampaign({ ...req, params: { ...req.params } }, state, q.get('campaign_id')!);
  const objective = q.get('objective')!;
  if (!OBJECTIVES.includes(objective)) bad('objective', `objective must be one of ${OBJECTIVES.join(', ')}`);
  const product = value(state, q.get('product_type')!);
  if (!PRODUCT_TYPES.includes(product)) bad('product_type', `product_type ${q.get('product_type')} is not a product type`);
  const placements = placementsOf(state, q.get('placements')!, objective, product);
  const status = q.get('entity_status') ?? 'ACTIVE';
  if (!['ACTIVE', 'DRAFT', 'PAUSED'].includes(status)) bad('entity_status', 'entity_status must be ACTIVE, DRAFT or PAUSED');
  const delivery = q.get('standard_delivery');
  if (delivery !== null && delivery !== 'true' && delivery !== 'false') bad('standard_delivery', 'standard_delivery must be true or false');
  if (q.get('goal') === 'WEBSITE_CONVERSIONS' && !q.get('primary_web_event_tag'))
    bad('primary_web_event_tag', 'primary_web_event_tag is required for WEBSITE_CONVERSIONS', 'MISSING_PARAMETER');
  const count = [...lineItems(state, req.params.account_id!).values()].filter((l) => l.campaign_id === campaign.id && !l.deleted).length;
  const n = (pending.get(campaign.id) ?? 0) + 1;
  if (count + n > MAX_PER_CAMPAIGN) bad('campaign_id', `A campaign holds at most ${MAX_PER_CAMPAIGN} line items`);
  pending.set(campaign.id, n);
  const base = seed('', objective, {
    name: q.get('name') ?? '',
    campaign_id: campaign.id,
    goal: null,
    product_type: product,
    placements,
    currency: campaign.currency,
    entity_status: status,
    standard_delivery: delivery !== 'false',
    primary_web_event_tag: q.get('primary_web_event_tag'),
    start_time: null,
    end_time: null,
    total_budget_amount_local_micro: null,
    daily_budget_amount_local_micro: null,
    created_at: at,
    updated_at: at,
  });
  const rest = new URLSearchParams([...q].filter(([k]) => !OWN.includes(k)));
  return applyUpdate(req, base, rest);
}

function commit(req: EmuRequest, state: EmulatorState, prepared: EmuLineItem[]): EmuLineItem[] {
  const m = lineItems(state, req.params.account_id!);
  const s = state.slice('ads.lineItems.next', () => ({ n: 0 }));
  return prepared.map((li) => {
    const made = { ...li, id: `l${(++s.n).toString(36).padStart(4, '0')}` };
    m.set(made.id, made);
    recordLineItem(req, state, made, made, 'CREATE');
    return made;
  });
}

interface Prepared {
  op: 'Create' | 'Update' | 'Delete';
  li: EmuLineItem;
  before?: EmuLineItem;
}

/** An Update or Delete of the batch: the line item named by its line_item_id, changed only when the whole batch holds. */
function prepareChange(req: EmuRequest, state: EmulatorState, op: BatchOp, at: string): Prepared {
  const q = itemQuery(op.params);
  const id = q.get('line_item_id');
  if (!id) fail(adsError(400, 'MISSING_PARAMETER', 'line_item_id is required', 'line_item_id'));
  q.delete('line_item_id');
  const before = findLineItem(req, state, id);
  if (op.operation_type === 'Delete') {
    for (const k of q.keys()) fail(adsError(400, 'INVALID_PARAMETER', `${k} is not a parameter of a Delete`, k));
    return { op: 'Delete', li: { ...before, deleted: true, updated_at: at }, before };
  }
  return { op: 'Update', li: { ...applyUpdate(req, before, q), updated_at: at }, before };
}

export function register(r: Router): void {
  r.route({
    method: 'POST',
    path: '/12/accounts/:account_id/line_items',
    api: 'ads',
    auth: 'user',
    handler: (req, state) => {
      requireAccount(req, state);
      const made = commit(req, state, [prepare(req, state, req.query, nowIso(state), new Map())]);
      return { ...lineItemReply(req, state, made[0]), status: 201 };
    },
  });
  r.route({
    method: 'POST',
    path: '/12/batch/accounts/:account_id/line_items',
    api: 'ads',
    auth: 'user',
    handler: (req, state) => {
      requireAccount(req, state);
      const at = nowIso(state);
      const pending = new Map<string, number>();
      const res = runBatch<Prepared>(
        req,
        BATCH_MAX,
        ['Create', 'Update', 'Delete'],
        (op) =>
          op.operation_type === 'Create'
            ? { op: 'Create', li: prepare(req, state, itemQuery(op.params), at, pending) }
            : prepareChange(req, state, op, at),
        (prepared) => {
          const made = commit(
            req,
            state,
            prepared.filter((p) => p.op === 'Create').map((p) => p.li),
          );
          let i = 0;
          return prepared.map((p) => {
            if (p.op === 'Create') return made[i++];
            lineItems(state, req.params.account_id!).set(p.li.id, p.li);
            recordLineItem(req, state, p.before!, p.li, p.op === 'Delete' ? 'DELETE' : 'UPDATE');
            return p.li;
          });
        },
      );
      return { ...res, body: outgoing(res.body, replySpelling(state.names)) };
    },
  });
}
