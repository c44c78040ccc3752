// `postctl events subscribe`: one subscription per event type, every rule
// checked first. Output merges the responses: {data: [subscription…], meta}.
import { ApiError } from '../../errors/api-error.js';
import type { Context } from '../../entry/context.js';
import { PartialFailure } from '../../errors/cli-error.js';
import type { ApiClient } from '../../http/client.js';
import { parseUserRef } from '../../platform/refs.js';
import { resolveUserIds } from '../../platform/users.js';
import { createSubscription, type Subscription, type SubscriptionRequest } from '../../platform/subscriptions.js';
import { spellEventType, subscriptionProblems, type SubscriptionInput } from '../../validate/platform-events.js';
import { commaList } from '../../validate/rules.js';
import { wire } from '../../wire/names.js';
import { authedClient } from '../_auth.js';
import { lifecycleDryRun, printRequests } from '../_lifecycle.js';
import { authOption } from '../_flags.js';
import { defineVerb } from '../define.js';

const COLUMNS = [
  { header: 'subscription_id', key: 'subscription_id' },
  { header: 'event_type', key: 'event_type' },
  { header: 'user_id', key: 'filter.user_id' },
  { header: 'keyword', key: 'filter.keyword' },
  { header: 'direction', key: 'filter.direction' },
  { header: 'tag', key: 'tag' },
  { header: 'webhook_id', key: 'webhook_id' },
];

function requestBody(eventType: string, input: SubscriptionInput, client: ApiClient): SubscriptionRequest {
  return {
    event_type: eventType,
    filter: {
      ...(input.userId !== undefined ? { user_id: input.userId } : {}),
      ...(input.keyword !== undefined ? { keyword: input.keyword } : {}),
      // `both` is the unfiltered default, so it is not sent; the flag's sent/received
      // go out as the live service's outbound/inbound (or neutral sent/received).
      ...(input.direction === 'sent' || input.direction === 'received'
        ? { direction: wire(input.direction === 'sent' ? 'enum.direction.sent' : 'enum.direction.received', client.names) }
        : {}),
    },
    ...(input.tag !== undefined ? { tag: input.tag } : {}),
    ...(input.webhookId !== undefined ? { webhook_id: input.webhookId } : {}),
  };
}

interface Outcome {
  created: Subscription[];
  failures: Array<{ event_type: string; error: ApiError }>;
  meta: Record<string, unknown> | undefined;
}

/** Creates one subscription per type; with several types an API error is collected and the rest go on. */
async function subscribeEach(client: ApiClient, input: SubscriptionInput): Promise<Outcome> {
  const created: Outcome['created'] = [];
  const failures: Outcome['failures'] = [];
  let meta: Outcome['meta'];
  for (const eventType of input.eventTypes) {
    try {
      const res = await createSubscription(client, requestBody(eventType, input, client));
      if (res.data?.subscription) created.push(res.data.subscription);
      meta = res.meta ?? meta;
    } catch (e) {
      // Keep going: the other types are independent subscriptions.
      if (!(e instanceof ApiError) || input.eventTypes.length === 1) throw e;
      failures.push({ event_type: eventType, error: e });
    }
  }
  return { created, failures, meta };
}

function printResults(ctx: Context, input: SubscriptionInput, { created, failures, meta }: Outcome): number {
  if (created.length === 0 && failures.length) throw failures[0]!.error;
  const envelope = {
    data: created,
    ...(meta ? { meta } : {}),
    ...(failures.length ? { errors: failures.map((f) => ({ event_type: f.event_type, ...f.error.toJSON() })) } : {}),
  };
  ctx.printer.list(created, COLUMNS, envelope);
  for (const f of failures) ctx.log.warn(`${f.event_type}: ${f.error.message}`);
  if (failures.length) throw new PartialFailure(`${created.length} of ${input.eventTypes.length} subscriptions created`);
  ctx.log.success(`${created.length} subscription${created.length > 1 ? 's' : ''} created`);
  return 0;
}

export default defineVerb({
  name: 'subscribe',
  description: 'create activity subscriptions (POST /2/activity/subscriptions), one per event type',
  examples: [
    'postctl events subscribe --event-type profile.update.bio,post.create --user-id 1000000002',
    'postctl events subscribe --event-type dm.received --user-id 2244994945 --direction received --tag support',
    'postctl events subscribe --event follow.follow,follow.unfollow --user-id 2244994945',
  ],
  options: {
    eventType: {
      flags: '--event-type <types>',
      description:
        'event types, comma separated or repeated: profile.update.*, post.create/delete, post.mention/reply/quote/repost.create, like.create, follow.follow/unfollow, news.new, spaces.*, broadcast.*, chat.*, dm.*, mute.*, block.*',
      repeatable: true,
    },
    event: { flags: '--event <types>', description: 'the same as --event-type', repeatable: true },
    userId: {
      flags: '--user-id <user>',
      description: 'filter: the user whose events to deliver (id, @handle or profile URL; a handle costs one lookup)',
    },
    keyword: { flags: '--keyword <keyword>', description: 'filter: keyword (news.new is filtered by keyword)' },
    direction: {
      flags: '--direction <direction>',
      description: 'filter for dm.*, chat.* and like.create: sent, received or both (both = no direction filter)',
    },
    tag: { flags: '--tag <tag>', description: 'label delivered with each event' },
    webhookId: { flags: '--webhook-id <id>', description: 'deliver to this webhook instead of the stream' },
    auth: authOption('app; private events (like.create, mute.*, block.*, broadcast.chat) need a user login: --auth oauth2'),
    dryRun: lifecycleDryRun,
  },
  async run(_args, opts, ctx) {
    // The client selects the wire-name spelling and the authentication; building it sends nothing.
    const { client } = await authedClient(ctx, {
      endpoints: ['POST /2/activity/subscriptions'],
      prefer: ['app', 'oauth2', 'user'],
      flag: opts.auth,
    });
    const eventTypes = [
      ...new Set(commaList([...(opts.eventType ?? []), ...(opts.event ?? [])]).map((t) => spellEventType(t, client.names))),
    ];
    // An @handle or profile URL is one lookup (after the other rules passed, so a bad flag costs none).
    const ref = opts.userId !== undefined ? parseUserRef(opts.userId) : undefined;
    const input: SubscriptionInput = {
      eventTypes,
      userId: ref?.id ?? opts.userId,
      keyword: opts.keyword,
      direction: opts.direction,
      tag: opts.tag,
      webhookId: opts.webhookId,
    };
    if (ref?.username !== undefined) {
      subscriptionProblems({ ...input, userId: '1' }, client.names).throwIfAny('invalid subscription');
      input.userId = (await resolveUserIds(client, [ref], 'app'))[0];
    }
    subscriptionProblems(input, client.names).throwIfAny('invalid subscription');
    if (opts.dryRun)
      return printRequests(
        ctx,
        input.eventTypes.map((t) => ({ method: 'POST', path: '/2/activity/subscriptions', json: requestBody(t, input, client) })),
      );
    return printResults(ctx, input, await subscribeEach(client, input));
  },
});
