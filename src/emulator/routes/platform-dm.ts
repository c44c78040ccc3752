// Direct messages, from openapi v2.159: one-to-one conversations
// (<smaller id>-<larger id>), group conversations (numeric ids), message
// events with text and/or one attachment (a media id uploaded with a dm_*
// category, finalized), and the event listings, newest first.
import { problem } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { mediaSessions } from './platform-media.js';
import { isReply, page, type Obj } from './platform-paging.js';
import { invalid } from './platform-posting.js';
import { userById } from './platform-users-state.js';

const NUMERIC = /^[0-9]{1,19}$/;
const TEXT_MAX = 10_000;
const EVENT_FIELDS = [
  'attachments',
  'created_at',
  'dm_conversation_id',
  'entities',
  'event_type',
  'id',
  'participant_ids',
  'referenced_tweets',
  'sender_id',
  'text',
];

interface DmEvent {
  id: string;
  event_type: 'MessageCreate' | 'ParticipantsJoin';
  dm_conversation_id: string;
  sender_id: string;
  created_at: string;
  text?: string;
  attachments?: { media_keys: string[] };
  participant_ids?: string[];
}

interface DmState {
  /** conversation id → participant ids. */
  conversations: Map<string, string[]>;
  /** Every event, oldest first. */
  events: DmEvent[];
}

export const dmState = (state: EmulatorState): DmState => state.slice('platform-dm', () => ({ conversations: new Map(), events: [] }));

/** A message body's problem (the first), or its text and media key. */
function message(state: EmulatorState, b: Obj, at: string): { text?: string; mediaKey?: string } | EmuResponse {
  const extra = Object.keys(b).find((k) => k !== 'text' && k !== 'attachments');
  if (extra) return invalid(`[${at}${extra}] is not a valid field of the request body`, extra, String(b[extra]));
  if (b.text === undefined && b.attachments === undefined) return invalid(`${at}text or ${at}attachments is required`, 'text', '');
  if (b.text !== undefined && (typeof b.text !== 'string' || b.text.length < 1 || [...b.text].length > TEXT_MAX))
    return invalid(`\`${at}text\` must be 1 to ${TEXT_MAX} characters`, 'text', String(b.text).slice(0, 40));
  let mediaKey: string | undefined;
  if (b.attachments !== undefined) {
    const list = b.attachments as Array<{ media_id?: unknown }>;
    if (!Array.isArray(list) || list.length !== 1)
      return invalid(`\`${at}attachments\` must hold exactly one media`, 'attachments', JSON.stringify(b.attachments));
    const id = String(list[0]?.media_id ?? '');
    const media = mediaSessions(state).get(id);
    if (!NUMERIC.test(id) || !media?.bytes) return invalid(`media [${id}] is not an uploaded, finalized media id`, 'media_id', id);
    if (!media.media_category.startsWith('dm_'))
      return invalid(
        `media [${id}] was uploaded as ${media.media_category}; a direct message needs dm_image, dm_gif or dm_video`,
        'media_id',
        id,
      );
    mediaKey = media.media_key;
  }
  return { ...(typeof b.text === 'string' ? { text: b.text } : {}), ...(mediaKey ? { mediaKey } : {}) };
}

function addMessage(state: EmulatorState, conversation: string, sender: string, m: { text?: string; mediaKey?: string }): EmuResponse {
  const ev: DmEvent = {
    id: state.nextId(),
    event_type: 'MessageCreate',
    dm_conversation_id: conversation,
    sender_id: sender,
    created_at: new Date(state.now()).toISOString(),
    ...(m.text !== undefined ? { text: m.text } : {}),
    ...(m.mediaKey ? { attachments: { media_keys: [m.mediaKey] } } : {}),
  };
  dmState(state).events.push(ev);
  return { status: 201, body: { data: { dm_conversation_id: conversation, dm_event_id: ev.id } } };
}

function toParticipant(req: EmuRequest, state: EmulatorState): EmuResponse {
  const other = req.params.participant_id!;
  if (!NUMERIC.test(other))
    return invalid(`The \`participant_id\` path parameter value [${other}] does not match ^[0-9]{1,19}$`, 'participant_id', other);
  if (!userById(state, other)) return problem(404, 'resource-not-found', 'Not Found Error', `Could not find user with id: [${other}].`);
  const me = req.auth!.userId!;
  if (other === me) return problem(403, 'about:blank', 'Forbidden', 'You cannot send a direct message to yourself.');
  const m = message(state, req.json<Obj>() ?? {}, '');
  if (isReply(m)) return m;
  const id = [me, other].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)).join('-');
  dmState(state).conversations.set(id, [me, other]);
  return addMessage(state, id, me, m);
}

function toConversation(req: EmuRequest, state: EmulatorState): EmuResponse {
  const id = req.params.dm_conversation_id!;
  const members = dmState(state).conversations.get(id);
  const me = req.auth!.userId!;
  if (!members) return problem(404, 'resource-not-found', 'Not Found Error', `Could not find dm_conversation with id: [${id}].`);
  if (!members.includes(me)) return problem(403, 'about:blank', 'Forbidden', 'You are not a participant of this conversation.');
  const m = message(state, req.json<Obj>() ?? {}, '');
  return isReply(m) ? m : addMessage(state, id, me, m);
}

