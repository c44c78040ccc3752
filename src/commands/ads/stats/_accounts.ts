// `ads stats --accounts ID,ID|all`: the same report for several ad accounts,
// each in its own time zone and currency, one after another (so each account's
// processing jobs stay within --max-jobs, the per-account limit), into one
// output with an account column. An account that fails is reported (stderr,
// the JSON tail, the HTML page) and the run goes on: exit 8 when any failed.
import { listAccountsRequest } from '../../../ads/accounts.js';
import { adsApi } from '../../../ads/common.js';
import type { AccountRef } from '../../../ads/types.js';
import type { Context } from '../../../entry/context.js';
import { CliError, Interrupted, PartialFailure, UsageError } from '../../../errors/cli-error.js';
import type { ApiClient } from '../../../http/client.js';
import { idSegment } from '../../../http/path.js';
import { adsCursor, pages } from '../../../http/paginate.js';
import { commaList } from '../../../validate/rules.js';

const PAGE = 1000;

/** The ids of --accounts, checked before anything is sent ('all' → undefined: listed from the API). */
export function accountsFlag(raw: string, single: string | undefined): string[] | 'all' {
  if (single !== undefined) throw new UsageError('--accounts and --account name the accounts twice', 'give one of them');
  if (raw.trim().toLowerCase() === 'all') return 'all';
  const ids = [...new Set(commaList(raw))];
  if (!ids.length) throw new UsageError('--accounts takes account ids, comma-separated, or all');
  for (const id of ids) idSegment(id, 'ads', '--accounts');
  return ids;
}

/**
 * Every ad account the user can read (GET /12/accounts, every page), through the one pager: a repeated
 * cursor or the page cap ends the listing as for every other listing (a warning with accounts read, exit 7 without).
 */
export async function allAccounts(client: ApiClient, sandbox: boolean): Promise<string[]> {
  const ids = new Set<string>();
  for await (const page of pages<{ id?: unknown }>(client, listAccountsRequest(adsApi({ sandbox }), [['count', String(PAGE)]]), adsCursor))
    for (const a of page.items) if (typeof a?.id === 'string') ids.add(a.id);
  return [...ids];
}

/**
 * Runs `one` for each account; a failure (any error but an interruption) is
 * said on stderr, handed to `failed`, and the next account runs. Throws exit 8
 * at the end when any failed.
 */
export async function eachAccount(
  ctx: Context,
  ids: readonly string[],
  sandbox: boolean,
  one: (account: AccountRef) => Promise<void>,
  failed: (account: string, message: string) => void,
): Promise<void> {
  const bad: string[] = [];
  for (const id of ids) {
    try {
      await one({ id, api: adsApi({ sandbox }) });
    } catch (e) {
      if (e instanceof Interrupted || !(e instanceof CliError)) throw e;
      ctx.log.warn(`account ${id}: ${e.message}`);
      failed(id, e.message);
      bad.push(id);
    }
  }
  if (bad.length)
    throw new PartialFailure(
      `${bad.length} of ${ids.length} accounts failed (${bad.join(', ')}); the others' rows were written`,
      'the reason for each is above; run again with --accounts naming the failed ones',
    );
}
