// Activity events: POST /2/activity/subscriptions and the stream GET
// /2/activity/stream (newline-delimited JSON, blank keep-alive lines).
//
// The feed is a function of time: event n happens at t0 + n × intervalMs and
// belongs to the n-th stream subscription in turn, so events keep happening
// while no client is connected — a client that reconnects after a disconnect
// misses them unless it resumes. Resuming uses what the real stream offers:
// `start_time` (YYYY-MM-DDTHH:mm:ssZ, earliest event time to deliver) and
// `backfill_minutes` (1–5); events keep `retentionMs` (5 minutes) of history.
// Each event carries `event_uuid` (the real field) and `created_at` (the spec
// does not show the event shape; the time is what makes exact resumption
// possible), so a client resuming from the second of its last event can drop
// the replayed ones by uuid.
//
// Faults: `disconnect` (state.faults, path /2/activity/stream) ends the stream
// after `afterEvents` events with an operational-disconnect problem, as the
// real stream does. One open stream per app (TooManyConnections beyond; see
// platform-connections.ts).
import type { ServerResponse } from 'node:http';
import { problem, PROBLEM_BASE } from '../replies.js';
import { incoming, outgoing } from '../spelling.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import { EMU_USER } from '../state.js';
import type { EmuResponse, Handler } from '../types.js';
import { closeConnection, openConnection, type EmuConnection } from './platform-connections.js';
import { webhooks } from './platform-webhooks.js';

type Obj = Record<string, any>;

/**
 * Event types the service takes (openapi event_type enums of v2.159 and v2.167,
 * whose post/dm events v2.159 lacks), in internal neutral spelling; the badge
 * events and directions have two spellings (src/emulator/spelling.ts).
 */
const EVENT_TYPES = [
  'profile.update.bio',
  'profile.update.profile_picture',
  'profile.update.banner_picture',
  'profile.update.screenname',
  'profile.update.geo',
  'profile.update.url',
  'profile.update.verified',
  'profile.update.affiliate',
  'profile.update.handle',
  'news.new',
  'follow.follow',
  'follow.unfollow',
  'spaces.start',
  'spaces.end',
  'broadcast.start',
  'broadcast.end',
  'broadcast.chat',
  'chat.received',
  'chat.sent',
  'chat.conversation.join',
  'chat.conversation_join',
  'chat.conversation.member_added',
  'chat.conversation.member_removed',
  'chat.conversation.admin_added',
  'chat.conversation.admin_removed',
  'chat.update.group_name',
  'chat.update.restrictions',
  'dm.received',
  'dm.sent',
  'dm.read',
  'dm.indicate_typing',
  'post.create',
  'post.delete',
  'post.mention.create',
  'post.reply.create',
  'post.quote.create',
  'post.repost.create',
  'like.create',
  'mute.mute',
  'mute.unmute',
  'block.block',
  'block.unblock',
];
const DIRECTIONS = ['sent', 'received'];
const NUMERIC = /^[0-9]{1,19}$/;

/** The first thing wrong with a subscription (already in internal spelling), as [parameter, value, message]. */
function subscriptionProblem(b: {
  eventType: string;
  userId?: unknown;
  keyword?: unknown;
  direction?: string | undefined;
  tag?: unknown;
  webhookId?: unknown;
}): [string, string, string] | undefined {
  if (!EVENT_TYPES.includes(b.eventType))
    return ['event_type', b.eventType, `The \`event_type\` value [${b.eventType}] is not a known event type`];
  if (b.userId === undefined && b.keyword === undefined) return ['filter', '', 'a subscription needs a filter: user_id and/or keyword'];
  if (b.userId !== undefined && !NUMERIC.test(String(b.userId)))
    return ['filter.user_id', String(b.userId), 'user_id must match ^[0-9]{1,19}$'];
  if (b.keyword !== undefined && (typeof b.keyword !== 'string' || b.keyword.trim() === '' || b.keyword.length > 150))
    return ['filter.keyword', String(b.keyword), 'keyword must be 1 to 150 characters'];
  if (b.direction !== undefined) {
    if (!DIRECTIONS.includes(b.direction)) return ['filter.direction', b.direction, 'direction is not one of the allowed values'];
    // Directional: direct messages, chat, and like.create (activity introduction).
    if (!/^(dm|chat)\./.test(b.eventType) && b.eventType !== 'like.create')
      return ['filter.direction', b.direction, `direction applies to direct-message events only, not to ${b.eventType}`];
  }
  if (b.tag !== undefined && (typeof b.tag !== 'string' || b.tag.length < 1 || b.tag.length > 200))
    return ['tag', String(b.tag), 'tag must be 1 to 200 characters'];
  if (b.webhookId !== undefined && !NUMERIC.test(String(b.webhookId)))
    return ['webhook_id', String(b.webhookId), 'webhook_id must match ^[0-9]{1,19}$'];
  return undefined;
}

