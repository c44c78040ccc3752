// The webhook and subscription lifecycle (openapi v2.159): webhooks
// (POST/GET /2/webhooks, DELETE /2/webhooks/{webhook_id}), activity
// subscriptions (GET /2/activity/subscriptions, PUT/DELETE
// /2/activity/subscriptions/{subscription_id}) and the account activity
// subscriptions of a webhook (/2/account_activity/…). Every id in a path is
// checked first (exit 6 naming it); a state change can be shown without
// sending (`plan`), so the verbs' --dry-run prints exactly what would go out.
import type { ApiClient, AuthMode, RequestOptions } from '../http/client.js';
import { idSegment, joinPath } from '../http/path.js';
import { Problems, maxLength } from '../validate/rules.js';

/** A request as the dry runs print it. */
export interface Planned {
  method: string;
  path: string;
  body?: Record<string, unknown>;
}

const wh = (id: string) => idSegment(id, 'numeric', 'webhook_id');
const sub = (id: string) => idSegment(id, 'numeric', 'subscription_id');

/** The webhook URL rules of POST /2/webhooks: 1 to 200 characters (schema), https (the CRC check needs TLS). */
export function checkWebhookUrl(url: string): void {
  const p = new Problems();
  p.check('url', url, [maxLength(200)]);
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    p.add('url', `not an absolute URL (got ${JSON.stringify(url.slice(0, 80))})`);
  }
  if (parsed && parsed.protocol !== 'https:') p.add('url', 'must be an https:// URL (the service sends the CRC check and events over TLS)');
  p.throwIfAny('invalid webhook url');
}

export const plans = {
  createWebhook: (url: string): Planned => ({ method: 'POST', path: '/2/webhooks', body: { url } }),
  deleteWebhook: (id: string): Planned => ({ method: 'DELETE', path: joinPath('2', 'webhooks', wh(id)) }),
  updateSubscription: (id: string, body: { tag?: string; webhook_id?: string }): Planned => ({
    method: 'PUT',
    path: joinPath('2', 'activity', 'subscriptions', sub(id)),
    body,
  }),
  deleteSubscription: (id: string): Planned => ({ method: 'DELETE', path: joinPath('2', 'activity', 'subscriptions', sub(id)) }),
  subscribeUser: (webhookId: string): Planned => ({
    method: 'POST',
    path: joinPath('2', 'account_activity', 'webhooks', wh(webhookId), 'subscriptions', 'all'),
    body: {},
  }),
  unsubscribeUser: (webhookId: string, userId: string): Planned => ({
    method: 'DELETE',
    path: joinPath('2', 'account_activity', 'webhooks', wh(webhookId), 'subscriptions', idSegment(userId, 'numeric', 'user_id'), 'all'),
  }),
};

export const reads = {
  webhooks: (): RequestOptions => ({ method: 'GET', path: '/2/webhooks' }),
  subscriptions: (): RequestOptions => ({ method: 'GET', path: '/2/activity/subscriptions' }),
  subscribedUsers: (webhookId: string): RequestOptions => ({
    method: 'GET',
    path: joinPath('2', 'account_activity', 'webhooks', wh(webhookId), 'subscriptions', 'all', 'list'),
  }),
  count: (): RequestOptions => ({ method: 'GET', path: '/2/account_activity/subscriptions/count' }),
};

/** Sends a planned request. Only DELETE and PUT are idempotent; the client decides retries from the method. */
export async function send<T = Record<string, unknown>>(client: ApiClient, p: Planned, auth?: AuthMode): Promise<T> {
  const res = await client.request<T>({ method: p.method, path: p.path, ...(p.body ? { json: p.body } : {}), ...(auth ? { auth } : {}) });
  return (res.body ?? {}) as T;
}

/** The app's webhook registered for this URL, if any (GET /2/webhooks, app auth). */
export async function findWebhook(client: ApiClient, url: string): Promise<Record<string, unknown> | undefined> {
  const res = await client.request<{ data?: Array<Record<string, unknown>> }>({ ...reads.webhooks(), auth: 'app' });
  return (res.body?.data ?? []).find((w) => w.url === url);
}
