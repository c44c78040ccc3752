// Direct messages (openapi v2.159): send to a participant
// (POST /2/dm_conversations/with/{participant_id}/messages), to a conversation
// (POST /2/dm_conversations/{dm_conversation_id}/messages), start a group
// conversation (POST /2/dm_conversations), and read events (GET /2/dm_events,
// GET /2/dm_conversations/with/{participant_id}/dm_events, a conversation's by
// its id: GET /2/dm_conversations/{id}/dm_events), one event (GET and DELETE
// /2/dm_events/{event_id}). A message is text
// (1 to 10,000 characters) and/or one media attachment.
import { invalid } from '../errors/cli-error.js';
import type { Params } from '../http/encode.js';
import { idSegment, joinPath } from '../http/path.js';
import { Problems, lengthBetween } from '../validate/rules.js';
import { NUMERIC } from './refs.js';
import type { Planned } from './webhook-lifecycle.js';

/** The text limit of a direct message (https://docs.x.com/x-api/direct-messages/manage/introduction). */
const DM_TEXT_MAX = 10_000;
/** Group conversations: 2 to 49 other participants (openapi v2.159 CreateDmConversationRequest). */
const GROUP_PARTICIPANTS = { min: 2, max: 49 } as const;
const CONVERSATION_ID = /^([0-9]{1,19}-[0-9]{1,19}|[0-9]{15,19})$/;
const DM_EVENT_TYPES = ['MessageCreate', 'ParticipantsJoin', 'ParticipantsLeave'] as const;
const DEFAULT_EVENT_FIELDS = 'id,event_type,created_at,sender_id,dm_conversation_id,text,attachments,participant_ids';

export interface DmMessage {
  text?: string;
  attachments?: Array<{ media_id: string }>;
}

/** The message body: text and/or one media id, checked first (exit 6 naming the field). */
export function dmMessage(text: string | undefined, mediaId: string | undefined, upload?: string): DmMessage {
  // A dry run shows the file a --media-file upload would attach, by name.
  if (upload !== undefined) return { ...dmMessage(text, '1'), attachments: [{ media_id: `<media id of ${upload}>` }] };
  const p = new Problems();
  if (text === undefined && mediaId === undefined) p.add('--text', 'a message needs --text and/or media (--media or --media-file)');
  p.check('--text', text, [lengthBetween(1, DM_TEXT_MAX)]);
  if (mediaId !== undefined && !NUMERIC.test(mediaId))
    p.add('--media', `must be a media id of 1 to 19 digits (got ${JSON.stringify(mediaId)})`);
  p.throwIfAny('invalid message');
  return { ...(text !== undefined ? { text } : {}), ...(mediaId !== undefined ? { attachments: [{ media_id: mediaId }] } : {}) };
}

function conversationSegment(id: string) {
  if (!CONVERSATION_ID.test(id))
    throw invalid(
      'dm_conversation_id',
      `must be <id>-<id> (one-to-one) or 15 to 19 digits (a group), got ${JSON.stringify(id.slice(0, 60))}`,
    );
  return idSegment(id, 'token', 'dm_conversation_id');
}

export const dmPlans = {
  toParticipant: (participantId: string, message: DmMessage): Planned => ({
    method: 'POST',
    path: joinPath('2', 'dm_conversations', 'with', idSegment(participantId, 'numeric', 'participant_id'), 'messages'),
    body: message as Record<string, unknown>,
  }),
  toConversation: (conversationId: string, message: DmMessage): Planned => ({
    method: 'POST',
    path: joinPath('2', 'dm_conversations', conversationSegment(conversationId), 'messages'),
    body: message as Record<string, unknown>,
  }),
  group: (participantIds: string[], message: DmMessage): Planned => {
    const n = participantIds.length;
    if (n < GROUP_PARTICIPANTS.min || n > GROUP_PARTICIPANTS.max)
      throw invalid('--participants', `a group needs ${GROUP_PARTICIPANTS.min} to ${GROUP_PARTICIPANTS.max} other participants (got ${n})`);
    return { method: 'POST', path: '/2/dm_conversations', body: { conversation_type: 'Group', participant_ids: participantIds, message } };
  },
};

/** Which events a listing reads: every conversation, the one with a participant, or one conversation by id. */
export type DmEventScope = { participantId?: string; conversationId?: string };

/** The first request of an event listing: all conversations, the one with a participant, or one by its id. */
export function dmEventsRequest(
  scope: string | DmEventScope | undefined,
  eventTypes: string[],
  query: Params,
): { method: string; path: string; query: Params } {
  const bad = eventTypes.filter((t) => !(DM_EVENT_TYPES as readonly string[]).includes(t));
  if (bad.length) throw invalid('--event-types', `must be among ${DM_EVENT_TYPES.join(', ')} (got ${bad.join(', ')})`);
  const { participantId, conversationId } = typeof scope === 'string' ? { participantId: scope, conversationId: undefined } : (scope ?? {});
  const path =
    conversationId !== undefined
      ? joinPath('2', 'dm_conversations', conversationSegment(conversationId), 'dm_events')
      : participantId === undefined
        ? '/2/dm_events'
        : joinPath('2', 'dm_conversations', 'with', idSegment(participantId, 'numeric', 'participant_id'), 'dm_events');
  return {
    method: 'GET',
    path,
    query: [
      ...query,
      ['dm_event.fields', DEFAULT_EVENT_FIELDS],
      ...(eventTypes.length ? ([['event_types', eventTypes.join(',')]] as Params) : []),
    ],
  };
}

/** One event by id (GET, or DELETE of a message the user sent). */
export function dmEventRequest(method: 'GET' | 'DELETE', eventId: string): { method: string; path: string; query?: Params } {
  const path = joinPath('2', 'dm_events', idSegment(eventId, 'numeric', 'event_id'));
  return method === 'GET' ? { method, path, query: [['dm_event.fields', DEFAULT_EVENT_FIELDS]] } : { method, path };
}
