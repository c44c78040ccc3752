// Chat, from openapi v2.159: the inbox, a conversation's message events,
// send (the encrypted payload kept as given), mark read, typing, and a user's
// public keys. Conversations are `<id>-<id>` (direct, the user is one of the
// two) or `g<digits>` (group); one direct and one group conversation seeded.
import { problem } from '../replies.js';
import type { Router } from '../router.js';
import { EMU_USER, type EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { fullUser, pick, type Obj } from './platform-data.js';
import { asked, checkQuery, USER_FIELDS } from './platform-more-query.js';
import { isReply, page } from './platform-paging.js';
import { invalid } from './platform-posting.js';

const CONVERSATION = /^([0-9]{1,19}-[0-9]{1,19}|g[0-9]{1,19})$/;
const CONVERSATION_FIELDS = [
  'admin_ids',
  'created_at',
  'group_avatar_url',
  'group_name',
  'id',
  'is_muted',
  'member_ids',
  'message_ttl_msec',
  'participant_ids',
  'screen_capture_blocking_enabled',
  'screen_capture_detection_enabled',
  'type',
  'updated_at',
];
const EVENT_FIELDS = [
  'conversation_id',
  'conversation_token',
  'created_at_msec',
  'encoded_event',
  'id',
  'is_trusted',
  'message_event_signature',
  'previous_id',
  'sender_id',
];
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

interface Conversation {
  conv: Obj;
  events: Obj[];
  readUntil?: string;
}

const chatState = (state: EmulatorState) =>
  state.slice('platform-chat', () => {
    const m = new Map<string, Conversation>();
    const direct = `1000000001-${EMU_USER.id}`;
    m.set(direct, {
      conv: {
        id: direct,
        type: 'direct',
        participant_ids: ['1000000001', EMU_USER.id],
        created_at: '2026-06-01T10:00:00.000Z',
        updated_at: '2026-06-01T10:05:00.000Z',
      },
      events: [1, 2, 3].map((n) => ({
        id: `193000000000000000${n}`,
        conversation_id: direct,
        sender_id: n % 2 ? '1000000001' : EMU_USER.id,
        created_at_msec: String(1780308000000 + n * 1000),
        encoded_event: Buffer.from(`encrypted event ${n}`).toString('base64'),
      })),
    });
    const group = 'g1800000000000000042';
    m.set(group, {
      conv: {
        id: group,
        type: 'group',
        group_name: 'Emulator crew',
        member_ids: ['1000000001', '1000000002', EMU_USER.id],
        admin_ids: [EMU_USER.id],
        created_at: '2026-06-02T10:00:00.000Z',
        updated_at: '2026-06-02T11:00:00.000Z',
      },
      events: [],
    });
    return m;
  });

function found(req: EmuRequest, state: EmulatorState): Conversation | EmuResponse {
  const id = req.params.conversation_id!;
  if (!CONVERSATION.test(id))
    return invalid(
      `The \`conversation_id\` path parameter value [${id}] does not match ^([0-9]{1,19}-[0-9]{1,19}|g[0-9]{1,19})$`,
      'conversation_id',
      id,
    );
  return chatState(state).get(id) ?? problem(404, 'resource-not-found', 'Not Found Error', `Could not find conversation with id: [${id}].`);
}

function inbox(req: EmuRequest, state: EmulatorState): EmuResponse {
  const bad = checkQuery(req.query, {
    params: {
      pagination_token: null,
      'chat_conversation.fields': CONVERSATION_FIELDS,
      expansions: ['admin_ids', 'member_ids', 'participant_ids'],
      'user.fields': USER_FIELDS,
    },
    ints: { max_results: [1, 100] },
  });
  if (bad) return bad;
  const p = page(
    [...chatState(state).values()].map((c) => c.conv),
    req.query,
    [1, 100],
    10,
  );
  if (isReply(p)) return p;
  const exp = asked(req.query, 'expansions');
  const ids = [...new Set(p.data.flatMap((c) => exp.flatMap((e) => (Array.isArray(c[e]) ? (c[e] as string[]) : []))))];
  const users = ids.map((id) => fullUser(id)).filter((u): u is Obj => Boolean(u));
  return {
    status: 200,
    body: {
      data: p.data.map((c) => pick(c, ['id'], asked(req.query, 'chat_conversation.fields'))),
      ...(users.length
        ? { includes: { users: users.map((u) => pick(u, ['id', 'name', 'username'], asked(req.query, 'user.fields'))) } }
        : {}),
      meta: p.meta,
    },
  };
}

function messages(req: EmuRequest, state: EmulatorState): EmuResponse {
  const bad = checkQuery(req.query, {
    params: { pagination_token: null, 'chat_message_event.fields': EVENT_FIELDS },
    ints: { max_results: [1, 100] },
  });
  if (bad) return bad;
  const c = found(req, state);
  if (isReply(c)) return c;
  const p = page([...c.events].reverse(), req.query, [1, 100], 10);
  if (isReply(p)) return p;
  return {
    status: 200,
    body: { data: p.data.map((e) => pick(e, ['encoded_event'], asked(req.query, 'chat_message_event.fields'))), meta: p.meta },
  };
}

function send(req: EmuRequest, state: EmulatorState): EmuResponse {
  const c = found(req, state);
  if (isReply(c)) return c;
  const b = req.json<Obj>() ?? {};
  const extra = Object.keys(b).find(
    (k) => !['conversation_token', 'encoded_message_create_event', 'encoded_message_event_signature', 'message_id'].includes(k),
  );
  if (extra) return invalid(`[${extra}] is not a valid field of the request body`, extra, String(b[extra]));
  if (typeof b.message_id !== 'string' || !b.message_id) return invalid('`message_id` is required', 'message_id', '');
  if (typeof b.encoded_message_create_event !== 'string' || !BASE64.test(b.encoded_message_create_event))
    return invalid('`encoded_message_create_event` must be base64', 'encoded_message_create_event', '');
  const existing = c.events.find((e) => e.message_id === b.message_id);
  const event = existing ?? {
    id: state.nextId(),
    message_id: b.message_id,
    conversation_id: c.conv.id,
    sender_id: req.auth!.userId,
    created_at_msec: String(state.now()),
    encoded_event: b.encoded_message_create_event,
    ...(b.encoded_message_event_signature ? { message_event_signature: b.encoded_message_event_signature } : {}),
  };
  if (!existing) c.events.push(event);
  return { status: 200, body: { data: { id: event.id, message_id: b.message_id } } };
}

function markRead(req: EmuRequest, state: EmulatorState): EmuResponse {
  const c = found(req, state);
  if (isReply(c)) return c;
  const b = req.json<Obj>() ?? {};
  if (Object.keys(b).some((k) => k !== 'seen_until_sequence_id') || typeof b.seen_until_sequence_id !== 'string')
    return invalid('`seen_until_sequence_id` is required, and nothing else', 'seen_until_sequence_id', '');
  c.readUntil = b.seen_until_sequence_id;
  return { status: 200, body: { data: { success: true } } };
}

function typing(req: EmuRequest, state: EmulatorState): EmuResponse {
  const c = found(req, state);
  if (isReply(c)) return c;
  return { status: 200, body: { data: { success: true } } };
}

function publicKeys(req: EmuRequest): EmuResponse {
  const bad = checkQuery(req.query, {
    params: { 'public_key.fields': ['juicebox_config', 'public_key', 'signing_public_key', 'version'] },
  });
  if (bad) return bad;
  const id = req.params.id!;
  if (!/^[0-9]{1,19}$/.test(id)) return invalid(`The \`id\` path parameter value [${id}] does not match ^[0-9]{1,19}$`, 'id', id);
  if (!fullUser(id)) return problem(404, 'resource-not-found', 'Not Found Error', `Could not find user with id: [${id}].`);
  const key = {
    version: '1',
    public_key: Buffer.from(`identity key of ${id}`).toString('base64'),
    signing_public_key: Buffer.from(`signing key of ${id}`).toString('base64'),
  };
  return { status: 200, body: { data: [pick(key, ['version'], asked(req.query, 'public_key.fields'))] } };
}

export function register(r: Router): void {
  const route = (method: string, path: string, handler: (req: EmuRequest, state: EmulatorState) => EmuResponse) =>
    r.route({ method, path, api: 'platform', auth: 'user', handler });
  route('GET', '/2/chat/conversations', inbox);
  route('GET', '/2/chat/conversations/:conversation_id', messages);
  route('POST', '/2/chat/conversations/:conversation_id/messages', send);
  route('POST', '/2/chat/conversations/:conversation_id/read', markRead);
  route('POST', '/2/chat/conversations/:conversation_id/typing', typing);
  route('GET', '/2/users/:id/public_keys', publicKeys);
}
