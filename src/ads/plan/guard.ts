// The plan's amounts for the money guard (src/ads/budget-guard.ts): every
// campaign and line item budget and bid an apply would create or change, each
// with the file key and line it came from, and the funding instrument that pays
// for it — the campaign's own, or for a line item its campaign's (from the
// file when the campaign is new, fetched once per campaign otherwise).
import {
  FundingLookup,
  guardedAmounts,
  originFromTyped,
  type FundingFacts,
  type GuardedAmount,
  type GuardedField,
} from '../budget-guard.js';
import type { ApiClient } from '../../http/client.js';
import type { AccountRef } from '../types.js';
import type { PlanOp } from './diff.js';

export interface PlanAmounts {
  amounts: GuardedAmount[];
  funding: () => Promise<FundingFacts | undefined>;
}

export function planAmounts(
  client: ApiClient,
  account: AccountRef,
  ops: readonly PlanOp[],
  lineOf: (path: string) => number | undefined,
): PlanAmounts[] {
  const lookup = new FundingLookup(client, account);
  const out: PlanAmounts[] = [];
  for (const op of ops) {
    if (op.action === 'delete' || !op.params || (op.kind !== 'campaign' && op.kind !== 'line_item')) continue;
    const units = op.units ?? {};
    // Each amount's own line: the line of its key (daily_budget or the API's name) in the file.
    const origin = (field: GuardedField) => {
      const line = op.path ? lineOf(`${op.path}.${units[field] ?? field}`) : undefined;
      return originFromTyped(units, line)(field);
    };
    const amounts = guardedAmounts(op.params, origin).map((a) => ({ ...a, subject: op.label }));
    if (!amounts.length) continue;
    const fi = op.fundingInstrumentId;
    const parent = op.parentId;
    out.push({
      amounts,
      funding: () => (fi ? lookup.instrument(fi) : parent ? lookup.ofCampaign(parent) : Promise.resolve(undefined)),
    });
  }
  return out;
}
