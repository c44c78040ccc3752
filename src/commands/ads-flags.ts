// Flags shared by the ads-API command groups (ads, audiences, catalogs), each
// declared once here. Cheap to import: group declarations read it. Each is
// `as const` so a verb's option types (define.ts `OptionsOf`) see the literal flag.
import { sandboxOption, type OptionSpec } from './define.js';

export { sandboxOption };

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

const sortBy = { flags: '--sort-by <attr>', description: 'sort attribute with order, e.g. created_at-desc' } as const satisfies OptionSpec;
const withDeleted = { flags: '--with-deleted', description: 'include deleted objects' } as const satisfies OptionSpec;
const withTotalCount = { flags: '--with-total-count', description: 'include total_count (not with --cursor; lower rate limit: 200 per 15 minutes)' } as const satisfies OptionSpec;

interface ListExtra {
  sortBy?: boolean;
  withDeleted?: boolean;
  totalCount?: boolean;
}
/** The optional list flag `S` unless the caller turned it off (`{ key: false }`). */
type Unless<E extends ListExtra, K extends keyof ListExtra, S> = E[K] extends false ? [] : [S];
/** What listOptions returns for `extra`, flag by flag, so OptionsOf sees only the flags declared. */
export type ListOptions<E extends ListExtra> = readonly [
  { flags: '--count <n>'; description: string },
  ...typeof pagingOptions,
  ...Unless<E, 'sortBy', typeof sortBy>,
  ...Unless<E, 'withDeleted', typeof withDeleted>,
  ...Unless<E, 'totalCount', typeof withTotalCount>,
];

/** The common list flags; pass the endpoint's count bounds for the help text. */
export function listOptions<const E extends ListExtra = Record<never, never>>(bounds: { min: number; max: number; def: number }, extra: E = {} as E): ListOptions<E> {
  const o: OptionSpec[] = [{ flags: '--count <n>', description: `items per page (${bounds.min} to ${bounds.max}; API default ${bounds.def})` }, ...pagingOptions];
  if (extra.sortBy !== false) o.push(sortBy);
  if (extra.withDeleted !== false) o.push(withDeleted);
  if (extra.totalCount !== false) o.push(withTotalCount);
  // The pushes above follow ListOptions<E> case by case; TypeScript cannot follow the conditions.
  return o as unknown as ListOptions<E>;
}
