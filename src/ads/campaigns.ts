// Funding instruments, campaigns and line item creation (campaign-management
// reference, https://docs.x.com/x-ads-api/campaign-management/reference):
// request builders and endpoint functions. Parameters go as query parameters,
// as the reference's examples send them; only the parameters given are sent.
import type { ApiClient, ApiResponse, RequestOptions } from '../http/client.js';
import { idSegment } from '../http/path.js';
import { accountPath } from './common.js';
import type { AccountRef, AdsEnvelope } from './types.js';

export interface FundingInstrument {
  id: string;
  type?: string;
  description?: string;
  currency?: string;
  entity_status?: string;
  start_time?: string | null;
  end_time?: string | null;
  credit_limit_local_micro?: number | null;
  credit_remaining_local_micro?: number | null;
  funded_amount_local_micro?: number | null;
  able_to_fund?: boolean;
  deleted?: boolean;
  [field: string]: unknown;
}

export interface Campaign {
  id: string;
  name?: string;
  funding_instrument_id?: string;
  entity_status?: string;
  budget_optimization?: string;
  daily_budget_amount_local_micro?: number | null;
  total_budget_amount_local_micro?: number | null;
  purchase_order_number?: string | null;
  currency?: string;
  deleted?: boolean;
  [field: string]: unknown;
}

type Query = Array<[string, string]>;

export function fundingInstrumentsRequest(account: AccountRef, query: Query): RequestOptions {
  return { api: account.api, method: 'GET', path: accountPath(account, 'funding_instruments'), query };
}

export function getFundingInstrument(
  client: ApiClient,
  account: AccountRef,
  id: string,
  withDeleted = false,
): Promise<ApiResponse<AdsEnvelope<FundingInstrument>>> {
  return client.request({
    api: account.api,
    method: 'GET',
    path: accountPath(account, 'funding_instruments', idSegment(id, 'ads', 'funding_instrument_id')),
    query: withDeleted ? { with_deleted: 'true' } : undefined,
  });
}

const campaignPath = (account: AccountRef, id: string) => accountPath(account, 'campaigns', idSegment(id, 'ads', 'campaign_id'));

export function campaignsRequest(account: AccountRef, query: Query): RequestOptions {
  return { api: account.api, method: 'GET', path: accountPath(account, 'campaigns'), query };
}

export function getCampaign(
  client: ApiClient,
  account: AccountRef,
  id: string,
  withDeleted = false,
): Promise<ApiResponse<AdsEnvelope<Campaign>>> {
  return client.request({
    api: account.api,
    method: 'GET',
    path: campaignPath(account, id),
    query: withDeleted ? { with_deleted: 'true' } : undefined,
  });
}

export function createCampaignRequest(account: AccountRef, params: Record<string, string>): RequestOptions {
  return { api: account.api, method: 'POST', path: accountPath(account, 'campaigns'), query: Object.entries(params) };
}

export function updateCampaignRequest(account: AccountRef, id: string, params: Record<string, string>): RequestOptions {
  return { api: account.api, method: 'PUT', path: campaignPath(account, id), query: Object.entries(params) };
}

/** Irreversible; a repeat answers 404. */
export function deleteCampaign(client: ApiClient, account: AccountRef, id: string): Promise<ApiResponse<AdsEnvelope<Campaign>>> {
  return client.request({ api: account.api, method: 'DELETE', path: campaignPath(account, id) });
}

export function createLineItemRequest(account: AccountRef, params: Record<string, string>): RequestOptions {
  return { api: account.api, method: 'POST', path: accountPath(account, 'line_items'), query: Object.entries(params) };
}
