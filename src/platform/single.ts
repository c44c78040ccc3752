// Requests for one object or one switch (openapi v2.159): a user by id or by
// username (GET /2/users/{id}, GET /2/users/by/username/{username}), media by
// key (GET /2/media/{media_key}, several: GET /2/media?media_keys=), hiding a
// reply (PUT /2/tweets/{tweet_id}/hidden), the filtered stream's webhook links
// (GET /2/tweets/search/webhooks, POST/DELETE …/{webhook_id}) and a user's
// account activity subscription check (GET …/webhooks/{id}/subscriptions/all).
import { InputError } from '../errors/cli-error.js';
import type { RequestOptions } from '../http/client.js';
import type { Params } from '../http/encode.js';
import { idSegment, joinPath } from '../http/path.js';
import { wire, type NameStyle } from '../wire/names.js';
import type { UserRef } from './refs.js';

/** At most 100 media keys per GET /2/media (MediaKeys, openapi v2.159). */
const MEDIA_KEYS_MAX = 100;

export function oneUserRequest(ref: UserRef, query: Params): { endpoint: string; req: RequestOptions } {
  if (ref.id !== undefined)
    return {
      endpoint: 'GET /2/users/{id}',
      req: { method: 'GET', path: joinPath('2', 'users', idSegment(ref.id, 'numeric', 'user id')), query },
    };
  return {
    endpoint: 'GET /2/users/by/username/{username}',
    req: { method: 'GET', path: joinPath('2', 'users', 'by', 'username', idSegment(ref.username, 'token', 'username')), query },
  };
}

export function mediaRequest(keys: readonly string[], query: Params): { endpoint: string; req: RequestOptions } {
  if (!keys.length || keys.length > MEDIA_KEYS_MAX)
    throw new InputError(`give 1 to ${MEDIA_KEYS_MAX} media keys (got ${keys.length})`, [
      { field: 'media_keys', message: `1 to ${MEDIA_KEYS_MAX} media keys` },
    ]);
  const segs = keys.map((k) => idSegment(k, 'media_key', 'media key'));
  if (segs.length === 1)
    return { endpoint: 'GET /2/media/{media_key}', req: { method: 'GET', path: joinPath('2', 'media', segs[0]!), query } };
  return { endpoint: 'GET /2/media', req: { method: 'GET', path: '/2/media', query: [['media_keys', keys.join(',')], ...query] } };
}

export function hideReplyRequest(postId: string, hidden: boolean, style: NameStyle): RequestOptions {
  return {
    method: 'PUT',
    path: joinPath('2', wire('path.posts', style), idSegment(postId, 'numeric', 'post id'), 'hidden'),
    json: { hidden },
  };
}

const webhook = (id: string) => idSegment(id, 'numeric', 'webhook_id');

export const streamLinks = {
  list: (): RequestOptions => ({ method: 'GET', path: '/2/tweets/search/webhooks' }),
  add: (id: string): RequestOptions => ({ method: 'POST', path: joinPath('2', 'tweets', 'search', 'webhooks', webhook(id)) }),
  remove: (id: string): RequestOptions => ({ method: 'DELETE', path: joinPath('2', 'tweets', 'search', 'webhooks', webhook(id)) }),
};

export function subscriptionCheckRequest(webhookId: string): RequestOptions {
  return { method: 'GET', path: joinPath('2', 'account_activity', 'webhooks', webhook(webhookId), 'subscriptions', 'all') };
}
