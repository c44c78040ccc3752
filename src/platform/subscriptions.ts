// Activity subscriptions (POST /2/activity/subscriptions). The spec names the
// endpoint and its filters but not the payload ("not shown"); this follows
// the real API: one event_type per subscription, a `filter` object with
// user_id / keyword (and direction), optional tag and webhook_id, answered
// with {data: {subscription, total_subscriptions_for_instance_id}, meta}.
import type { Problem } from '../errors/api-error.js';
import type { ApiClient } from '../http/client.js';

interface SubscriptionFilter {
  user_id?: string;
  keyword?: string;
  /** Wire spelling of the direction (src/wire/names.ts `enum.direction.*`). */
  direction?: string;
}

export interface SubscriptionRequest {
  event_type: string;
  filter: SubscriptionFilter;
  tag?: string;
  webhook_id?: string;
}

export interface Subscription extends SubscriptionRequest {
  subscription_id: string;
  created_at?: string;
  updated_at?: string;
}

export interface SubscriptionResponse {
  data?: { subscription?: Subscription; total_subscriptions_for_instance_id?: number };
  meta?: { total_subscriptions?: number };
  errors?: Problem[];
}

export async function createSubscription(client: ApiClient, body: SubscriptionRequest): Promise<SubscriptionResponse> {
  // Not retried on server errors: a second POST could create a duplicate.
  // No auth named: the verb chose it from the endpoint table (app by default; user context for private events).
  const res = await client.request<SubscriptionResponse>({ method: 'POST', path: '/2/activity/subscriptions', json: body });
  return (res.body ?? {}) as SubscriptionResponse;
}
