// Sandbox-only funding instruments (campaign-management reference, "SANDBOX
// ONLY"): create and delete on the sandbox address. The command refuses unless
// the account reference names the sandbox api, so no such request can reach production.
import type { ApiClient, ApiResponse, RequestOptions } from '../http/client.js';
import { idSegment } from '../http/path.js';
import { accountPath } from './common.js';
import type { AccountRef, AdsEnvelope } from './types.js';

export function createFundingInstrumentRequest(account: AccountRef, params: Record<string, string>): RequestOptions {
  return {
    api: account.api,
    method: 'POST',
    path: accountPath(account, 'funding_instruments'),
    query: Object.entries(params),
    idempotent: false,
  };
}

export function deleteFundingInstrument(
  client: ApiClient,
  account: AccountRef,
  id: string,
): Promise<ApiResponse<AdsEnvelope<Record<string, unknown>>>> {
  return client.request({
    api: account.api,
    method: 'DELETE',
    path: accountPath(account, 'funding_instruments', idSegment(id, 'ads', 'funding_instrument_id')),
  });
}
