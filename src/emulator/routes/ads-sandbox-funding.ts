// Sandbox-only funding instruments (campaign-management reference, "SANDBOX
// ONLY"): POST accounts/:account_id/funding_instruments with currency,
// start_time and type required (end_time, credit_limit_local_micro,
// funded_amount_local_micro optional), DELETE …/:funding_instrument_id. Served
// on the sandbox address only, as the real service does; the rules are the
// emulator's own.
import { requireAccount } from '../ads-support.js';
import { adsError, adsOk, fail } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest } from '../types.js';
import { fi, fundingInstruments } from './ads-campaigns.js';
import { nowIso, rejectUnknown } from './ads-core-common.js';

const TYPES = ['AGENCY_CREDIT_LINE', 'CREDIT_CARD', 'CREDIT_LINE', 'INSERTION_ORDER', 'PARTNER_MANAGED'];
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

function create(req: EmuRequest, state: EmulatorState) {
  requireAccount(req, state);
  rejectUnknown(req, ['currency', 'start_time', 'type', 'end_time', 'credit_limit_local_micro', 'funded_amount_local_micro']);
  const need = (k: string) => {
    const v = req.query.get(k);
    if (!v) fail(adsError(400, 'MISSING_PARAMETER', `${k} is required`, k, req));
    return v;
  };
  const currency = need('currency');
  const start = need('start_time');
  const type = need('type');
  if (!/^[A-Z]{3}$/.test(currency)) fail(adsError(400, 'INVALID_PARAMETER', 'currency must be an ISO-4217 code', 'currency', req));
  if (!TYPES.includes(type)) fail(adsError(400, 'INVALID_PARAMETER', `type must be one of ${TYPES.join(', ')}`, 'type', req));
  const end = req.query.get('end_time') ?? null;
  for (const [k, v] of [['start_time', start] as const, ['end_time', end] as const])
    if (v !== null && !ISO.test(v)) fail(adsError(400, 'INVALID_PARAMETER', `${k} must be ISO 8601`, k, req));
  if (end !== null && Date.parse(end) <= Date.parse(start))
    fail(adsError(400, 'INVALID_PARAMETER', 'end_time must be after start_time', 'end_time', req));
  const micros = (k: string) => {
    const v = req.query.get(k);
    if (v === null || v === undefined) return null;
    if (!/^\d{1,18}$/.test(v)) fail(adsError(400, 'INVALID_PARAMETER', `${k} must be a long`, k, req));
    return Number(v);
  };
  const account = req.params.account_id!;
  const m = fundingInstruments(state, account);
  const s = state.slice('ads.sandboxFunding.next', () => ({ n: 0 }));
  const id = `sf${(++s.n).toString(36).padStart(3, '0')}`;
  const at = nowIso(state);
  const made = fi(account, id, type, {
    description: `Sandbox ${type.toLowerCase().replace(/_/g, ' ')}`,
    currency,
    start_time: start,
    end_time: end,
    credit_limit_local_micro: micros('credit_limit_local_micro'),
    funded_amount_local_micro: micros('funded_amount_local_micro'),
    created_at: at,
    updated_at: at,
  });
  m.set(id, made);
  return adsOk(req, made, {}, 201);
}

function remove(req: EmuRequest, state: EmulatorState) {
  requireAccount(req, state);
  const m = fundingInstruments(state, req.params.account_id!);
  const f = m.get(req.params.funding_instrument_id!);
  if (!f || f.deleted)
    fail(adsError(404, 'NOT_FOUND', `Funding instrument ${req.params.funding_instrument_id} not found`, 'funding_instrument_id', req));
  const next = { ...f, deleted: true, updated_at: nowIso(state) };
  m.set(f.id, next);
  return adsOk(req, next);
}

export function register(r: Router): void {
  const path = '/12/accounts/:account_id/funding_instruments';
  r.route({ method: 'POST', path, api: 'sandbox', auth: 'user', handler: create });
  r.route({ method: 'DELETE', path: `${path}/:funding_instrument_id`, api: 'sandbox', auth: 'user', handler: remove });
}
