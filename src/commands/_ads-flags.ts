// Flags shared by the ads-API command groups (ads, audiences, catalogs), each
// declared once here. Each is
// `as const` (or spelt out in its return type) so a verb's option types
// (define.ts `OptionsOf`) see the literal flag.
import type { OptionSpec } from './define.js';

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
export const accountOptions = [accountOption, sandboxOption] as const;

/** On a verb that fetches one object. */
export const withDeletedOption = { flags: '--with-deleted', description: 'also find it when it is deleted' } as const satisfies OptionSpec;

/** --cursor, --all, --limit: where to start and how far to follow next_cursor. */
export const pagingOptions = [
  { flags: '--cursor <cursor>', description: 'start from this page cursor (next_cursor of a previous page)' },
  { flags: '--all', description: 'follow next_cursor through every page, printing rows as they arrive' },
  { flags: '--limit <n>', description: 'stop after n items (implies --all)' },
] as const satisfies readonly OptionSpec[];

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
/** The flag S, unless the caller turned it off with `{ [K]: false }`. */
type Unless<X, K extends keyof ListExtras, S> = X extends Record<K, false> ? [] : [S];
/** What listOptions returns for `extra` X, flag by flag, in order. */
export type ListOptions<X> = readonly [
  { flags: '--count <n>'; description: string },
  ...typeof pagingOptions,
  ...Unless<X, 'sortBy', typeof sortByOption>,
  ...Unless<X, 'withDeleted', typeof includeDeletedOption>,
  ...Unless<X, 'totalCount', typeof totalCountOption>,
];

/** The common list flags; pass the endpoint's count bounds for the help text. */
export function listOptions<const X extends ListExtras = Record<never, never>>(
  bounds: { min: number; max: number; def: number },
  extra?: X,
): ListOptions<X> {
  const o: OptionSpec[] = [
    { flags: '--count <n>', description: `items per page (${bounds.min} to ${bounds.max}; API default ${bounds.def})` },
    ...pagingOptions,
  ];
  if (extra?.sortBy !== false) o.push(sortByOption);
  if (extra?.withDeleted !== false) o.push(includeDeletedOption);
  if (extra?.totalCount !== false) o.push(totalCountOption);
  // The conditions above are the ones ListOptions spells; TypeScript cannot follow them.
  return o as unknown as ListOptions<X>;
}
