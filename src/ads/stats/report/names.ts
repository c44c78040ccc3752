// Entity names for a report: one list request per entity type (per 200 ids, the
// lists' id-filter limit), kept for the run so a second lookup of the same
// account and type sends nothing. Promoted posts and promoted accounts carry no
// name in the API (https://docs.x.com/x-ads-api/campaign-management#promoted-tweets):
// their name column stays empty and nothing is asked.
import type { ApiClient, RequestOptions } from '../../../http/client.js';
import { listAccountsRequest } from '../../accounts.js';
import { campaignsRequest, fundingInstrumentsRequest } from '../../campaigns.js';
import { lineItemsListRequest } from '../../line-items.js';
import type { AccountRef, AdsEnvelope } from '../../types.js';

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

export class NameCache {
  private cache = new Map<string, Promise<Map<string, string>>>();

  constructor(private readonly client: ApiClient) {}

  /** id → name for the ids of one account and entity type (ids the list does not return are left out). */
  names(account: AccountRef, entity: string, ids: readonly string[]): Promise<Map<string, string>> {
    const key = `${account.api}\u0000${account.id}\u0000${entity}\u0000${[...ids].sort().join(',')}`;
    let hit = this.cache.get(key);
    if (!hit) this.cache.set(key, (hit = this.lookup(account, entity, [...new Set(ids)])));
    return hit;
  }

  private async lookup(account: AccountRef, entity: string, ids: string[]): Promise<Map<string, string>> {
    const list = LISTS[entity];
    const out = new Map<string, string>();
    if (!list) return out;
    for (let i = 0; i < ids.length; i += IDS_PER_LIST) {
      const res = await this.client.request<AdsEnvelope<Array<{ id?: unknown; name?: unknown }>>>(
        list(account, ids.slice(i, i + IDS_PER_LIST)),
      );
      const data = res.body?.data;
      // Only names of ids asked for are taken: a reply is not trusted to hold just those.
      for (const item of Array.isArray(data) ? data : [])
        if (typeof item?.id === 'string' && typeof item.name === 'string' && ids.includes(item.id)) out.set(item.id, item.name);
    }
    return out;
  }
}
