// Line item endpoints (ads-api.md "Line items"): fetch one, update with only
// the parameters given (query parameters, never the whole object), delete.
import type { ApiClient, ApiResponse, RequestOptions } from '../http/client.js';
import { accountPath } from './common.js';
import { idSegment } from '../http/path.js';
import type { AccountRef, AdsEnvelope, LineItem } from './types.js';

function lineItemPath(account: AccountRef, id: string): string {
  return accountPath(account, 'line_items', idSegment(id, 'ads', 'line_item_id'));
}

/** GET …/line_items: one page request (printAdsList follows next_cursor). */
export function lineItemsListRequest(account: AccountRef, query: Array<[string, string]>): RequestOptions {
  return {
    api: account.api,
    method: 'GET',
    path: accountPath(account, 'line_items'),
    query,
  };
}

export async function getLineItem(
  client: ApiClient,
  account: AccountRef,
  id: string,
  opts: { withDeleted?: boolean } = {},
): Promise<ApiResponse<AdsEnvelope<LineItem>>> {
  return client.request({
    api: account.api,
    method: 'GET',
    path: lineItemPath(account, id),
    query: opts.withDeleted ? { with_deleted: 'true' } : undefined,
  });
}

/** The request an update sends: PUT with the given parameters as query parameters. */
export function updateLineItemRequest(account: AccountRef, id: string, params: Record<string, string>): RequestOptions {
  return { api: account.api, method: 'PUT', path: lineItemPath(account, id), query: Object.entries(params) };
}

/** Irreversible; a repeat answers 404. Promoted posts under it are not deleted. */
export async function deleteLineItem(client: ApiClient, account: AccountRef, id: string): Promise<ApiResponse<AdsEnvelope<LineItem>>> {
  return client.request({ api: account.api, method: 'DELETE', path: lineItemPath(account, id) });
}
