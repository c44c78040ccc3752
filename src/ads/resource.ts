// One kind of entity under an ad account (`/12/accounts/{account_id}/<segments>`
// and `…/<segments>/{id}`), for the endpoints that differ only in their path,
// id kind and entity type: list request, get, create, update, delete. A
// create (POST) is never retried on 5xx (a lost answer could mean a duplicate);
// get, update (PUT replaces the fields given) and delete may be.
import type { ApiClient, ApiResponse, RequestOptions } from '../http/client.js';
import { idSegment, type IdKind } from '../http/path.js';
import { accountPath } from './common.js';
import type { AccountRef, AdsEnvelope } from './types.js';

type Reply<T> = Promise<ApiResponse<AdsEnvelope<T>>>;
/** Query parameters, as the client takes them (pairs or an object). */
type Query = RequestOptions['query'];

export function accountResource<T>(segments: readonly string[], id: { kind: IdKind; field: string }) {
  const at = (account: AccountRef, key: string) => accountPath(account, ...segments, idSegment(key, id.kind, id.field));
  return {
    listRequest: (account: AccountRef, query: Query): RequestOptions => ({
      api: account.api,
      method: 'GET',
      path: accountPath(account, ...segments),
      query,
    }),
    get: (client: ApiClient, account: AccountRef, key: string, withDeleted = false): Reply<T> =>
      client.request({
        api: account.api,
        method: 'GET',
        path: at(account, key),
        query: withDeleted ? { with_deleted: 'true' } : undefined,
      }),
    create: (client: ApiClient, account: AccountRef, params: Query): Reply<T> =>
      client.request({ api: account.api, method: 'POST', path: accountPath(account, ...segments), query: params, idempotent: false }),
    update: (client: ApiClient, account: AccountRef, key: string, params: Query): Reply<T> =>
      client.request({ api: account.api, method: 'PUT', path: at(account, key), query: params }),
    delete: (client: ApiClient, account: AccountRef, key: string): Reply<T> =>
      client.request({ api: account.api, method: 'DELETE', path: at(account, key) }),
  };
}