interface EmuSubscription {
  subscription_id: string;
  event_type: string;
  filter: { user_id?: string; keyword?: string; direction?: string };
  tag?: string;
  webhook_id?: string;
  created_at: string;
  updated_at: string;
}

export interface ActivityFeed {
  t0: number;
  intervalMs: number;
  keepAliveMs: number;
  retentionMs: number;
  subscriptions: EmuSubscription[];
  events: Map<number, Obj | null>;
  /** Highest event index materialized so far. */
  high: number;
}

const SEEDED_AT = '2026-06-04T09:00:00.000Z';

export function activityFeed(state: EmulatorState): ActivityFeed {
  return state.slice('platform-events', () => ({
    t0: state.now(),
    intervalMs: 1000,
    keepAliveMs: 10_000,
    retentionMs: 5 * 60_000,
    subscriptions: [
      {
        subscription_id: '1930000000000000001',
        event_type: 'profile.update.bio',
        filter: { user_id: EMU_USER.id },
        created_at: SEEDED_AT,
        updated_at: SEEDED_AT,
      },
      {
        subscription_id: '1930000000000000002',
        event_type: 'post.create',
        filter: { user_id: EMU_USER.id },
        tag: 'emulator',
        created_at: SEEDED_AT,
        updated_at: SEEDED_AT,
      },
    ],
    events: new Map(),
    high: 0,
  }));
}

/** Changes the feed's pace (tests, demos); the timeline restarts at `t0` (default now). */
export function configureFeed(state: EmulatorState, opts: { intervalMs?: number; keepAliveMs?: number; t0?: number }): ActivityFeed {
  const feed = activityFeed(state);
  Object.assign(feed, { ...opts, t0: opts.t0 ?? state.now(), high: 0 });
  feed.events.clear();
  return feed;
}

/** The sequence number an event uuid encodes (tests check for gaps and repeats with it). */
export function eventSeq(uuid: string): number {
  return parseInt(uuid.slice(-12), 16);
}

const indexAt = (feed: ActivityFeed, t: number) => Math.floor((t - feed.t0) / feed.intervalMs);

function payloadFor(sub: EmuSubscription, n: number, at: string): Obj {
  const user = sub.filter.user_id ?? EMU_USER.id;
  const [group, , detail] = sub.event_type.split('.');
  switch (group) {
    case 'profile':
      return { user_id: user, field: detail, before: `${detail} value ${n - 1}`, after: `${detail} value ${n}` };
    case 'post':
      return sub.event_type === 'post.create'
        ? {
            id: String(1_800_000_000_000_000_000n + BigInt(n)),
            text: `Event post ${n}${sub.filter.keyword ? ` about ${sub.filter.keyword}` : ''}`,
            author_id: user,
            created_at: at,
          }
        : { post_id: String(1_800_000_000_000_000_000n + BigInt(n - 1)), author_id: user };
    case 'spaces':
      return {
        space_id: `1vOxwrq${n.toString(36).padStart(6, '0')}`,
        creator_id: user,
        title: `Emulator space ${n}`,
        state: sub.event_type === 'spaces.start' ? 'live' : 'ended',
      };
    default: {
      const sent = sub.filter.direction === 'sent' || (sub.filter.direction === undefined && n % 2 === 0);
      return {
        dm_event_id: String(1_900_000_000_000_000_000n + BigInt(n)),
        sender_id: sent ? user : '783214',
        recipient_id: sent ? '783214' : user,
        ...(sub.event_type === 'dm.received' || sub.event_type === 'dm.sent' ? { text: `Message ${n}` } : {}),
      };
    }
  }
}

