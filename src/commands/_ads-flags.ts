// Flags shared by the ads-API command groups (ads, audiences, catalogs), each
// declared once here. Each is
// `as const` (or spelt out in its return type) so a verb's option types
// (define.ts `OptionsOf`) see the literal flag.
import type { OptionSpec, OptionTable } from './define.js';

/** --sandbox: every ads, catalogs and audiences verb can address the sandbox. */
export const sandboxOption = {
  flags: '--sandbox',
  description: 'use the ads sandbox base URL (POSTCTL_ADS_SANDBOX_URL)',
} as const satisfies OptionSpec;

export const accountOption = {
  flags: '--account <id>',
  description: "ads account id (default: POSTCTL_ADS_ACCOUNT or the profile's ads_account)",
} as const satisfies OptionSpec;

/** --account and --sandbox: the flags of every verb about one ad account. */
export const accountOptions = {
  account: accountOption,
  sandbox: sandboxOption,
} as const;

/** --reason: why, kept with each change in the change journal (`postctl ads history`). */
export const reasonOption = {
  flags: '--reason <text>',
  description: 'why this change is made: kept with it in the change journal (postctl ads history)',
} as const satisfies OptionSpec;

/** --account, --sandbox and --reason: the flags of every verb that changes something in one ad account. */
export const writeOptions = {
  ...accountOptions,
  reason: reasonOption,
} as const;

/**
 * The budget pair of campaigns and line items, each as micros or as a decimal amount (`type: 'money'`), each
 * naming the API parameter it sets (src/validate/wire-flags.ts `paramsFromFlags`; both tables have the rules).
 */
export const budgetFlags = {
  totalBudgetAmountLocalMicro: {
    flags: '--total-budget-amount-local-micro <value>',
    wire: 'total_budget_amount_local_micro',
    description: "total budget in micro units of the funding instrument's currency (37500000 for 37.50)",
  },
  totalBudget: {
    flags: '--total-budget <amount>',
    wire: 'total_budget_amount_local_micro',
    type: 'money',
    description: 'total budget as a decimal amount (37.50 → 37500000; at most 6 decimals); not with --total-budget-amount-local-micro',
  },
  dailyBudgetAmountLocalMicro: {
    flags: '--daily-budget-amount-local-micro <value>',
    wire: 'daily_budget_amount_local_micro',
    description: 'daily budget in micro units; at most the total budget',
  },
  dailyBudget: {
    flags: '--daily-budget <amount>',
    wire: 'daily_budget_amount_local_micro',
    type: 'money',
    description: 'daily budget as a decimal amount (10 → 10000000; at most 6 decimals); not with --daily-budget-amount-local-micro',
  },
} as const satisfies OptionTable;

/** On a verb that fetches one object. */
export const withDeletedOption = { flags: '--with-deleted', description: 'also find it when it is deleted' } as const satisfies OptionSpec;

/** --cursor, --all, --limit: where to start and how far to follow next_cursor. */
export const pagingOptions = {
  cursor: { flags: '--cursor <cursor>', description: 'start from this page cursor (next_cursor of a previous page)' },
  all: { flags: '--all', description: 'follow next_cursor through every page, printing rows as they arrive' },
  limit: { flags: '--limit <n>', description: 'stop after n items (implies --all)' },
} as const satisfies OptionTable;

const sortByOption = {
  flags: '--sort-by <attr>',
  description: 'sort attribute with order, e.g. created_at-desc',
} as const satisfies OptionSpec;
const includeDeletedOption = { flags: '--with-deleted', description: 'include deleted objects' } as const satisfies OptionSpec;
const totalCountOption = {
  flags: '--with-total-count',
  description: 'include total_count (not with --cursor; lower rate limit: 200 per 15 minutes)',
} as const satisfies OptionSpec;

type ListExtras = { sortBy?: boolean; withDeleted?: boolean; totalCount?: boolean };
/** The flag S under key K, unless the caller turned it off with `{ [E]: false }`. */
type Unless<X, E extends keyof ListExtras, K extends string, S> = X extends Record<E, false> ? unknown : { readonly [k in K]: S };
/** What listOptions returns for `extra` X. */
export type ListOptions<X> = { readonly count: { flags: '--count <n>'; description: string } } & typeof pagingOptions &
  Unless<X, 'sortBy', 'sortBy', typeof sortByOption> &
  Unless<X, 'withDeleted', 'withDeleted', typeof includeDeletedOption> &
  Unless<X, 'totalCount', 'withTotalCount', typeof totalCountOption>;

/** The common list flags; pass the endpoint's count bounds for the help text. */
export function listOptions<const X extends ListExtras = Record<never, never>>(
  bounds: { min: number; max: number; def: number },
  extra?: X,
): ListOptions<X> {
  const o = {
    count: { flags: '--count <n>', description: `items per page (${bounds.min} to ${bounds.max}; API default ${bounds.def})` },
    ...pagingOptions,
    ...(extra?.sortBy !== false && { sortBy: sortByOption }),
    ...(extra?.withDeleted !== false && { withDeleted: includeDeletedOption }),
    ...(extra?.totalCount !== false && { withTotalCount: totalCountOption }),
  };
  // The conditions above are the ones ListOptions spells; TypeScript cannot follow them.
  return o as ListOptions<X>;
}
