// Account endpoints (ads-api.md "Accounts"): accounts, sandbox account create
// and delete (sandbox address only), apps, history, features, audience estimate.
import type { ApiClient, ApiName, ApiResponse, RequestOptions } from '../http/client.js';
import { ADS_VERSION, accountPath } from './common.js';
import type { Account, AccountRef, AdsEnvelope } from './types.js';
import { joinPath } from '../http/path.js';

export const ACCOUNTS_PAGE = { min: 1, max: 1000, def: 200 } as const;
export const APPS_PAGE = { min: 1, max: 1000, def: 200 } as const;
export const HISTORY_PAGE = { min: 1, max: 1000, def: 200 } as const;

export const ACCOUNT_SORT_FIELDS = ['id', 'name', 'created_at', 'updated_at'] as const;
export const APP_SORT_FIELDS = ['id', 'app_store_identifier', 'os_type', 'created_at', 'updated_at'] as const;

export function listAccountsRequest(api: ApiName, query: Array<[string, string]>): RequestOptions {
  return { api, method: 'GET', path: joinPath(ADS_VERSION, 'accounts'), query };
}

export async function getAccount(
  client: ApiClient,
  account: AccountRef,
  opts: { withDeleted?: boolean } = {},
): Promise<ApiResponse<AdsEnvelope<Account>>> {
  return client.request({
    api: account.api,
    method: 'GET',
    path: accountPath(account),
    query: opts.withDeleted ? { with_deleted: 'true' } : undefined,
  });
}

export async function updateAccount(
  client: ApiClient,
  account: AccountRef,
  params: { name?: string; industry_type?: string },
): Promise<ApiResponse<AdsEnvelope<Account>>> {
  return client.request({
    api: account.api,
    method: 'PUT',
    path: accountPath(account),
    query: params,
  });
}

/** Sandbox only: creates a sandbox ad account. Not retried: a repeat would create a second one. */
export async function createSandboxAccount(client: ApiClient): Promise<ApiResponse<AdsEnvelope<Account>>> {
  return client.request({ api: 'ads-sandbox', method: 'POST', path: joinPath(ADS_VERSION, 'accounts') });
}

/** Sandbox only: sent to the sandbox address whatever `account.api` says. */
export async function deleteSandboxAccount(client: ApiClient, account: AccountRef): Promise<ApiResponse<AdsEnvelope<Account>>> {
  return client.request({
    api: 'ads-sandbox',
    method: 'DELETE',
    path: accountPath(account),
  });
}

export function appsRequest(account: AccountRef, query: Array<[string, string]>): RequestOptions {
  return {
    api: account.api,
    method: 'GET',
    path: accountPath(account, 'account_apps'),
    query,
  };
}

export function historyRequest(account: AccountRef, query: Array<[string, string]>): RequestOptions {
  return {
    api: account.api,
    method: 'GET',
    path: accountPath(account, 'account_history'),
    query,
  };
}

export async function getFeatures(client: ApiClient, account: AccountRef, keys: string[]): Promise<ApiResponse<AdsEnvelope<string[]>>> {
  return client.request({
    api: account.api,
    method: 'GET',
    path: accountPath(account, 'features'),
    query: keys.length ? { feature_keys: keys.join(',') } : undefined,
  });
}

/** Sandbox only (sent to the sandbox address). Adding a feature twice changes nothing, so the POST is safe to retry. */
export async function addSandboxFeatures(
  client: ApiClient,
  account: AccountRef,
  keys: string[],
): Promise<ApiResponse<AdsEnvelope<unknown>>> {
  return client.request({
    api: 'ads-sandbox',
    method: 'POST',
    path: accountPath(account, 'features'),
    query: { feature_keys: keys.join(',') },
    idempotent: true,
  });
}

/**
 * An estimate creates nothing, so the POST is safe to retry. The body is
 * {"targeting_criteria": [...]}, as the reference's example and the official
 * SDK send it (campaign-management reference, POST accounts/:account_id/audience_estimate).
 */
export async function audienceEstimate(
  client: ApiClient,
  account: AccountRef,
  criteria: unknown[],
): Promise<ApiResponse<AdsEnvelope<unknown>>> {
  return client.request({
    api: account.api,
    method: 'POST',
    path: accountPath(account, 'audience_estimate'),
    json: { targeting_criteria: criteria },
    idempotent: true,
  });
}