function createGroup(req: EmuRequest, state: EmulatorState): EmuResponse {
  const b = req.json<Obj>() ?? {};
  const extra = Object.keys(b).find((k) => !['conversation_type', 'participant_ids', 'message'].includes(k));
  if (extra) return invalid(`[${extra}] is not a valid field of the request body`, extra, String(b[extra]));
  if (b.conversation_type !== 'Group')
    return invalid('`conversation_type` must be Group', 'conversation_type', String(b.conversation_type));
  const ids = b.participant_ids as unknown[];
  if (!Array.isArray(ids) || ids.length < 2 || ids.length > 49 || ids.some((i) => typeof i !== 'string' || !NUMERIC.test(i)))
    return invalid('`participant_ids` must hold 2 to 49 user ids', 'participant_ids', JSON.stringify(ids));
  const m = message(state, (b.message as Obj) ?? {}, 'message.');
  if (isReply(m)) return m;
  const me = req.auth!.userId!;
  const id = state.nextId();
  const members = [me, ...(ids as string[])];
  dmState(state).conversations.set(id, members);
  dmState(state).events.push({
    id: state.nextId(),
    event_type: 'ParticipantsJoin',
    dm_conversation_id: id,
    sender_id: me,
    created_at: new Date(state.now()).toISOString(),
    participant_ids: members,
  });
  return addMessage(state, id, me, m);
}

function listEvents(req: EmuRequest, state: EmulatorState): EmuResponse {
  const me = req.auth!.userId!;
  const other = req.params.participant_id;
  const conversation = req.params.id;
  if (conversation !== undefined && !dmState(state).conversations.get(conversation)?.includes(me))
    return problem(404, 'resource-not-found', 'Not Found Error', `Could not find dm_conversation with id: [${conversation}].`, {
      resource_type: 'dm_conversation',
    });
  if (other !== undefined && !NUMERIC.test(other))
    return invalid('The `participant_id` path parameter does not match ^[0-9]{1,19}$', 'participant_id', other);
  const types = (req.query.get('event_types') ?? 'MessageCreate,ParticipantsJoin,ParticipantsLeave').split(',');
  const fields = (req.query.get('dm_event.fields') ?? '').split(',').filter(Boolean);
  const bad = fields.find((f) => !EVENT_FIELDS.includes(f));
  if (bad)
    return invalid(
      `The \`dm_event.fields\` query parameter value [${bad}] is not one of [${EVENT_FIELDS.join(',')}]`,
      'dm_event.fields',
      bad,
    );
  const mine = dmState(state)
    .events.filter((e) => dmState(state).conversations.get(e.dm_conversation_id)?.includes(me))
    .filter((e) => conversation === undefined || e.dm_conversation_id === conversation)
    .filter((e) => other === undefined || e.dm_conversation_id === [me, other].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1)).join('-'))
    .filter((e) => types.includes(e.event_type))
    .reverse();
  const p = page(mine, req.query, [1, 100], 100);
  if (isReply(p)) return p;
  const keep = ['id', 'event_type', 'text', ...fields];
  const data = p.data.map((e) => Object.fromEntries(Object.entries(e).filter(([k]) => keep.includes(k))));
  return { status: 200, body: { ...(data.length ? { data } : {}), meta: p.meta } };
}

/** One event of a conversation the caller is in; DELETE only of a message the caller sent. */
function oneEvent(del: boolean) {
  return (req: EmuRequest, state: EmulatorState): EmuResponse => {
    const me = req.auth!.userId!;
    const id = req.params.event_id!;
    if (!NUMERIC.test(id)) return invalid('The `event_id` path parameter does not match ^[0-9]{1,19}$', 'event_id', id);
    const events = dmState(state).events;
    const at = events.findIndex((e) => e.id === id && dmState(state).conversations.get(e.dm_conversation_id)?.includes(me));
    if (at < 0)
      return problem(404, 'resource-not-found', 'Not Found Error', `Could not find dm_event with id: [${id}].`, {
        resource_type: 'dm_event',
      });
    if (!del) return { status: 200, body: { data: events[at] } };
    if (events[at]!.sender_id !== me) return problem(403, 'about:blank', 'Forbidden', 'You can delete only the messages you sent.');
    events.splice(at, 1);
    return { status: 200, body: { data: { deleted: true } } };
  };
}

export function register(r: Router, _state: EmulatorState): void {
  const route = (method: string, path: string, handler: (q: EmuRequest, s: EmulatorState) => EmuResponse) =>
    r.route({ method, path, api: 'platform', auth: 'user', handler });
  route('POST', '/2/dm_conversations/with/:participant_id/messages', toParticipant);
  route('GET', '/2/dm_conversations/with/:participant_id/dm_events', listEvents);
  route('POST', '/2/dm_conversations/:dm_conversation_id/messages', toConversation);
  route('POST', '/2/dm_conversations', createGroup);
  route('GET', '/2/dm_events', listEvents);
  route('GET', '/2/dm_conversations/:id/dm_events', listEvents);
  route('GET', '/2/dm_events/:event_id', oneEvent(false));
  route('DELETE', '/2/dm_events/:event_id', oneEvent(true));
}
