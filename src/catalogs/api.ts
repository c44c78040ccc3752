// Typed endpoint functions for product catalogs (ads-api.md "Product catalogs").
// Catalog paths are {ads_url}/12/product_catalogs/… — not under an ad account.
import { ADS_VERSION } from '../ads/common.js';
import { idSegment, joinPath, type IdSegment } from '../http/path.js';
import type { ApiClient, ApiName, ApiResponse } from '../http/client.js';
import type { Product } from '../validate/product.js';
import type { AdsEnvelope } from '../ads/types.js';

export const UPSERT_BATCH = 25;
export const PRODUCTS_PAGE = { min: 1, max: 100, def: 100 } as const;
export const PRODUCT_STATUSES = ['CREATE_SUCCESS', 'UPDATE_SUCCESS', 'NO_CHANGE', 'ERROR'] as const;
type ProductStatus = (typeof PRODUCT_STATUSES)[number];
const SET_TYPES = ['MANUAL', 'FILTERED'] as const;
export const FILTER_ATTRIBUTES = [
  'price',
  'product_type',
  'google_product_category',
  'sale_price',
  'inventory',
  'custom_label_0',
  'custom_label_1',
  'custom_label_2',
  'custom_label_3',
  'custom_label_4',
] as const;
export const FILTER_OPERATORS = ['GREATER_THAN', 'EQUAL_TO', 'LESS_THAN', 'MATCH', 'NOT_CONTAINS', 'CONTAINS'] as const;

export interface Catalog {
  id: string;
  name: string;
}

export interface ProductResponse {
  id: string;
  status: ProductStatus;
  product_key?: string | null;
  warnings?: unknown[];
  errors?: unknown[];
}

export interface DeleteProductResult {
  product_key?: string | null;
  failed_product_key?: string | null;
  message?: string | null;
}

export interface ProductFilter {
  attribute: string;
  operator: string;
  value: string;
}

export interface ProductSet {
  id: string;
  name: string;
  description?: string;
  type: string;
  product_ids?: string[];
  processing_status: string;
  filters?: ProductFilter[];
}

/** /12/product_catalogs[/:catalog_id[/<what>[/:product_set_id]]], every id checked (numeric catalog ids, ads-style set ids). */
export function catalogPath(catalogId?: string, what?: 'products' | 'product_sets', setId?: string): string {
  const segs: Array<string | IdSegment> = ['product_catalogs'];
  if (catalogId !== undefined) segs.push(idSegment(catalogId, 'numeric', 'catalog_id'));
  if (what) segs.push(what);
  if (setId !== undefined) segs.push(idSegment(setId, 'ads', 'product_set_id'));
  return joinPath(ADS_VERSION, ...segs);
}

export async function listCatalogs(client: ApiClient, api: ApiName, userId?: string): Promise<ApiResponse<AdsEnvelope<Catalog[]>>> {
  return client.request({ api, method: 'GET', path: catalogPath(), query: userId ? { user_id: userId } : undefined });
}

/** POST is not idempotent: a retried create after a lost response could make a second catalog, so no automatic retry on 5xx. */
export async function createCatalog(
  client: ApiClient,
  api: ApiName,
  name: string,
  userId?: string,
): Promise<ApiResponse<AdsEnvelope<Catalog>>> {
  return client.request({
    api,
    method: 'POST',
    path: catalogPath(),
    query: { name, ...(userId ? { user_id: userId } : {}) },
    idempotent: false,
  });
}

export async function renameCatalog(client: ApiClient, api: ApiName, id: string, name: string): Promise<ApiResponse<AdsEnvelope<Catalog>>> {
  return client.request({ api, method: 'PUT', path: catalogPath(id), query: { name } });
}

export async function deleteCatalog(client: ApiClient, api: ApiName, id: string): Promise<ApiResponse<AdsEnvelope<Catalog>>> {
  return client.request({ api, method: 'DELETE', path: catalogPath(id) });
}

/**
 * Upserts up to 25 products. PUT with a JSON body keyed by product id is
 * idempotent — unknown ids create, known ids update, an identical product is
 * NO_CHANGE — so the client may retry it safely on 5xx and network errors.
 */
export async function upsertProducts(
  client: ApiClient,
  api: ApiName,
  catalogId: string,
  products: Product[],
): Promise<ApiResponse<AdsEnvelope<{ products_response: ProductResponse[] }>>> {
  return client.request({ api, method: 'PUT', path: catalogPath(catalogId, 'products'), json: { products }, idempotent: true });
}

/** DELETE with a JSON body; deleting is permanent, and repeating it only reports the keys as already gone. */
export async function deleteProducts(
  client: ApiClient,
  api: ApiName,
  catalogId: string,
  productKeys: string[],
): Promise<ApiResponse<AdsEnvelope<{ delete_products: DeleteProductResult[] }>>> {
  return client.request({ api, method: 'DELETE', path: catalogPath(catalogId, 'products'), json: { product_keys: productKeys } });
}

export async function getProductSet(
  client: ApiClient,
  api: ApiName,
  catalogId: string,
  setId: string,
): Promise<ApiResponse<AdsEnvelope<ProductSet>>> {
  return client.request({ api, method: 'GET', path: catalogPath(catalogId, 'product_sets', setId) });
}

export interface NewProductSet {
  name: string;
  description?: string;
  type: (typeof SET_TYPES)[number];
  product_keys?: string[];
  filters?: ProductFilter[];
}

/** POST creates a new set each time: not retried on 5xx. */
export async function createProductSet(
  client: ApiClient,
  api: ApiName,
  catalogId: string,
  body: NewProductSet,
): Promise<ApiResponse<AdsEnvelope<ProductSet>>> {
  return client.request({ api, method: 'POST', path: catalogPath(catalogId, 'product_sets'), json: body, idempotent: false });
}
