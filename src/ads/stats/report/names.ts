// Entity names for a report: one list request per entity type (per 200 ids, the
// lists' id-filter limit, sent together), kept for the run so a second lookup of the same
// account and type sends nothing. Promoted posts and promoted accounts carry no
// name in the API (https://docs.x.com/x-ads-api/campaign-management#promoted-tweets):
// their name column stays empty and nothing is asked.
import type { ApiClient, RequestOptions } from '../../../http/client.js';
import { listAccountsRequest } from '../../accounts.js';
import { campaignsRequest, fundingInstrumentsRequest } from '../../campaigns.js';
import { lineItemsListRequest } from '../../line-items.js';
import type { AccountRef, AdsEnvelope } from '../../types.js';
import { isCurrency } from '../../../validate/currency.js';

const IDS_PER_LIST = 200;

type ListRequest = (account: AccountRef, ids: string[]) => RequestOptions;

const PAGE: Array<[string, string]> = [
  ['count', String(IDS_PER_LIST)],
  ['with_deleted', 'true'],
];

const LISTS: Partial<Record<string, ListRequest>> = {
  LINE_ITEM: (a, ids) => lineItemsListRequest(a, [['line_item_ids', ids.join(',')], ...PAGE]),
  CAMPAIGN: (a, ids) => campaignsRequest(a, [['campaign_ids', ids.join(',')], ...PAGE]),
  FUNDING_INSTRUMENT: (a, ids) => fundingInstrumentsRequest(a, [['funding_instrument_ids', ids.join(',')], ...PAGE]),
  ACCOUNT: (a, ids) =>
    listAccountsRequest(a.api, [
      ['account_ids', ids.join(',')],
      ['count', String(IDS_PER_LIST)],
    ]),
};

/** Whether the entity type has names to look up. */
export const hasNames = (entity: string): boolean => LISTS[entity] !== undefined;

/** What a client report shows of an entity beside its figures: its status and budgets (micros), when the list says them. */
export interface EntityFacts {
  name?: string;
  status?: string;
  dailyBudgetMicros?: number;
  totalBudgetMicros?: number;
  /** The ISO 4217 code the entity's money is in (campaigns, line items and funding instruments carry it). */
  currency?: string;
}

const budget = (v: unknown): number | undefined => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : undefined);

export class NameCache {
  private cache = new Map<string, Promise<Map<string, EntityFacts>>>();

  constructor(private readonly client: ApiClient) {}

  /** id → name for the ids of one account and entity type (ids the list does not return are left out). */
  async names(account: AccountRef, entity: string, ids: readonly string[]): Promise<Map<string, string>> {
    const facts = await this.facts(account, entity, ids);
    return new Map([...facts].flatMap(([id, f]) => (f.name === undefined ? [] : [[id, f.name] as const])));
  }

  /** id → name, status and budgets, from the same list request as the names (cached together). */
  facts(account: AccountRef, entity: string, ids: readonly string[]): Promise<Map<string, EntityFacts>> {
    const key = `${account.api}\u0000${account.id}\u0000${entity}\u0000${[...ids].sort().join(',')}`;
    let hit = this.cache.get(key);
    if (!hit) this.cache.set(key, (hit = this.lookup(account, entity, [...new Set(ids)])));
    return hit;
  }

  private async lookup(account: AccountRef, entity: string, ids: string[]): Promise<Map<string, EntityFacts>> {
    const list = LISTS[entity];
    const out = new Map<string, EntityFacts>();
    if (!list) return out;
    // The lists of every 200 ids at once: one round trip for a run's names, however many ids.
    const pages = [];
    for (let i = 0; i < ids.length; i += IDS_PER_LIST)
      pages.push(this.client.request<AdsEnvelope<Array<Record<string, unknown>>>>(list(account, ids.slice(i, i + IDS_PER_LIST))));
    for (const res of await Promise.all(pages)) {
      const data = res.body?.data;
      // Only entities asked for are taken: a reply is not trusted to hold just those.
      for (const item of Array.isArray(data) ? data : []) {
        if (typeof item?.id !== 'string' || !ids.includes(item.id)) continue;
        const f: EntityFacts = {};
        if (typeof item.name === 'string') f.name = item.name;
        if (typeof item.entity_status === 'string') f.status = item.entity_status;
        const daily = budget(item.daily_budget_amount_local_micro);
        const total = budget(item.total_budget_amount_local_micro);
        if (daily) f.dailyBudgetMicros = daily;
        if (total) f.totalBudgetMicros = total;
        if (isCurrency(item.currency)) f.currency = item.currency;
        out.set(item.id, f);
      }
    }
    return out;
  }
}
