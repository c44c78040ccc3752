// Category endpoints (ads-api.md "Accounts", "Line item curated categories"):
// advertiser business categories, curated categories, and the links between
// line items and curated categories.
import type { ApiClient, ApiName, ApiResponse, RequestOptions } from '../http/client.js';
import { ADS_VERSION, accountPath } from './common.js';
import type { AccountRef, AdsEnvelope, BusinessCategory, CuratedCategory, LineItemCuratedCategory } from './types.js';
import { idSegment, joinPath } from '../http/path.js';
import { accountResource } from './resource.js';

export const LICC_PAGE = { min: 1, max: 1000, def: 200 } as const;
export const LICC_SORT_FIELDS = ['id', 'line_item_id', 'curated_category_id', 'created_at', 'updated_at'] as const;

export async function businessCategories(client: ApiClient, api: ApiName): Promise<ApiResponse<AdsEnvelope<BusinessCategory[]>>> {
  return client.request({ api, method: 'GET', path: joinPath(ADS_VERSION, 'advertiser_business_categories') });
}

export async function curatedCategories(
  client: ApiClient,
  account: AccountRef,
  countryCodes: string[],
): Promise<ApiResponse<AdsEnvelope<CuratedCategory[]>>> {
  return client.request({
    api: account.api,
    method: 'GET',
    path: accountPath(account, 'curated_categories'),
    query: countryCodes.length ? { country_codes: countryCodes.join(',') } : undefined,
  });
}

export async function curatedCategory(
  client: ApiClient,
  account: AccountRef,
  id: string,
): Promise<ApiResponse<AdsEnvelope<CuratedCategory>>> {
  return client.request({
    api: account.api,
    method: 'GET',
    path: accountPath(account, 'curated_categories', idSegment(id, 'ads', 'curated_category_id')),
  });
}

const licc = accountResource<LineItemCuratedCategory>(['line_item_curated_categories'], {
  kind: 'ads',
  field: 'line_item_curated_category_id',
});

export const lineItemCategoriesRequest = (account: AccountRef, query: Array<[string, string]>): RequestOptions =>
  licc.listRequest(account, query);

export const getLineItemCategory = (client: ApiClient, account: AccountRef, id: string, opts: { withDeleted?: boolean } = {}) =>
  licc.get(client, account, id, opts.withDeleted);

/** Not retried on 5xx: a repeat could create a second link. */
export const createLineItemCategory = (
  client: ApiClient,
  account: AccountRef,
  params: { line_item_id: string; curated_category_id: string },
) => licc.create(client, account, params);

export const updateLineItemCategory = (
  client: ApiClient,
  account: AccountRef,
  id: string,
  params: { line_item_id?: string; curated_category_id?: string },
) => licc.update(client, account, id, params);

export const deleteLineItemCategory = licc.delete;
