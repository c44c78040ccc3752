// Chat, the end-to-end encrypted conversations (openapi v2.159 tag "Chat"):
// the inbox, one conversation's message events, marking read, the typing
// indicator, sending a message built and encrypted by the caller's own chat
// client (base64 Thrift payloads: postctl passes them through), and a user's
// public keys. User context (OAuth 1.0a, or OAuth 2.0 with dm.read / dm.write).
import { invalid } from '../errors/cli-error.js';
import type { RequestOptions } from '../http/client.js';
import type { Params } from '../http/encode.js';
import { idSegment, joinPath } from '../http/path.js';

/** openapi v2.159 conversation_id: `<user id>-<user id>` for a direct conversation, `g<digits>` for a group. */
const CONVERSATION = /^([0-9]{1,19}-[0-9]{1,19}|g[0-9]{1,19})$/;

function conversation(id: string) {
  if (!CONVERSATION.test(id)) throw invalid('conversation_id', `must be <user id>-<user id> or g<digits>, got ${JSON.stringify(id)}`);
  return idSegment(id, 'token', 'conversation_id');
}

const at = (id: string, ...rest: string[]) => joinPath('2', 'chat', 'conversations', conversation(id), ...rest);

export const chatReads = {
  /** GET /2/chat/conversations: the inbox. */
  conversations: (query: Params): RequestOptions => ({ method: 'GET', path: '/2/chat/conversations', query }),
  /** GET /2/chat/conversations/{conversation_id}: its message events, newest first. */
  messages: (id: string, query: Params): RequestOptions => ({ method: 'GET', path: at(id), query }),
  /** GET /2/users/{id}/public_keys. */
  publicKeys: (userId: string, query: Params): RequestOptions => ({
    method: 'GET',
    path: joinPath('2', 'users', idSegment(userId, 'numeric', 'user_id'), 'public_keys'),
    query,
  }),
};

/** POST …/read: everything up to this sequence id is read (safe to resend). */
export function markReadRequest(id: string, seenUntil: string): RequestOptions {
  if (!/^[0-9]{1,19}$/.test(seenUntil)) throw invalid('--until', 'must be a message sequence id (digits)');
  return { method: 'POST', path: at(id, 'read'), json: { seen_until_sequence_id: seenUntil }, idempotent: true };
}

/** POST …/typing: no body. */
export const typingRequest = (id: string): RequestOptions => ({ method: 'POST', path: at(id, 'typing'), idempotent: true });

export interface EncryptedMessage {
  messageId: string;
  encodedEvent: string;
  signature?: string | undefined;
  conversationToken?: string | undefined;
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** POST …/messages with the caller's encrypted event; the message id makes a resend harmless. */
export function sendMessageRequest(id: string, m: EncryptedMessage): RequestOptions {
  if (!m.messageId.trim()) throw invalid('--message-id', 'must not be empty');
  if (!BASE64.test(m.encodedEvent)) throw invalid('--encoded-event', 'must be base64 (the encrypted MessageCreateEvent)');
  if (m.signature !== undefined && !BASE64.test(m.signature)) throw invalid('--signature', 'must be base64 (the MessageEventSignature)');
  const json = {
    message_id: m.messageId,
    encoded_message_create_event: m.encodedEvent,
    ...(m.signature !== undefined ? { encoded_message_event_signature: m.signature } : {}),
    ...(m.conversationToken !== undefined ? { conversation_token: m.conversationToken } : {}),
  };
  return { method: 'POST', path: at(id, 'messages'), json };
}
