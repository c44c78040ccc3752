// Flags shared by the ads-API command groups (ads, audiences, catalogs), each
// declared once here. Cheap to import: group declarations read it. Each is
// literal (`as const`) so a verb's option types (define.ts `OptionsOf`) see
// the flag: `...listOptions(PAGE)` gives `opts.count`, `opts.cursor`, ….
import type { OptionSpec } from './define.js';

export const sandboxOption = { flags: '--sandbox', description: 'use the ads sandbox base URL (POSTCTL_ADS_SANDBOX_URL)' } as const satisfies OptionSpec;

export const accountOption = { flags: '--account <id>', description: "ads account id (default: POSTCTL_ADS_ACCOUNT or the profile's ads_account)" } as const satisfies OptionSpec;

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

const sortByOption = { flags: '--sort-by <attr>', description: 'sort attribute with order, e.g. created_at-desc' } as const satisfies OptionSpec;
const listWithDeletedOption = { flags: '--with-deleted', description: 'include deleted objects' } as const satisfies OptionSpec;
const totalCountOption = { flags: '--with-total-count', description: 'include total_count (not with --cursor; lower rate limit: 200 per 15 minutes)' } as const satisfies OptionSpec;

/** Which optional list flags a verb leaves out (each is in unless `false`). */
export interface ListExtra {
  sortBy?: boolean;
  withDeleted?: boolean;
  totalCount?: boolean;
}

/** The flag `S` unless `extra[K]` is `false`. */
type Unless<E extends ListExtra, K extends keyof ListExtra, S> = E[K] extends false ? [] : [S];

/** What `listOptions(bounds, extra)` declares, flag by flag. */
export type ListOptions<E extends ListExtra> = readonly [
  { readonly flags: '--count <n>'; readonly description: string },
  ...typeof pagingOptions,
  ...Unless<E, 'sortBy', typeof sortByOption>,
  ...Unless<E, 'withDeleted', typeof listWithDeletedOption>,
  ...Unless<E, 'totalCount', typeof totalCountOption>,
];

/** The common list flags; pass the endpoint's count bounds for the help text. */
export function listOptions<const E extends ListExtra = {}>(bounds: { min: number; max: number; def: number }, extra?: E): ListOptions<E> {
  const o: OptionSpec[] = [{ flags: '--count <n>', description: `items per page (${bounds.min} to ${bounds.max}; API default ${bounds.def})` }, ...pagingOptions];
  if (extra?.sortBy !== false) o.push(sortByOption);
  if (extra?.withDeleted !== false) o.push(listWithDeletedOption);
  if (extra?.totalCount !== false) o.push(totalCountOption);
  // The pushes above follow ListOptions<E> exactly; TypeScript cannot follow the conditions.
  return o as unknown as ListOptions<E>;
}
