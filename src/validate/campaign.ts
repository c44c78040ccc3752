// Campaign parameters (campaign-management reference, POST/PUT
// accounts/:account_id/campaigns, https://docs.x.com/x-ads-api/campaign-management/reference)
// as data, in the same table shape as the line item's (src/validate/line-item.ts),
// so the flags, the money conversion and the checkers are the line item's.
// The v12 reference has no campaign dates (start/end are set on line items) and
// marks standard_delivery deprecated at the campaign level: neither is offered.
import type { InputProblem } from '../errors/cli-error.js';
import { budgetAgainst, budgetOrder, checkTable, type LineItemParam, type LineItemParams, type TypedUnits } from './line-item.js';

const NAME = { name: 'name', kind: 'text', max: 255 } as const;
const BUDGET_OPTIMIZATION = { name: 'budget_optimization', kind: 'enum', values: ['LINE_ITEM'] } as const;
const DAILY = { name: 'daily_budget_amount_local_micro', kind: 'micros', money: 'daily-budget' } as const;
const TOTAL = { name: 'total_budget_amount_local_micro', kind: 'micros', money: 'total-budget' } as const;
const PO = { name: 'purchase_order_number', kind: 'text', max: 50 } as const;

export const CAMPAIGN_CREATE_PARAMS = [
  { name: 'funding_instrument_id', kind: 'id' },
  NAME,
  BUDGET_OPTIMIZATION,
  DAILY,
  TOTAL,
  { name: 'entity_status', kind: 'enum', values: ['ACTIVE', 'DRAFT', 'PAUSED'] },
  PO,
] as const satisfies readonly LineItemParam[];

export const CAMPAIGN_UPDATE_PARAMS = [
  NAME,
  BUDGET_OPTIMIZATION,
  DAILY,
  TOTAL,
  { name: 'entity_status', kind: 'enum', values: ['ACTIVE', 'PAUSED'] },
  PO,
] as const satisfies readonly LineItemParam[];

const REQUIRED = ['funding_instrument_id', 'name'];

/** The campaign as fetched: the fields update rules compare with. */
export interface CampaignFacts {
  daily_budget_amount_local_micro?: number | string | null;
  total_budget_amount_local_micro?: number | string | null;
}

/** Every rule that needs only the parameters; `line` names the input line of a bulk file. */
export function checkCampaign(params: LineItemParams, typed: TypedUnits, mode: 'create' | 'update', line?: number): InputProblem[] {
  const table: readonly LineItemParam[] = mode === 'create' ? CAMPAIGN_CREATE_PARAMS : CAMPAIGN_UPDATE_PARAMS;
  const problems = checkTable(table, params);
  const add = (field: string, message: string) => problems.push({ field, message });
  if (mode === 'create') for (const r of REQUIRED) if (params[r] === undefined) add(r, `is required to create a campaign`);
  budgetOrder(
    params.daily_budget_amount_local_micro,
    params.total_budget_amount_local_micro,
    add,
    'daily_budget_amount_local_micro',
    '',
    typed,
  );
  return line === undefined ? problems : problems.map((p) => ({ ...p, line }));
}

/** One side of the budget pair given: compared with the campaign's current other side. */
export function checkAgainstCampaign(params: LineItemParams, current: CampaignFacts, typed: TypedUnits): InputProblem[] {
  const problems: InputProblem[] = [];
  budgetAgainst(params, current, typed, "campaign's", (field, message) => problems.push({ field, message }));
  return problems;
}
