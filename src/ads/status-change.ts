// Pausing and resuming campaigns and line items, optionally a campaign's whole
// tree (its line items). The plan is read first (each entity's current status),
// so only what is not already in the target status is changed: a run that was
// interrupted is finished by running it again. Pausing goes parent first (the
// spend stops at once); resuming goes children first, the campaign last.
// Promoted posts have no status to change in API version 12 (only delete), so
// the tree stops at line items: a paused line item serves none of them.
import type { ApiClient } from '../http/client.js';
import { adsCursor, pages } from '../http/paginate.js';
import { getCampaign, updateCampaignRequest } from './campaigns.js';
import { getLineItem, lineItemsListRequest, updateLineItemRequest } from './line-items.js';
import type { AccountRef } from './types.js';

export type StatusTarget = 'PAUSED' | 'ACTIVE';
export type StatusEntity = 'campaign' | 'line_item';

export interface StatusStep {
  entity: StatusEntity;
  id: string;
  /** The campaign of a line item reached by --cascade. */
  parent?: string;
  name?: string;
  from: string;
  to: StatusTarget;
}

/** campaign_ids takes up to 200 ids per request (the reference's limit). */
const IDS_PER_LIST = 200;

interface Found {
  id?: unknown;
  name?: unknown;
  entity_status?: unknown;
  campaign_id?: unknown;
  deleted?: unknown;
}

const step = (entity: StatusEntity, f: Found, to: StatusTarget, parent?: string): StatusStep => ({
  entity,
  id: String(f.id),
  ...(parent ? { parent } : {}),
  ...(typeof f.name === 'string' ? { name: f.name } : {}),
  from: typeof f.entity_status === 'string' ? f.entity_status : 'UNKNOWN',
  to,
});

async function lineItemsOf(client: ApiClient, account: AccountRef, campaigns: readonly string[]): Promise<Found[]> {
  const out: Found[] = [];
  for (let i = 0; i < campaigns.length; i += IDS_PER_LIST) {
    const req = lineItemsListRequest(account, [
      ['campaign_ids', campaigns.slice(i, i + IDS_PER_LIST).join(',')],
      ['count', '1000'],
    ]);
    for await (const page of pages<Found>(client, req, adsCursor)) out.push(...page.items.filter((li) => li && typeof li.id === 'string'));
  }
  return out;
}

/**
 * Every entity the change reaches, in the order to change them, with its current status; the ones already in
 * the target status are in `already`. A missing id is the API's 404 (thrown before anything changes).
 */
export async function planStatusChange(
  client: ApiClient,
  account: AccountRef,
  req: { entity: StatusEntity; ids: readonly string[]; to: StatusTarget; cascade?: boolean },
): Promise<{ steps: StatusStep[]; already: StatusStep[] }> {
  const top: StatusStep[] = [];
  for (const id of req.ids) {
    const found =
      req.entity === 'campaign' ? (await getCampaign(client, account, id)).body?.data : (await getLineItem(client, account, id)).body?.data;
    top.push(step(req.entity, { ...(found ?? {}), id }, req.to));
  }
  const children =
    req.cascade && req.entity === 'campaign'
      ? (await lineItemsOf(client, account, req.ids))
          .filter((li) => li.deleted !== true)
          .map((li) => step('line_item', li, req.to, typeof li.campaign_id === 'string' ? li.campaign_id : undefined))
      : [];
  const ordered = req.to === 'PAUSED' ? [...top, ...children] : [...children, ...top];
  return { steps: ordered.filter((s) => s.from !== s.to), already: ordered.filter((s) => s.from === s.to) };
}

/** Sends one change: PUT entity_status (nothing else). */
export async function applyStatusStep(client: ApiClient, account: AccountRef, s: StatusStep): Promise<string> {
  const params = { entity_status: s.to };
  const req = s.entity === 'campaign' ? updateCampaignRequest(account, s.id, params) : updateLineItemRequest(account, s.id, params);
  // The journal keeps the status read by the plan and, for a line item reached by --cascade, its campaign:
  // what `resume --cascade` reads back to resume only what the cascade paused.
  const note = { old: { entity_status: s.from }, ...(s.parent ? { cascade: s.parent } : {}) };
  const res = await client.request<{ data?: { entity_status?: unknown } }>({ ...req, note });
  const now = res.body?.data?.entity_status;
  return typeof now === 'string' ? now : s.to;
}
