// Rules of POST accounts/:account_id/funding_instruments (sandbox only;
// campaign-management reference): currency (ISO-4217), start_time and type
// required; end_time after start_time; the two amounts in micros, > 0.
import type { InputProblem } from '../errors/cli-error.js';
import { currencyProblem } from './currency.js';
import { isoWithOffset, oneOf, parseIso8601, positiveLong, Problems } from './rules.js';

/** type: "Possible values: AGENCY_CREDIT_LINE, CREDIT_CARD, CREDIT_LINE, INSERTION_ORDER, PARTNER_MANAGED". */
export const FUNDING_TYPES = ['AGENCY_CREDIT_LINE', 'CREDIT_CARD', 'CREDIT_LINE', 'INSERTION_ORDER', 'PARTNER_MANAGED'] as const;

/** The parameters paramsFromFlags may set, with the rule shape it reads. */
export const FUNDING_CREATE_PARAMS = [
  { name: 'type', kind: 'enum', values: FUNDING_TYPES },
  { name: 'currency', kind: 'text' },
  { name: 'start_time', kind: 'time' },
  { name: 'end_time', kind: 'time' },
  { name: 'credit_limit_local_micro', kind: 'micros' },
  { name: 'funded_amount_local_micro', kind: 'micros' },
] as const;

export function checkFundingCreate(params: Record<string, string>): InputProblem[] {
  const p = new Problems();
  for (const k of ['currency', 'start_time', 'type']) if (params[k] === undefined) p.add(k, `is required (--${k.replace(/_/g, '-')})`);
  if (params.type !== undefined) p.check('type', params.type, [oneOf(FUNDING_TYPES)]);
  if (params.currency !== undefined) p.check('currency', params.currency, [currencyProblem]);
  for (const k of ['start_time', 'end_time']) if (params[k] !== undefined) p.check(k, params[k], [isoWithOffset]);
  const start = params.start_time && parseIso8601(params.start_time);
  const end = params.end_time && parseIso8601(params.end_time);
  if (typeof start === 'number' && typeof end === 'number' && end <= start) p.add('end_time', 'must be after start_time');
  for (const k of ['credit_limit_local_micro', 'funded_amount_local_micro'])
    if (params[k] !== undefined) p.check(k, params[k], [positiveLong]);
  return p.list;
}
