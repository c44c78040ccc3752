// The webhook and subscription lifecycle, from openapi v2.159: register, list
// and delete webhooks (a receiver whose host contains "broken" fails the CRC
// check the service runs on registration); list, update and delete activity
// subscriptions (the same table `events subscribe` adds to and the activity
// stream reads); the account activity subscriptions of a webhook (the
// authenticated user subscribes; the app lists, counts and removes).
import { problem } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { activityFeed } from './platform-events.js';
import { isReply, page, type Obj } from './platform-paging.js';
import { invalid } from './platform-posting.js';
import { webhooks } from './platform-webhooks.js';

const NUMERIC = /^[0-9]{1,19}$/;
/** Provisioned account activity subscriptions of the emulated app. */
const PROVISIONED = 15;

const notFound = (what: string, id: string, parameter: string) =>
  problem(404, 'resource-not-found', 'Not Found Error', `Could not find ${what} with ${parameter}: [${id}].`, {
    parameter,
    value: id,
    resource_id: id,
    resource_type: what,
  });

function pathId(req: EmuRequest, key: string): string | EmuResponse {
  const id = req.params[key]!;
  return NUMERIC.test(id) ? id : invalid(`The \`${key}\` path parameter value [${id}] does not match ^[0-9]{1,19}$`, key, id);
}

/** webhook id → subscribed user ids. */
const accountActivity = (state: EmulatorState) => state.slice('platform-account-activity', () => new Map<string, string[]>());

const created = new WeakMap<object, string>();
function webhookOut(state: EmulatorState, h: { id: string; url: string; crcOk: boolean }): Obj {
  if (!created.has(h)) created.set(h, new Date(state.now()).toISOString());
  return { id: h.id, url: h.url, valid: h.crcOk, created_at: created.get(h) };
}

function createWebhook(req: EmuRequest, state: EmulatorState): EmuResponse {
  const body = req.json<Obj>() ?? {};
  const extra = Object.keys(body).find((k) => k !== 'url');
  if (extra) return invalid(`[${extra}] is not a valid field of the request body`, extra, String(body[extra]));
  const url = body.url;
  if (typeof url !== 'string' || url.length < 1 || url.length > 200)
    return invalid('`url` must be 1 to 200 characters', 'url', String(url));
  let host: string;
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:') return invalid('`url` must use https', 'url', url);
    host = u.hostname;
  } catch {
    return invalid('`url` is not a valid URL', 'url', url);
  }
  if (host.includes('broken'))
    return problem(
      400,
      'invalid-request',
      'Invalid Request',
      `Webhook URL ${url} does not meet the requirements. Invalid CRC token or json response format.`,
    );
  const all = webhooks(state);
  if ([...all.values()].some((h) => h.url === url))
    return invalid('DuplicateUrlFailed: the URL is already registered for this app', 'url', url);
  const hook = { id: state.nextId(), url, crcOk: true };
  all.set(hook.id, hook);
  return { status: 200, body: { data: webhookOut(state, hook) } };
}

function deleteWebhook(req: EmuRequest, state: EmulatorState): EmuResponse {
  const id = pathId(req, 'webhook_id');
  if (isReply(id)) return id;
  if (!webhooks(state).delete(id)) return notFound('webhook', id, 'webhook_id');
  accountActivity(state).delete(id);
  return { status: 200, body: { data: { deleted: true } } };
}

function subscriptionOf(req: EmuRequest, state: EmulatorState) {
  const id = pathId(req, 'subscription_id');
  if (isReply(id)) return id;
  const feed = activityFeed(state);
  const at = feed.subscriptions.findIndex((s) => s.subscription_id === id);
  return at < 0 ? notFound('subscription', id, 'subscription_id') : { feed, at };
}

function updateSubscription(req: EmuRequest, state: EmulatorState): EmuResponse {
  const found = subscriptionOf(req, state);
  if (isReply(found)) return found;
  const body = req.json<Obj>() ?? {};
  const extra = Object.keys(body).find((k) => k !== 'tag' && k !== 'webhook_id');
  if (extra) return invalid(`[${extra}] is not a valid field of the request body`, extra, String(body[extra]));
  if (body.tag !== undefined && (typeof body.tag !== 'string' || body.tag.length < 1 || body.tag.length > 200))
    return invalid('`tag` must be 1 to 200 characters', 'tag', String(body.tag));
  if (body.webhook_id !== undefined && !webhooks(state).has(String(body.webhook_id)))
    return invalid(`webhook [${String(body.webhook_id)}] is not registered for this app`, 'webhook_id', String(body.webhook_id));
  const sub = found.feed.subscriptions[found.at]!;
  if (typeof body.tag === 'string') sub.tag = body.tag;
  if (body.webhook_id !== undefined) sub.webhook_id = String(body.webhook_id);
  sub.updated_at = new Date(state.now()).toISOString();
  return { status: 200, body: { data: { subscription: sub } } };
}

