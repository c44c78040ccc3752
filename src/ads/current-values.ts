// The objects a file of updates is about, as they are now, for the change
// journal's old values: one list request per 200 ids (campaign_ids,
// line_item_ids take up to 200), with deleted ones, before the batches go.
import type { ApiClient } from '../http/client.js';
import { adsCursor, pages } from '../http/paginate.js';
import type { BatchResource } from './batch.js';
import { accountPath } from './common.js';
import type { AccountRef } from './types.js';

const IDS_PER_LIST = 200;
/** The resources whose updates come from files, and the ids filter of their list. */
const IDS_PARAM: Partial<Record<BatchResource, string>> = { campaigns: 'campaign_ids', line_items: 'line_item_ids' };

type Entity = Record<string, unknown>;

/** id → the object, for the ids that exist (none for a resource without an ids filter). */
export async function currentValues(
  client: ApiClient,
  account: AccountRef,
  resource: BatchResource,
  ids: readonly string[],
): Promise<Map<string, Entity>> {
  const out = new Map<string, Entity>();
  const param = IDS_PARAM[resource];
  if (!param) return out;
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += IDS_PER_LIST) {
    const query: Array<[string, string]> = [
      [param, unique.slice(i, i + IDS_PER_LIST).join(',')],
      ['count', '1000'],
      ['with_deleted', 'true'],
    ];
    const req = { api: account.api, method: 'GET', path: accountPath(account, resource), query };
    for await (const page of pages<Entity>(client, req, adsCursor))
      for (const e of page.items) if (e && typeof e.id === 'string') out.set(e.id, e);
  }
  return out;
}
