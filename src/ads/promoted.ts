// Promoted posts and promotable users (campaign-management reference:
// accounts/:account_id/promoted_tweets — `promoted_posts` in the spec's neutral
// spelling, through the name table — and accounts/:account_id/promotable_users).
import type { ApiClient, ApiResponse, RequestOptions } from '../http/client.js';
import { idSegment } from '../http/path.js';
import { wire, type NameStyle } from '../wire/names.js';
import { accountPath } from './common.js';
import type { AccountRef, AdsEnvelope } from './types.js';

/** "Up to 50 IDs may be provided" (tweet_ids of POST promoted_tweets). */
export const MAX_POSTS_PER_CREATE = 50;

type Query = Array<[string, string]>;
const collection = (style: NameStyle) => wire('path.ads.promoted_posts', style);

export function promotedListRequest(account: AccountRef, style: NameStyle, query: Query): RequestOptions {
  return { api: account.api, method: 'GET', path: accountPath(account, collection(style)), query };
}

/** POST …/promoted_tweets?line_item_id=…&tweet_ids=a,b: one object per post. */
export function promotePostsRequest(account: AccountRef, style: NameStyle, lineItem: string, posts: readonly string[]): RequestOptions {
  return {
    api: account.api,
    method: 'POST',
    path: accountPath(account, collection(style)),
    query: [
      ['line_item_id', lineItem],
      [wire('param.post_ids', style), posts.join(',')],
    ],
  };
}

export function deletePromotedPost(
  client: ApiClient,
  account: AccountRef,
  id: string,
): Promise<ApiResponse<AdsEnvelope<Record<string, unknown>>>> {
  return client.request({
    api: account.api,
    method: 'DELETE',
    path: accountPath(account, collection(client.names), idSegment(id, 'ads', 'promoted_post_id')),
  });
}

export function promotableUsersRequest(account: AccountRef, query: Query): RequestOptions {
  return { api: account.api, method: 'GET', path: accountPath(account, 'promotable_users'), query };
}

type One = Promise<ApiResponse<AdsEnvelope<Record<string, unknown>>>>;

/** GET …/promoted_tweets/:id (with_deleted finds one whose line item is deleted). */
export function getPromotedPost(client: ApiClient, account: AccountRef, id: string, withDeleted = false): One {
  return client.request({
    api: account.api,
    method: 'GET',
    path: accountPath(account, collection(client.names), idSegment(id, 'ads', 'promoted_post_id')),
    query: withDeleted ? { with_deleted: 'true' } : undefined,
  });
}

/** GET …/promotable_users/:id. */
export function getPromotableUser(client: ApiClient, account: AccountRef, id: string, withDeleted = false): One {
  return client.request({
    api: account.api,
    method: 'GET',
    path: accountPath(account, 'promotable_users', idSegment(id, 'ads', 'promotable_user_id')),
    query: withDeleted ? { with_deleted: 'true' } : undefined,
  });
}