function makeEvent(feed: ActivityFeed, n: number): Obj | null {
  const subs = feed.subscriptions.filter((s) => !s.webhook_id);
  if (!subs.length) return null;
  const sub = subs[n % subs.length]!;
  const at = new Date(feed.t0 + n * feed.intervalMs).toISOString();
  const uuid = `${(feed.t0 % 0xffffffff).toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
  return {
    data: {
      event_type: sub.event_type,
      event_uuid: uuid,
      created_at: at,
      filter: sub.filter,
      ...(sub.tag ? { tag: sub.tag } : {}),
      payload: payloadFor(sub, n, at),
    },
  };
}

function materialize(feed: ActivityFeed, now: number): number {
  const upTo = indexAt(feed, now);
  const oldest = Math.max(1, indexAt(feed, now - feed.retentionMs));
  for (let n = Math.max(feed.high + 1, oldest); n <= upTo; n++) feed.events.set(n, makeEvent(feed, n));
  feed.high = Math.max(feed.high, upTo);
  for (const n of feed.events.keys()) {
    if (n >= oldest) break;
    feed.events.delete(n);
  }
  return upTo;
}

function invalid(message: string, parameter: string, value: string): EmuResponse {
  return problem(400, 'invalid-request', 'Invalid Request', 'One or more parameters to your request was invalid.', {
    errors: [{ message, parameters: { [parameter]: [value] } }],
  });
}

const STREAM_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

function disconnectLine(type: string, detail: string): string {
  return (
    JSON.stringify({
      errors: [{ title: 'operational-disconnect', disconnect_type: type, detail, type: `${PROBLEM_BASE}operational-disconnect` }],
    }) + '\r\n'
  );
}

const createSubscription: Handler = (req, state) => {
  const body = req.json<Obj>() ?? {};
  const filter = body.filter;
  if (typeof body.event_type !== 'string') return invalid('`event_type` is required', 'event_type', String(body.event_type ?? ''));
  if (!filter || typeof filter !== 'object')
    return invalid('`filter` is required: {user_id} and/or {keyword}', 'filter', JSON.stringify(filter ?? null));
  // Names in a spelling this server does not serve are unknown values.
  const type = incoming('value', body.event_type, state.names);
  const dir = filter.direction === undefined ? undefined : incoming('value', String(filter.direction), state.names);
  const direction = dir?.name;
  const bad = subscriptionProblem({
    eventType: type.known ? type.name : body.event_type + ' ',
    userId: filter.user_id,
    keyword: filter.keyword,
    direction: dir && !dir.known ? `${dir.name} ` : direction,
    tag: body.tag,
    webhookId: body.webhook_id,
  });
  if (bad) return invalid(bad[2], bad[0], bad[1].trim());
  const spelling = type.spelling ?? dir?.spelling ?? 'neutral';
  if (body.webhook_id !== undefined && !webhooks(state).has(body.webhook_id))
    return invalid(`webhook [${body.webhook_id}] is not registered for this app`, 'webhook_id', body.webhook_id);
  const feed = activityFeed(state);
  const cleanFilter = {
    ...(filter.user_id !== undefined ? { user_id: filter.user_id } : {}),
    ...(filter.keyword !== undefined ? { keyword: filter.keyword } : {}),
    ...(direction ? { direction } : {}),
  };
  const dup = feed.subscriptions.find(
    (s) => s.event_type === type.name && JSON.stringify(s.filter) === JSON.stringify(cleanFilter) && s.webhook_id === body.webhook_id,
  );
  if (dup)
    return invalid(
      `DuplicateSubscription: a ${body.event_type} subscription with this filter exists (${dup.subscription_id})`,
      'event_type',
      body.event_type,
    );
  const now = new Date(state.now()).toISOString();
  const sub: EmuSubscription = {
    subscription_id: state.nextId(),
    event_type: type.name,
    filter: cleanFilter,
    ...(body.tag !== undefined ? { tag: String(body.tag) } : {}),
    ...(body.webhook_id !== undefined ? { webhook_id: body.webhook_id } : {}),
    created_at: now,
    updated_at: now,
  };
  feed.subscriptions.push(sub);
  return {
    status: 200,
    body: outgoing(
      {
        data: { subscription: sub, total_subscriptions_for_instance_id: feed.subscriptions.length },
        meta: { total_subscriptions: feed.subscriptions.length },
      },
      spelling,
    ) as Obj,
  };
};

/** The stream's query: the backfill and time window it asks for. */
interface StreamWindow {
  backfill: string | null;
  start: string | null;
  end: string | null;
}

function streamWindow(q: URLSearchParams): StreamWindow | EmuResponse {
  for (const key of q.keys()) {
    if (!['backfill_minutes', 'start_time', 'end_time'].includes(key))
      return invalid(`The query parameter [${key}] is not one of [backfill_minutes,start_time,end_time]`, key, q.get(key) ?? '');
  }
  const backfill = q.get('backfill_minutes');
  if (backfill !== null && !/^[1-5]$/.test(backfill))
    return invalid(`The \`backfill_minutes\` query parameter value [${backfill}] is not between 1 and 5`, 'backfill_minutes', backfill);
  const start = q.get('start_time');
  const end = q.get('end_time');
  for (const [name, v] of [
    ['start_time', start],
    ['end_time', end],
  ] as const) {
    if (v !== null && !STREAM_TIME.test(v))
      return invalid(`The \`${name}\` query parameter value [${v}] is not a YYYY-MM-DDTHH:mm:ssZ timestamp`, name, v);
  }
  return { backfill, start, end };
}

const operationalDisconnect = () => disconnectLine('OperationalDisconnect', 'This stream has been disconnected for operational reasons.');

