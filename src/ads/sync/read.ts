// What a sync reads from the API for one account besides its stats: the account
// itself (zone, currency) and the current state of its funding instruments,
// campaigns, line items and promoted posts (deleted ones too: their past days
// still have figures), every page of each list. And the stats series turned
// into the store's rows, dated by the account's calendar.
import { NetworkError } from '../../errors/cli-error.js';
import type { ApiClient, RequestOptions } from '../../http/client.js';
import { adsCursor, pages } from '../../http/paginate.js';
import { isCurrency } from '../../validate/currency.js';
import type { MetricGroup, StatsEntity } from '../../validate/ads-stats.js';
import { getAccount } from '../accounts.js';
import { campaignsRequest, fundingInstrumentsRequest } from '../campaigns.js';
import { lineItemsListRequest } from '../line-items.js';
import { promotedListRequest } from '../promoted.js';
import type { Series } from '../stats/merger.js';
import type { Window } from '../stats/plan.js';
import { formatDate, isTimeZone, localDate } from '../stats/range/calendar.js';
import { metricColumns, seriesRows } from '../stats/rows.js';
import type { AccountRef } from '../types.js';
import { metricColumn } from './schema.js';
import type { StatsRow } from './write.js';

type Obj = Record<string, unknown>;

export interface AccountState {
  account: Obj;
  tz: string;
  currency: string | null;
  funding_instruments: Obj[];
  campaigns: Obj[];
  line_items: Obj[];
  promoted_posts: Obj[];
}

async function all(client: ApiClient, req: RequestOptions): Promise<Obj[]> {
  const out: Obj[] = [];
  for await (const page of pages<Obj>(client, req, adsCursor)) out.push(...page.items.filter((i) => i && typeof i === 'object'));
  return out;
}

const LIST: Array<[string, string]> = [
  ['count', '1000'],
  ['with_deleted', 'true'],
];

export async function readAccountState(client: ApiClient, account: AccountRef): Promise<AccountState> {
  const data = ((await getAccount(client, account)).body?.data ?? {}) as unknown as Obj;
  const tz = data.timezone;
  if (typeof tz !== 'string' || !isTimeZone(tz))
    throw new NetworkError(`the account ${account.id} has no usable time zone (${JSON.stringify(tz)})`);
  const [funding, campaigns, lineItems, promoted] = await Promise.all([
    all(client, fundingInstrumentsRequest(account, LIST)),
    all(client, campaignsRequest(account, [...LIST, ['with_draft', 'true']])),
    all(client, lineItemsListRequest(account, [...LIST, ['with_draft', 'true']])),
    all(client, promotedListRequest(account, client.names, LIST)),
  ]);
  const own = isCurrency(data.currency) ? data.currency : undefined;
  const fi = funding.map((f) => f.currency).find(isCurrency);
  return {
    account: { ...data, id: account.id },
    tz,
    currency: own ?? fi ?? null,
    funding_instruments: funding,
    campaigns,
    line_items: lineItems,
    promoted_posts: promoted,
  };
}

/** The ids a sync asks stats for, per entity type. */
export function entityIds(state: AccountState, entity: StatsEntity, account: string): string[] {
  const ids = (list: Obj[]) => list.map((o) => o.id).filter((id): id is string => typeof id === 'string');
  switch (entity) {
    case 'ACCOUNT':
      return [account];
    case 'FUNDING_INSTRUMENT':
      return ids(state.funding_instruments);
    case 'CAMPAIGN':
      return ids(state.campaigns);
    case 'LINE_ITEM':
      return ids(state.line_items);
    case 'PROMOTED_TWEET':
      return ids(state.promoted_posts);
    default:
      return [];
  }
}

/** The store's columns of a query's metrics (spend as spend_micro, a conversion key as metric_key). */
export const storeColumns = (entity: StatsEntity, groups: readonly MetricGroup[]): string[] =>
  metricColumns(entity, groups).map(metricColumn);

/** Turns merged series (DAY buckets) into stats rows; `today` is the account's date now (its row is partial). */
export function statsRows(
  list: readonly Series[],
  o: {
    account: string;
    entity: StatsEntity;
    groups: readonly MetricGroup[];
    segmentType: string;
    buckets: readonly Window[][];
    tz: string;
    today: string;
    currency: string | null;
  },
): StatsRow[] {
  const columns = metricColumns(o.entity, o.groups);
  const out: StatsRow[] = [];
  for (const s of list)
    for (const r of seriesRows(s, { columns, derived: false, totals: false, buckets: o.buckets, total: false })) {
      const day = formatDate(localDate(Date.parse(String(r.start)), o.tz));
      const metrics = new Map<string, bigint | null>();
      for (const c of columns) {
        const v = r[c];
        metrics.set(metricColumn(c), typeof v === 'number' ? BigInt(v) : null);
      }
      out.push({
        account_id: o.account,
        entity_type: o.entity,
        entity_id: s.id,
        day,
        placement: s.placement,
        segment_type: o.segmentType,
        segment_value: s.segment ?? '',
        currency: o.currency,
        partial: day >= o.today,
        metrics,
      });
    }
  return out;
}
