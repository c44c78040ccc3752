// How a many-account run spends the user-level synchronous budget (250
// requests per 15 minutes for every account of the token; jobs do not count):
// once every account is planned, as many as fit run by synchronous requests
// (chooseSyncAccounts: the smallest first), the others as jobs, said in one
// line on stderr; and as each account starts, the budget as the replies' headers
// now tell it is asked again, so a window another run already spent sends the
// account as jobs instead of into a 429 and a wait of up to 15 minutes.
// --mode sync or job decides for every account instead.
import { chooseSyncAccounts, type SyncBudget } from '../../../ads/stats/budget.js';
import { asJobs, type Query } from '../../../ads/stats/planner.js';
import type { Context } from '../../../entry/context.js';

export interface BudgetFlags {
  /** --mode as given: auto, sync or job. */
  mode: string;
  /** The HTML report's previous period: a second series of the same requests per account. */
  compare: boolean;
  budget: SyncBudget;
}

/** The synchronous requests an account's query sends (its previous period's too). */
export const syncCost = (q: Query, compare: boolean): number => (q.mode === 'sync' ? q.plan.requests.length * (compare ? 2 : 1) : 0);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Every prepared account's mode (undefined: the account failed), and the line that says the choice. */
export function planAccounts(ctx: Context, queries: ReadonlyArray<Query | undefined>, o: BudgetFlags): Array<Query | undefined> {
  const ready = queries.filter((q): q is Query => q !== undefined);
  if (o.mode !== 'auto') {
    const total = ready.reduce((n, q) => n + syncCost(q, o.compare), 0);
    ctx.log.info(
      o.mode === 'job'
        ? `--mode job: ${plural(ready.length, 'account')} as jobs`
        : `--mode sync: ${plural(ready.length, 'account')} by ${plural(total, 'synchronous request')} (the user's limit: ${o.budget.limit} per 15 minutes; a 429 is waited out)`,
    );
    return [...queries];
  }
  const candidates = ready.filter((q) => q.mode === 'sync');
  const available = o.budget.available(ctx.now());
  const { bySync, used } = chooseSyncAccounts(
    candidates.map((q) => syncCost(q, o.compare)),
    available,
  );
  const asJob = new Set(candidates.filter((_, i) => !bySync[i]));
  const sync = candidates.length - asJob.size;
  ctx.log.info(
    `${plural(sync, 'account')} by synchronous requests (${used} of the ${available} left of ${o.budget.limit} per 15 minutes), ${ready.length - sync} as jobs`,
  );
  return queries.map((q) => (q && asJob.has(q) ? asJobs(q) : q));
}

/**
 * As an account planned for synchronous requests starts: its requests taken from the budget, or,
 * when the budget (as the latest replies tell it) no longer holds them, the account as jobs.
 */
export function startAccount(ctx: Context, q: Query, o: BudgetFlags): Query {
  if (o.mode !== 'auto' || q.mode !== 'sync') return q;
  const n = syncCost(q, o.compare);
  if (o.budget.reserve(n, ctx.now())) return q;
  const reset = o.budget.resetsAt();
  ctx.log.info(
    `account ${q.plan.account.id}: as jobs: ${plural(n, 'synchronous request')} do not fit the ${o.budget.available(ctx.now())} left of the user's budget${reset ? ` until ${new Date(reset).toISOString().slice(11, 16)} UTC` : ''}`,
  );
  return asJobs(q);
}
