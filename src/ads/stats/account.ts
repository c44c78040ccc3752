// What a stats query needs to know about the account before it is planned: its
// time zone (DAY buckets start at its midnights) and, when money is asked for,
// its currency. The zone comes from the account read. The currency comes from
// the first place that already has it: the account object (the reference's does
// not list one), else the entities' own list read for their names (campaigns,
// line items and funding instruments carry `currency`:
// https://docs.x.com/x-ads-api/campaign-management), else — only then — the
// account's funding instruments, one more read. A failed fallback is a warning,
// never the end of the run: the money columns are still converted, under an
// empty currency column.
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

/** The account's zone, and its currency when `currency` is asked for and the account object carries it. */
export async function accountFacts(client: ApiClient, account: AccountRef, o: { currency: boolean }): Promise<AccountFacts> {
  const data = (await getAccount(client, account)).body?.data as { timezone?: unknown; currency?: unknown } | undefined;
  const tz = zoneOf(account, data?.timezone);
  if (!o.currency) return { tz };
  return { tz, currency: isCurrency(data?.currency) ? data.currency : undefined };
}

/**
 * The currency of a query that asks for money and whose account object did not say it: from the entities'
 * facts when they were read for their names (no request more), else from the funding instruments.
 */
export async function settleCurrency(
  client: ApiClient,
  q: { plan: { account: AccountRef }; currency?: string | undefined },
  money: boolean,
  facts: Promise<ReadonlyMap<string, { currency?: string }>> | undefined,
  warn: (m: string) => void,
): Promise<void> {
  if (!money || q.currency !== undefined) return;
  const known = facts
    ? [...(await facts.catch(() => new Map<string, { currency?: string }>())).values()].find((f) => f.currency)
    : undefined;
  if (known?.currency) {
    q.currency = known.currency;
    return;
  }
  const found = await instrumentCurrency(client, q.plan.account);
  if (found.warning) warn(found.warning);
  q.currency = found.currency;
}