function deleteSubscription(req: EmuRequest, state: EmulatorState): EmuResponse {
  const found = subscriptionOf(req, state);
  if (isReply(found)) return found;
  found.feed.subscriptions.splice(found.at, 1);
  return { status: 200, body: { data: { deleted: true }, meta: { total_subscriptions: found.feed.subscriptions.length } } };
}

function knownWebhook(req: EmuRequest, state: EmulatorState): string | EmuResponse {
  const id = pathId(req, 'webhook_id');
  if (isReply(id)) return id;
  return webhooks(state).has(id) ? id : notFound('webhook', id, 'webhook_id');
}

function subscribeUser(req: EmuRequest, state: EmulatorState): EmuResponse {
  const id = knownWebhook(req, state);
  if (isReply(id)) return id;
  const users = accountActivity(state).get(id) ?? [];
  const total = [...accountActivity(state).values()].reduce((n, l) => n + l.length, 0);
  if (!users.includes(req.auth!.userId!)) {
    if (total >= PROVISIONED)
      return problem(403, 'about:blank', 'Forbidden', 'SubscriptionLimitReached: no provisioned subscriptions left');
    users.push(req.auth!.userId!);
  }
  accountActivity(state).set(id, users);
  return { status: 200, body: { data: { subscribed: true } } };
}

export function register(r: Router, _state: EmulatorState): void {
  const route = (
    method: string,
    path: string,
    auth: 'app' | 'user' | 'user-or-app',
    handler: (q: EmuRequest, s: EmulatorState) => EmuResponse,
  ) => r.route({ method, path, api: 'platform', auth, handler });
  route('POST', '/2/webhooks', 'user-or-app', createWebhook);
  route('GET', '/2/webhooks', 'app', (_req, state) => {
    const data = [...webhooks(state).values()].map((h) => webhookOut(state, h));
    return { status: 200, body: { ...(data.length ? { data } : {}), meta: { result_count: data.length } } };
  });
  route('DELETE', '/2/webhooks/:webhook_id', 'user-or-app', deleteWebhook);
  route('GET', '/2/activity/subscriptions', 'app', (req, state) => {
    const p = page(activityFeed(state).subscriptions, req.query, [1, 100], 100);
    return isReply(p) ? p : { status: 200, body: { ...(p.data.length ? { data: p.data } : {}), meta: p.meta } };
  });
  route('PUT', '/2/activity/subscriptions/:subscription_id', 'app', updateSubscription);
  route('DELETE', '/2/activity/subscriptions/:subscription_id', 'app', deleteSubscription);
  const aa = '/2/account_activity/webhooks/:webhook_id/subscriptions';
  route('POST', `${aa}/all`, 'user', subscribeUser);
  route('GET', `${aa}/all`, 'user', (req, state) => {
    const id = knownWebhook(req, state);
    if (isReply(id)) return id;
    return { status: 200, body: { data: { subscribed: (accountActivity(state).get(id) ?? []).includes(req.auth!.userId!) } } };
  });
  route('GET', `${aa}/all/list`, 'app', (req, state) => {
    const id = knownWebhook(req, state);
    if (isReply(id)) return id;
    const subscriptions = (accountActivity(state).get(id) ?? []).map((user_id) => ({ user_id }));
    const url = webhooks(state).get(id)!.url;
    return { status: 200, body: { data: { application_id: 'emu-app', webhook_id: id, webhook_url: url, subscriptions } } };
  });
  route('DELETE', `${aa}/:user_id/all`, 'app', (req, state) => {
    const id = knownWebhook(req, state);
    if (isReply(id)) return id;
    const user = pathId(req, 'user_id');
    if (isReply(user)) return user;
    const list = accountActivity(state).get(id) ?? [];
    if (!list.includes(user)) return notFound('subscription', user, 'user_id');
    list.splice(list.indexOf(user), 1);
    return { status: 200, body: { data: { subscribed: false } } };
  });
  route('GET', '/2/account_activity/subscriptions/count', 'app', (_req, state) => {
    const all = [...accountActivity(state).values()].reduce((n, l) => n + l.length, 0);
    return {
      status: 200,
      body: {
        data: {
          account_name: 'emu-app',
          provisioned_count: String(PROVISIONED),
          subscriptions_count_all: String(all),
          subscriptions_count_direct_messages: '0',
        },
      },
    };
  });
}
