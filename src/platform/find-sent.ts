// Looking for what an earlier attempt may have posted, when its answer was lost
// or the service refused a repeat: the user's recent posts (GET
// /2/users/{id}/tweets, newest first, one page of 100) or the direct-message
// conversation's recent events, matched by text and time. The service shows a
// post's text with &, < and > escaped as HTML entities and links shortened to
// t.co, so both sides are compared with entities decoded and every link as one token.
import type { ApiClient } from '../http/client.js';
import { idSegment, joinPath } from '../http/path.js';
import { wire } from '../wire/names.js';
import { dmEventsRequest, type DmEventScope } from './dm.js';
import type { CreatedEnvelope } from './posting.js';

const LINK = /https?:\/\/\S+/g;

/** The text as compared: NFC, entities decoded, links as one token, leading reply mentions and outer space dropped. */
export function comparable(text: string): string {
  return text
    .normalize('NFC')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(LINK, '<link>')
    .replace(/^(@[A-Za-z0-9_]{1,15}\s+)+/, '')
    .trim();
}

interface Listed {
  id?: unknown;
  text?: unknown;
  created_at?: unknown;
  sender_id?: unknown;
  dm_conversation_id?: unknown;
  event_type?: unknown;
}

/** Whether an item was made at or after `since` (an item without a time counts: its text decides). */
const madeSince = (item: Listed, since: number) => typeof item.created_at !== 'string' || Date.parse(item.created_at) >= since;

/** The user's post with this text made since `since`, as the create answer shows it. */
export async function findRecentPost(client: ApiClient, userId: string, text: string, since: number): Promise<CreatedEnvelope | undefined> {
  const want = comparable(text);
  if (!want) return undefined;
  const res = await client.request<{ data?: Listed[] }>({
    method: 'GET',
    path: joinPath('2', 'users', idSegment(userId, 'numeric', 'user id'), wire('path.posts', client.names)),
    query: [
      ['max_results', '100'],
      [wire('param.post.fields', client.names), 'created_at'],
    ],
  });
  const hit = (res.body?.data ?? []).find(
    (p) => typeof p.id === 'string' && typeof p.text === 'string' && comparable(p.text) === want && madeSince(p, since),
  );
  return hit ? { data: { id: hit.id as string, text: hit.text as string } } : undefined;
}

/** The user's message with this text in the conversation since `since`, as the send answer shows it. */
export async function findRecentMessage(
  client: ApiClient,
  scope: DmEventScope,
  me: string,
  text: string,
  since: number,
): Promise<{ data: Record<string, string> } | undefined> {
  const want = comparable(text);
  if (!want) return undefined;
  const req = dmEventsRequest(scope, ['MessageCreate'], [['max_results', '100']]);
  const res = await client.request<{ data?: Listed[] }>(req);
  const hit = (res.body?.data ?? []).find(
    (e) =>
      typeof e.id === 'string' && e.sender_id === me && typeof e.text === 'string' && comparable(e.text) === want && madeSince(e, since),
  );
  if (!hit) return undefined;
  return {
    data: {
      ...(typeof hit.dm_conversation_id === 'string' ? { dm_conversation_id: hit.dm_conversation_id } : {}),
      dm_event_id: hit.id as string,
    },
  };
}
