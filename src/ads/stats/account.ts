// What a stats query needs to know about the account before it is planned: its
// time zone (DAY buckets start at its midnights) and, when money is asked for,
// its currency. Both come from one account read; an account object that
// carries no currency (the reference's does not list one) falls back to its
// funding instruments, read in parallel so the lookup costs no extra round
// trip. A failed fallback is a warning, never the end of the run: the money columns are
// still converted, under an empty currency column.
import { ApiError } from '../../errors/api-error.js';
import { NetworkError } from '../../errors/cli-error.js';
import type { ApiClient } from '../../http/client.js';
import { getAccount } from '../accounts.js';
import { fundingInstrumentsRequest } from '../campaigns.js';
import type { AccountRef, AdsEnvelope } from '../types.js';
import { isCurrency } from '../../validate/currency.js';
import { isTimeZone } from './range/calendar.js';

export interface AccountFacts {
  tz: string;
  /** ISO 4217 code; undefined when not asked for or not known. */
  currency?: string | undefined;
}

export async function accountZone(client: ApiClient, account: AccountRef): Promise<string> {
  return zoneOf(account, (await getAccount(client, account)).body?.data?.timezone);
}

function zoneOf(account: AccountRef, tz: unknown): string {
  if (typeof tz !== 'string' || !isTimeZone(tz))
    throw new NetworkError(`the account ${account.id} has no usable time zone (${JSON.stringify(tz)})`);
  return tz;
}

async function instrumentCurrency(client: ApiClient, account: AccountRef): Promise<{ currency?: string; warning?: string }> {
  try {
    const res = await client.request<AdsEnvelope<Array<{ currency?: unknown }>>>(
      fundingInstrumentsRequest(account, [
        ['count', '1'],
        ['with_deleted', 'true'],
      ]),
    );
    const currency = Array.isArray(res.body?.data) ? res.body.data[0]?.currency : undefined;
    return isCurrency(currency) ? { currency } : {};
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    return {
      warning: `the account's currency could not be read (${e.message}); money columns are in units of an unnamed currency (the currency column is empty)`,
    };
  }
}

/** The account's zone, and its currency when `currency` is asked for. */
export async function accountFacts(
  client: ApiClient,
  account: AccountRef,
  o: { currency: boolean; warn: (m: string) => void },
): Promise<AccountFacts> {
  // Started together: the fallback is only used when the account carries no currency itself.
  const fallback = o.currency ? instrumentCurrency(client, account) : undefined;
  fallback?.catch(() => undefined);
  const data = (await getAccount(client, account)).body?.data as { timezone?: unknown; currency?: unknown } | undefined;
  const tz = zoneOf(account, data?.timezone);
  if (!o.currency) return { tz };
  const own = isCurrency(data?.currency) ? data.currency : undefined;
  if (own) return { tz, currency: own };
  const found = await fallback!;
  if (found.warning) o.warn(found.warning);
  return { tz, currency: found.currency };
}