/**
 * One open activity stream: where it has got to in the feed, when it last
 * wrote, and how it ends (client hang-up, kill through the connections API,
 * end time, or an injected disconnect after `afterEvents`).
 */
class ActivitySession {
  private closed = false;
  private wake: (() => void) | undefined;
  private sent = 0;
  private lastWrite = 0;
  private cursor = 0;
  private readonly until: number;

  constructor(
    private readonly res: ServerResponse,
    private readonly conn: EmuConnection,
    private readonly feed: ActivityFeed,
    private readonly window: StreamWindow,
    private readonly afterEvents: number,
  ) {
    res.on('close', () => {
      this.closed = true;
      closeConnection(conn, 'ClientDisconnect');
      this.wake?.();
    });
    this.until = window.end !== null ? Date.parse(window.end) : Infinity;
  }

  kill(reason: string): void {
    this.finish(disconnectLine(reason, 'This stream was terminated through the connections API.'), reason);
  }

  async run(): Promise<void> {
    this.begin();
    if (this.sent >= this.afterEvents) return this.finish(operationalDisconnect(), 'OperationalDisconnect');
    while (!this.closed) {
      const upTo = materialize(this.feed, this.conn.now());
      if (await this.sendUpTo(upTo)) return;
      if (this.closed) return;
      if (this.conn.now() - this.lastWrite >= this.feed.keepAliveMs) {
        await this.write('\r\n');
        this.lastWrite = this.conn.now();
      }
      const nextEvent = this.feed.t0 + (upTo + 1) * this.feed.intervalMs;
      await this.sleep(Math.max(1, Math.min(nextEvent, this.lastWrite + this.feed.keepAliveMs) - this.conn.now()));
    }
  }

  /** The first event to send: after now, or back to the backfill or start time, within retention. */
  private begin(): void {
    const { feed, window } = this;
    const now = this.conn.now();
    const from =
      window.start !== null ? Date.parse(window.start) : window.backfill !== null ? now - Number(window.backfill) * 60_000 : undefined;
    materialize(feed, now);
    const cursor = from === undefined ? indexAt(feed, now) + 1 : Math.ceil((from - feed.t0) / feed.intervalMs);
    this.cursor = Math.max(cursor, 1, indexAt(feed, now - feed.retentionMs));
    this.lastWrite = this.conn.now();
  }

  /** Sends the events up to `upTo`; true when the stream has ended. */
  private async sendUpTo(upTo: number): Promise<boolean> {
    const { feed } = this;
    for (; !this.closed && this.cursor <= upTo; this.cursor++) {
      if (feed.t0 + this.cursor * feed.intervalMs > this.until) {
        this.finish(undefined, 'EndTimeReached');
        return true;
      }
      const ev = feed.events.get(this.cursor);
      if (!ev) continue;
      await this.write(JSON.stringify(ev) + '\r\n');
      this.lastWrite = this.conn.now();
      if (++this.sent >= this.afterEvents) {
        this.cursor++;
        this.finish(operationalDisconnect(), 'OperationalDisconnect');
        return true;
      }
    }
    return false;
  }

  private finish(line: string | undefined, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    closeConnection(this.conn, reason);
    if (line) this.res.write(line);
    this.res.end();
    this.wake?.();
  }

  /** Waits for the socket to drain (or close) when it is full. */
  private async write(text: string): Promise<void> {
    if (!this.res.write(text))
      await new Promise<void>((resolve) => {
        this.res.once('drain', resolve);
        this.res.once('close', resolve);
      });
  }

  /** Sleeps `delay` ms, or until woken by a finish or a hang-up. */
  private async sleep(delay: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, delay);
      this.wake = () => {
        clearTimeout(t);
        resolve();
      };
    });
    this.wake = undefined;
  }
}

const openActivityStream: Handler = (req, state) => {
  const window = streamWindow(req.query);
  if ('status' in window) return window;
  const fault = state.faults.take('GET', req.path, ['disconnect']);
  let session: ActivitySession | undefined;
  const conn = openConnection(state, req.auth!.consumerKey, 'activity_stream', (reason) => session?.kill(reason));
  if ('status' in conn) return conn;
  const feed = activityFeed(state);
  const afterEvents = fault ? (fault.afterEvents ?? 0) : Infinity;
  return {
    status: 200,
    contentType: 'application/json',
    stream: async (res: ServerResponse) => {
      session = new ActivitySession(res, conn, feed, window, afterEvents);
      await session.run();
    },
  };
};

export function register(r: Router, _state: EmulatorState): void {
  r.route({ method: 'POST', path: '/2/activity/subscriptions', api: 'platform', auth: 'app', handler: createSubscription });

  r.route({ method: 'GET', path: '/2/activity/stream', api: 'platform', auth: 'app', handler: openActivityStream });
}
