// The account's tree as it is now: live campaigns (drafts included), their
// line items, targeting criteria and promoted posts, every page of each list.
// Deleted entities are dropped here whatever the server sends, so a plan never
// compares with something that no longer exists.
import { NetworkError } from '../../errors/cli-error.js';
import type { ApiClient, RequestOptions } from '../../http/client.js';
import { campaignsRequest, type Campaign } from '../campaigns.js';
import { lineItemsListRequest } from '../line-items.js';
import { promotedListRequest } from '../promoted.js';
import { targetingListRequest, type TargetingCriterion } from '../targeting.js';
import type { AccountRef, AdsEnvelope, LineItem } from '../types.js';

interface PromotedPost {
  id: string;
  line_item_id?: string;
  post_id: string;
  deleted?: boolean;
}

export interface CurrentLineItem {
  entity: LineItem;
  targeting: TargetingCriterion[];
  posts: PromotedPost[];
}

export interface CurrentCampaign {
  entity: Campaign;
  lineItems: CurrentLineItem[];
}

/** "line_item_ids … up to 200" / "campaign_ids … up to 200": list filters take at most this many ids. */
const IDS_PER_LIST = 200;
/** A runaway cursor (a server answering the same cursor forever) stops here. */
const MAX_PAGES = 1000;

async function allPages<T>(client: ApiClient, base: RequestOptions): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = [
      ...((base.query as Array<[string, string]>) ?? []),
      ...(cursor ? ([['cursor', cursor]] as Array<[string, string]>) : []),
    ];
    const res = await client.request<AdsEnvelope<T[]>>({ ...base, query });
    const data = res.body?.data;
    if (!Array.isArray(data))
      throw new NetworkError(`${base.method} ${base.path}: the reply has no data list; the current tree cannot be read`);
    out.push(...data.filter((x) => x && typeof x === 'object' && !(x as { deleted?: unknown }).deleted));
    const next = res.body.next_cursor;
    if (typeof next !== 'string' || !next || next === cursor) return out;
    cursor = next;
  }
  return out;
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Every live campaign of the account (names are matched by the caller). */
export function listCampaigns(client: ApiClient, account: AccountRef): Promise<Campaign[]> {
  return allPages<Campaign>(
    client,
    campaignsRequest(account, [
      ['count', '1000'],
      ['with_draft', 'true'],
    ]),
  );
}

/** The line items, targeting and promoted posts under `campaigns`. */
export async function readChildren(client: ApiClient, account: AccountRef, campaigns: readonly Campaign[]): Promise<CurrentCampaign[]> {
  const lineItems: LineItem[] = [];
  for (const ids of chunks(
    campaigns.map((c) => c.id),
    IDS_PER_LIST,
  ))
    lineItems.push(
      ...(await allPages<LineItem>(
        client,
        lineItemsListRequest(account, [
          ['campaign_ids', ids.join(',')],
          ['count', '1000'],
          ['with_draft', 'true'],
        ]),
      )),
    );
  const targeting: TargetingCriterion[] = [];
  const posts: PromotedPost[] = [];
  for (const ids of chunks(
    lineItems.map((l) => l.id),
    IDS_PER_LIST,
  )) {
    const query: Array<[string, string]> = [
      ['line_item_ids', ids.join(',')],
      ['count', '1000'],
    ];
    targeting.push(...(await allPages<TargetingCriterion>(client, targetingListRequest(account, query))));
    const promoted = await allPages<Record<string, unknown>>(client, promotedListRequest(account, client.names, query));
    for (const p of promoted) {
      // The official reply names the post tweet_id; the neutral one post_id.
      const postId = p.post_id ?? p.tweet_id;
      if (typeof p.id === 'string' && (typeof postId === 'string' || typeof postId === 'number' || typeof postId === 'bigint'))
        posts.push({ id: p.id, line_item_id: String(p.line_item_id), post_id: String(postId) });
    }
  }
  return campaigns.map((entity) => ({
    entity,
    lineItems: lineItems
      .filter((l) => l.campaign_id === entity.id)
      .map((li) => ({
        entity: li,
        targeting: targeting.filter((t) => t.line_item_id === li.id),
        posts: posts.filter((p) => p.line_item_id === li.id),
      })),
  }));
}
