// The money guard's rules (src/ads/budget-guard.ts): micros-looking decimals,
// budgets above what the funding instrument can pay, implausible bids by
// currency, and the decision (refuse / ask / accept) by mode.
import { describe, expect, it } from 'vitest';
import {
  budgetConcerns,
  fundingCap,
  guardDecision,
  guardedAmounts,
  originFromTyped,
  slipConcerns,
  type GuardedAmount,
} from '../../src/ads/budget-guard.js';
import { withCreatedStatus } from '../../src/ads/paused-default.js';

const card = {
  id: 'lygyi',
  type: 'CREDIT_CARD',
  currency: 'USD',
  credit_limit_local_micro: 200_000_000,
  funded_amount_local_micro: 645_940_000,
};
const decimal = (field: GuardedAmount['field'], micros: bigint, name: string): GuardedAmount => ({
  field,
  micros,
  origin: { unit: 'decimal', name },
});

describe.concurrent('budget guard', () => {
  it('a decimal amount of a million units or more looks like micros; just below does not; micros flags never do', () => {
    expect(slipConcerns([decimal('daily_budget_amount_local_micro', 1_000_000_000_000n, '--daily-budget')])).toHaveLength(1);
    expect(slipConcerns([decimal('daily_budget_amount_local_micro', 999_999_999_999n, '--daily-budget')])).toEqual([]);
    expect(
      slipConcerns([
        { field: 'bid_amount_local_micro', micros: 5_000_000_000_000n, origin: { unit: 'micros', name: '--bid-amount-local-micro' } },
      ]),
    ).toEqual([]);
    const [c] = slipConcerns([decimal('bid_amount_local_micro', 2_500_000_000_000n, '--bid')]);
    expect(c!.message).toBe(
      '--bid 2,500,000 looks like micro units: it is 2,500,000 currency units; if you meant 2.5, give --bid 2.5 or --bid-amount-local-micro 2500000',
    );
  });

  it('the cap is the smallest of remaining credit, credit limit and an insertion order funded amount; a card funded amount is not a cap', () => {
    expect(fundingCap(card)).toEqual({ micros: 200_000_000n, what: 'credit limit' });
    expect(fundingCap({ ...card, credit_remaining_local_micro: 50_000_000 })).toEqual({ micros: 50_000_000n, what: 'remaining credit' });
    expect(fundingCap({ id: 'io', type: 'INSERTION_ORDER', funded_amount_local_micro: '7000000' })).toEqual({
      micros: 7_000_000n,
      what: 'funded amount',
    });
    expect(fundingCap({ id: 'x', type: 'CREDIT_CARD', credit_limit_local_micro: null, funded_amount_local_micro: 5 })).toBeUndefined();
    expect(fundingCap({ id: 'x', credit_limit_local_micro: 0 })).toBeUndefined();
  });

  it('budgets above the cap are concerns; equal is fine; bids are compared with a per-currency ceiling', () => {
    expect(budgetConcerns([decimal('total_budget_amount_local_micro', 200_000_000n, '--total-budget')], card)).toEqual([]);
    const over = budgetConcerns([decimal('total_budget_amount_local_micro', 200_000_001n, '--total-budget')], card);
    expect(over.map((c) => c.kind)).toEqual(['over-funds']);
    expect(over[0]!.message).toContain("funding instrument lygyi's credit limit of 200 USD");
    const bid = (currency: string, micros: bigint) =>
      budgetConcerns([decimal('bid_amount_local_micro', micros, '--bid')], { ...card, currency }).map((c) => c.kind);
    expect(bid('USD', 1_500_000_000n)).toEqual(['implausible-bid']);
    expect(bid('JPY', 1_500_000_000n)).toEqual([]);
    expect(bid('JPY', 150_000_000_000n)).toEqual(['implausible-bid']);
    // A bid is never compared with the credit limit.
    expect(bid('USD', 500_000_000n)).toEqual([]);
  });

  it('the decision: refuse off a terminal, ask on one, accept with the override', () => {
    const concerns = budgetConcerns([decimal('daily_budget_amount_local_micro', 900_000_000n, '--daily-budget')], card);
    expect(guardDecision(concerns, { interactive: false, override: false }).refuse).toEqual([
      { field: 'daily_budget_amount_local_micro', message: concerns[0]!.message },
    ]);
    expect(guardDecision(concerns, { interactive: true, override: false }).confirm).toHaveLength(1);
    expect(guardDecision(concerns, { interactive: false, override: true })).toEqual({
      refuse: [],
      confirm: [],
      accepted: [concerns[0]!.message],
    });
    expect(guardDecision([], { interactive: false, override: false })).toEqual({ refuse: [], confirm: [], accepted: [] });
  });

  it('amounts from parameters: decimal when a decimal flag or file key set it, micros otherwise; lines carried', () => {
    const params = { name: 'x', daily_budget_amount_local_micro: '5000000', bid_amount_local_micro: '10' };
    expect(guardedAmounts(params, originFromTyped({ daily_budget_amount_local_micro: 'daily_budget' }, 3))).toEqual([
      { field: 'daily_budget_amount_local_micro', micros: '5000000', origin: { unit: 'decimal', name: 'daily_budget', line: 3 } },
      { field: 'bid_amount_local_micro', micros: '10', origin: { unit: 'micros', name: 'bid_amount_local_micro', line: 3 } },
    ]);
    expect(guardedAmounts(params, originFromTyped({}))[0]!.origin).toEqual({ unit: 'micros', name: '--daily-budget-amount-local-micro' });
  });

  it('created paused unless a status is given', () => {
    expect(withCreatedStatus({ name: 'a' })).toEqual({ name: 'a', entity_status: 'PAUSED' });
    expect(withCreatedStatus({ name: 'a', entity_status: 'ACTIVE' })).toEqual({ name: 'a', entity_status: 'ACTIVE' });
  });
});
