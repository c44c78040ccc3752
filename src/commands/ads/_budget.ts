// The money guard as the ads verbs run it (rules: src/ads/budget-guard.ts):
// slips that need no lookup are judged before any request; then each funding
// instrument involved is fetched once and the budgets are compared with it.
// Off a terminal a concern refuses (exit 6, nothing sent) unless --yes-budget;
// on a terminal the person is asked.
import {
  budgetConcerns,
  guardDecision,
  slipConcerns,
  type BudgetConcern,
  type FundingFacts,
  type GuardedAmount,
} from '../../ads/budget-guard.js';
import type { Context } from '../../entry/context.js';
import { formatProblem, InputError } from '../../errors/cli-error.js';
import type { OptionSpec } from '../define.js';

export const yesBudgetOption = {
  flags: '--yes-budget',
  description: "accept budgets and bids the money guard questions (above the funding instrument's limit, micros-looking amounts)",
} as const satisfies OptionSpec;

/** Amounts of one entity and how to find the funding instrument that pays for them. */
export interface GuardedEntity {
  amounts: GuardedAmount[];
  funding: () => Promise<FundingFacts | undefined>;
}

async function decide(ctx: Context, concerns: BudgetConcern[], yesBudget: boolean | undefined, ask = true): Promise<void> {
  const d = guardDecision(concerns, { interactive: ask && ctx.prompt.interactive, override: Boolean(yesBudget) });
  if (d.refuse.length) {
    const one = d.refuse.length === 1 ? formatProblem(d.refuse[0]!) : `the money guard found ${d.refuse.length} problems`;
    throw new InputError(
      `${one}; nothing was sent`,
      d.refuse,
      'check the amount (decimal flags take currency units, the …-amount-local-micro flags micro units); --yes-budget sends it anyway.',
    );
  }
  for (const m of d.accepted) ctx.log.warn(`--yes-budget: ${m}`);
  if (d.confirm.length) {
    for (const m of d.confirm) ctx.log.warn(m);
    if (!(await ctx.prompt.confirm('Send these amounts anyway?', false)))
      throw new InputError('the amounts were not confirmed: nothing was sent');
  }
}

/**
 * Concerns found all at once (a plan's): refused together (exit 6, every one with its line) unless --yes-budget;
 * with `ask` (apply, at a terminal) the person is asked instead.
 */
export function guardConcerns(ctx: Context, concerns: BudgetConcern[], yesBudget: boolean | undefined, ask: boolean): Promise<void> {
  return decide(ctx, concerns, yesBudget, ask);
}

/**
 * The checks that need no request (a decimal amount that looks like micros), for a verb that reads other
 * things before the funding instrument: off a terminal and without --yes-budget they refuse before any request.
 */
export async function guardSlips(ctx: Context, amounts: readonly GuardedAmount[], yesBudget: boolean | undefined): Promise<void> {
  const slips = slipConcerns(amounts);
  if (slips.length && !yesBudget && !ctx.prompt.interactive) await decide(ctx, slips, yesBudget);
}

/** Runs the guard over every entity; throws (exit 6) or asks before anything is created or changed. */
export async function guardBudgets(ctx: Context, entities: readonly GuardedEntity[], yesBudget: boolean | undefined): Promise<void> {
  const withAmounts = entities.filter((e) => e.amounts.length);
  if (!withAmounts.length) return;
  await guardSlips(
    ctx,
    withAmounts.flatMap((e) => e.amounts),
    yesBudget,
  );
  const concerns: BudgetConcern[] = [];
  for (const e of withAmounts) concerns.push(...budgetConcerns(e.amounts, await e.funding()));
  await decide(ctx, concerns, yesBudget);
}
