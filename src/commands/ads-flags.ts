// Flags shared by the ads-API command groups (ads, audiences, catalogs), each
// declared once here. Cheap to import: group declarations read it.
import { sandboxOption, type OptionSpec } from './define.js';

export { sandboxOption };

export const accountOption: OptionSpec = { flags: '--account <id>', description: "ads account id (default: POSTCTL_ADS_ACCOUNT or the profile's ads_account)" };

/** --account and --sandbox: the flags of every verb about one ad account. */
export const accountOptions: OptionSpec[] = [accountOption, sandboxOption];

/** On a verb that fetches one object. */
export const withDeletedOption: OptionSpec = { flags: '--with-deleted', description: 'also find it when it is deleted' };

/** --cursor, --all, --limit: where to start and how far to follow next_cursor. */
export const pagingOptions: OptionSpec[] = [
  { flags: '--cursor <cursor>', description: 'start from this page cursor (next_cursor of a previous page)' },
  { flags: '--all', description: 'follow next_cursor through every page, printing rows as they arrive' },
  { flags: '--limit <n>', description: 'stop after n items (implies --all)' },
];

/** The common list flags; pass the endpoint's count bounds for the help text. */
export function listOptions(bounds: { min: number; max: number; def: number }, extra: { sortBy?: boolean; withDeleted?: boolean; totalCount?: boolean } = {}): OptionSpec[] {
  const o: OptionSpec[] = [{ flags: '--count <n>', description: `items per page (${bounds.min} to ${bounds.max}; API default ${bounds.def})` }, ...pagingOptions];
  if (extra.sortBy !== false) o.push({ flags: '--sort-by <attr>', description: 'sort attribute with order, e.g. created_at-desc' });
  if (extra.withDeleted !== false) o.push({ flags: '--with-deleted', description: 'include deleted objects' });
  if (extra.totalCount !== false) o.push({ flags: '--with-total-count', description: 'include total_count (not with --cursor; lower rate limit: 200 per 15 minutes)' });
  return o;
}
