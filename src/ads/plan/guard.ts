// The plan's money guard, in one pass: every campaign and line item budget
// and bid an apply would create or change, each with the file key and line it
// came from, checked for micros slips and against the funding instrument that
// pays for it — the campaign's own, or for a line item its campaign's (from
// the file when the campaign is new, fetched once per campaign otherwise) —
// and the file's campaigns' total budgets summed per funding instrument.
// `ads plan` and `ads apply` report the same concerns in the same words.
import {
  budgetConcerns,
  FundingLookup,
  guardedAmounts,
  originFromTyped,
  sumConcern,
  type BudgetConcern,
  type GuardedField,
} from '../budget-guard.js';
import type { ApiClient } from '../../http/client.js';
import type { AccountRef } from '../types.js';
import type { Plan } from './diff.js';

/** Every concern of the plan (none when its amounts are sound); reads each funding instrument involved once. */
export async function planConcerns(
  client: ApiClient,
  account: AccountRef,
  plan: Plan,
  lineOf: (path: string) => number | undefined,
): Promise<BudgetConcern[]> {
  const lookup = new FundingLookup(client, account);
  const concerns: BudgetConcern[] = [];
  for (const op of plan.operations) {
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
    const funding = fi ? await lookup.instrument(fi) : op.parentId ? await lookup.ofCampaign(op.parentId) : undefined;
    concerns.push(...budgetConcerns(amounts, funding));
  }
  // Several campaigns that each fit can together exceed the instrument; judged when the plan changes one of them.
  const byInstrument = new Map<string, typeof plan.totals>();
  for (const t of plan.totals) byInstrument.set(t.fundingInstrumentId, [...(byInstrument.get(t.fundingInstrumentId) ?? []), t]);
  for (const [fi, totals] of byInstrument) {
    if (!totals.some((t) => t.changed)) continue;
    const funding = await lookup.instrument(fi);
    if (!funding) continue;
    const sum = totals.reduce((acc, t) => acc + BigInt(t.micros), 0n);
    const c = sumConcern(funding, sum, totals.length, lineOf(totals.at(-1)!.path));
    if (c) concerns.push(c);
  }
  return concerns;
}
