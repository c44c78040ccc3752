// `stream connect` and `events stream` on a terminal: one readable line per item
// (time, @author or event type, text), every part from the API neutralised and
// kept to one line. Piped, or with -o json/jsonl, they print JSON lines instead.
import { tableCell } from '../output/cells.js';

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);

/** "2026-11-26 11:12:59" from an ISO time (the receipt time when the item has none). */
function when(iso: unknown): string {
  const t = typeof iso === 'string' && !Number.isNaN(Date.parse(iso)) ? new Date(iso) : new Date();
  return t.toISOString().replace('T', ' ').slice(0, 19);
}

/** A post of the filtered stream: `time  @author  text` (the author's id when the username was not expanded). */
export function postLine(item: unknown): string {
  const data = obj(obj(item).data);
  const authorId = str(data.author_id);
  const users = obj(obj(item).includes).users;
  const user = Array.isArray(users) ? users.map(obj).find((u) => str(u.id) === authorId) : undefined;
  const author = str(user?.username) ? `@${str(user!.username)}` : authorId ? `user ${authorId}` : `post ${str(data.id) ?? '?'}`;
  return `${when(data.created_at)}  ${tableCell(author)}  ${tableCell(data.text ?? '')}`;
}

/** An activity event: `time  event_type  what` (a post's text, or the field that changed: before → after). */
export function eventLine(item: unknown): string {
  const data = obj(obj(item).data);
  const payload = obj(data.payload);
  let what: string;
  if (payload.text !== undefined) what = `${str(payload.author_id) ? `user ${str(payload.author_id)}: ` : ''}${str(payload.text) ?? ''}`;
  else if (payload.before !== undefined || payload.after !== undefined)
    what = `${str(payload.field) ?? 'value'}: ${str(payload.before) ?? ''} → ${str(payload.after) ?? ''}`;
  else what = Object.keys(payload).length ? JSON.stringify(payload) : '';
  return `${when(data.created_at)}  ${tableCell(data.event_type ?? 'event')}  ${tableCell(what)}`;
}
