// Sandbox-only funding instruments (campaign-management reference, "SANDBOX
// ONLY"): create and delete on the sandbox address. The commands refuse unless
// the account reference names the sandbox api, so no such request can reach production.
import type { RequestOptions } from '../http/client.js';
import { accountPath } from './common.js';
import { accountResource } from './resource.js';
import type { AccountRef } from './types.js';

/** DELETE …/funding_instruments/:funding_instrument_id (its `delete`). */
export const sandboxFunding = accountResource<Record<string, unknown>>(['funding_instruments'], {
  kind: 'ads',
  field: 'funding_instrument_id',
});

/** POST …/funding_instruments?currency=…&start_time=…&type=…: never retried (a lost answer could mean a duplicate). */
export function createFundingInstrumentRequest(account: AccountRef, params: Record<string, string>): RequestOptions {
  return {
    api: account.api,
    method: 'POST',
    path: accountPath(account, 'funding_instruments'),
    query: Object.entries(params),
    idempotent: false,
  };
}
