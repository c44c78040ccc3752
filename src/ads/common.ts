// Conventions shared by every ads command (ads-api.md "Conventions"): the
// sandbox switch, versioned paths, and list flags' query (the flags are declared in
// src/commands/_ads-flags.ts; printing a list is src/commands/_ads-list.ts).
import { UsageError, InputError } from '../errors/cli-error.js';
import type { ApiName } from '../http/client.js';
import { idSegment, joinPath, type IdSegment } from '../http/path.js';
import type { AccountRef } from './types.js';
import { integerBetween } from '../validate/rules.js';

export const ADS_VERSION = '12';

/** `/12/accounts/{account_id}/…`: the account's id checked and encoded, then the other segments. */
export const accountPath = (account: AccountRef, ...rest: Array<string | IdSegment>): string =>
  joinPath(ADS_VERSION, 'accounts', idSegment(account.id, 'ads', 'account_id'), ...rest);

export function adsApi(opts: { sandbox?: boolean }): ApiName {
  return opts.sandbox ? 'ads-sandbox' : 'ads';
}

export interface ListFlags {
  count?: string;
  cursor?: string;
  all?: boolean;
  limit?: string;
  sortBy?: string;
  withDeleted?: boolean;
  withTotalCount?: boolean;
}

/** Checks list flags against the endpoint's bounds and returns the query parameters. */
export function listQuery(flags: ListFlags, bounds: { min: number; max: number }): Array<[string, string]> {
  const q: Array<[string, string]> = [];
  if (flags.withTotalCount && flags.cursor)
    throw new UsageError('--with-total-count cannot be combined with --cursor (the API rejects with_total_count with a cursor)');
  if (flags.count !== undefined) {
    const msg = integerBetween(bounds.min, bounds.max)(flags.count);
    if (msg) throw new InputError(`--count ${msg}`);
    q.push(['count', flags.count]);
  }
  if (flags.limit !== undefined && integerBetween(1, Number.MAX_SAFE_INTEGER)(flags.limit))
    throw new InputError(`--limit must be a positive whole number (got ${JSON.stringify(flags.limit)})`);
  if (flags.cursor) q.push(['cursor', flags.cursor]);
  if (flags.sortBy) q.push(['sort_by', flags.sortBy]);
  if (flags.withDeleted) q.push(['with_deleted', 'true']);
  if (flags.withTotalCount) q.push(['with_total_count', 'true']);
  return q;
}
