// `postctl events subscribe`: one subscription per event type, every rule
// checked first. Output merges the responses: {data: [subscription…], meta}.
import { ApiError } from '../../api-error.js';
import type { Context } from '../../context.js';
import { PartialFailure } from '../../errors.js';
import { createSubscription, type Subscription, type SubscriptionRequest } from '../../platform/subscriptions.js';
import { spellEventType, subscriptionProblems } from '../../validate/platform-events.js';
import { wire } from '../../wire/names.js';
import { commaList } from '../../validate/rules.js';

const COLUMNS = [
  { header: 'subscription_id', key: 'subscription_id' },
  { header: 'event_type', key: 'event_type' },
  { header: 'user_id', key: 'filter.user_id' },
  { header: 'keyword', key: 'filter.keyword' },
  { header: 'direction', key: 'filter.direction' },
  { header: 'tag', key: 'tag' },
  { header: 'webhook_id', key: 'webhook_id' },
];

export async function run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
  // The client selects the wire-name spelling; building it sends nothing.
  const client = await ctx.client();
  const eventTypes = [...new Set(commaList(opts.eventType).map((t) => spellEventType(t, client.names)))];
  const input = { eventTypes, userId: opts.userId, keyword: opts.keyword, direction: opts.direction, tag: opts.tag, webhookId: opts.webhookId };
  subscriptionProblems(input, client.names).throwIfAny('invalid subscription');

  const created: Subscription[] = [];
  const failures: Array<{ event_type: string; error: ApiError }> = [];
  let meta: Record<string, unknown> | undefined;
  for (const eventType of eventTypes) {
    const body: SubscriptionRequest = {
      event_type: eventType,
      filter: {
        ...(input.userId !== undefined ? { user_id: input.userId } : {}),
        ...(input.keyword !== undefined ? { keyword: input.keyword } : {}),
        // `both` is the unfiltered default, so it is not sent; the flag's sent/received
        // go out as the live service's outbound/inbound (or neutral sent/received).
        ...(input.direction === 'sent' || input.direction === 'received' ? { direction: wire(input.direction === 'sent' ? 'enum.direction.sent' : 'enum.direction.received', client.names) } : {}),
      },
      ...(input.tag !== undefined ? { tag: input.tag } : {}),
      ...(input.webhookId !== undefined ? { webhook_id: input.webhookId } : {}),
    };
    try {
      const res = await createSubscription(client, body);
      if (res.data?.subscription) created.push(res.data.subscription);
      meta = res.meta ?? meta;
    } catch (e) {
      // Keep going: the other types are independent subscriptions.
      if (!(e instanceof ApiError) || eventTypes.length === 1) throw e;
      failures.push({ event_type: eventType, error: e });
    }
  }
  if (created.length === 0 && failures.length) throw failures[0]!.error;
  const envelope = { data: created, ...(meta ? { meta } : {}), ...(failures.length ? { errors: failures.map((f) => ({ event_type: f.event_type, ...f.error.toJSON() })) } : {}) };
  ctx.printer.list(created, COLUMNS, envelope);
  for (const f of failures) ctx.log.warn(`${f.event_type}: ${f.error.message}`);
  if (failures.length) throw new PartialFailure(`${created.length} of ${eventTypes.length} subscriptions created`);
  ctx.log.success(`${created.length} subscription${created.length > 1 ? 's' : ''} created`);
  return 0;
}
