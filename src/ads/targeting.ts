// Targeting criteria, the discovery endpoints and targeting suggestions
// (campaign-management reference, https://docs.x.com/x-ads-api/campaign-management/reference).
import type { ApiClient, ApiResponse, RequestOptions } from '../http/client.js';
import { idSegment, joinPath } from '../http/path.js';
import { accountPath, ADS_VERSION } from './common.js';
import type { AccountRef, AdsEnvelope } from './types.js';

export interface TargetingCriterion {
  id: string;
  line_item_id?: string;
  targeting_type?: string;
  targeting_value?: string;
  operator_type?: string;
  name?: string;
  deleted?: boolean;
  [field: string]: unknown;
}

type Query = Array<[string, string]>;

export function targetingListRequest(account: AccountRef, query: Query): RequestOptions {
  return { api: account.api, method: 'GET', path: accountPath(account, 'targeting_criteria'), query };
}

export function addCriterionRequest(account: AccountRef, params: Record<string, string>): RequestOptions {
  return { api: account.api, method: 'POST', path: accountPath(account, 'targeting_criteria'), query: Object.entries(params) };
}

/** GET …/targeting_criteria/:id; `lang` names the criterion in that language. */
export function getCriterion(
  client: ApiClient,
  account: AccountRef,
  id: string,
  opts: { lang?: string; withDeleted?: boolean } = {},
): Promise<ApiResponse<AdsEnvelope<TargetingCriterion>>> {
  const query: Query = [];
  if (opts.lang) query.push(['lang', opts.lang]);
  if (opts.withDeleted) query.push(['with_deleted', 'true']);
  return client.request({
    api: account.api,
    method: 'GET',
    path: accountPath(account, 'targeting_criteria', idSegment(id, 'ads', 'targeting_criterion_id')),
    query,
  });
}

export function deleteCriterion(client: ApiClient, account: AccountRef, id: string): Promise<ApiResponse<AdsEnvelope<TargetingCriterion>>> {
  return client.request({
    api: account.api,
    method: 'DELETE',
    path: accountPath(account, 'targeting_criteria', idSegment(id, 'ads', 'targeting_criterion_id')),
  });
}

/** GET targeting_criteria/<kind> (not about an account). */
export function discoveryRequest(account: AccountRef, kind: string, query: Query): RequestOptions {
  return { api: account.api, method: 'GET', path: joinPath(ADS_VERSION, 'targeting_criteria', kind), query };
}

export function suggestionsRequest(account: AccountRef, query: Query): RequestOptions {
  return { api: account.api, method: 'GET', path: accountPath(account, 'targeting_suggestions'), query };
}
