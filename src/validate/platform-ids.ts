// Identifier rules of the platform API (platform-api.md) as checkers, shared by
// the commands (checked before sending) and the emulator (checked on receipt).
import { neutralize } from '../output/sanitize.js';
import type { Check } from './rules.js';

/** WebhookConfigId, post and user ids: 1 to 19 digits. */
export const NUMERIC_ID = /^[0-9]{1,19}$/;

export const numericId: Check = (v) =>
  NUMERIC_ID.test(v) ? undefined : `must be 1 to 19 digits (pattern ^[0-9]{1,19}$), got ${JSON.stringify(v)}`;

/** Streaming connection UUIDs (DELETE /2/connections takes them in `uuids`). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const connectionUuid: Check = (v) =>
  UUID.test(v) ? undefined : `must be a connection UUID such as 3f2504e0-4f89-11d3-9a0c-0305e82c3301, got ${JSON.stringify(v)}`;

// Post and user references as people paste them: a post is
// its id or its URL (https://x.com/<user>/status/<id>, twitter.com and the
// mobile/www hosts too); a user is an id, @handle (or a bare handle), a profile
// URL (https://x.com/<handle>) or https://x.com/i/user/<id>. Only digits come
// out, and joinPath checks them again, so a pasted URL never puts `..` or `/`
// into a path.
/** Usernames: 1 to 15 letters, digits or underscores (openapi v2.159 UserName). */
const USERNAME = /^[A-Za-z0-9_]{1,15}$/;
const HOSTS = /^(?:www\.|mobile\.|m\.)?(?:x|twitter)\.com$/i;
/** Path words on x.com that are not profiles. */
const RESERVED = new Set(['i', 'home', 'search', 'explore', 'settings', 'messages', 'notifications', 'intent', 'share']);

export type UserRef = { id: string; username?: never } | { username: string; id?: never };

/** The path segments of an x.com / twitter.com URL, or undefined for anything else. */
function platformPath(raw: string): string[] | undefined {
  if (!/^https?:\/\//i.test(raw)) return undefined;
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return undefined;
  }
  if (!HOSTS.test(u.hostname)) return undefined;
  return u.pathname.split('/').filter(Boolean);
}

/** A post id from an id or a post URL; undefined when it is neither. */
export function parsePostRef(raw: string): string | undefined {
  const s = raw.trim();
  if (NUMERIC_ID.test(s)) return s;
  const parts = platformPath(s);
  if (!parts) return undefined;
  // /<user>/status/<id>[/photo/1…], /i/web/status/<id>, /i/status/<id>
  const at = parts.findIndex((p) => p === 'status' || p === 'statuses');
  const id = at >= 0 ? parts[at + 1] : undefined;
  return id !== undefined && NUMERIC_ID.test(id) ? id : undefined;
}

/** A user from an id, @handle, bare handle or profile URL; undefined when it is none of those. */
export function parseUserRef(raw: string): UserRef | undefined {
  const s = raw.trim();
  if (NUMERIC_ID.test(s)) return { id: s };
  const handle = s.startsWith('@') ? s.slice(1) : s;
  if (USERNAME.test(handle)) return { username: handle };
  const parts = platformPath(s);
  if (!parts?.length) return undefined;
  if (parts[0] === 'i' && parts[1] === 'user' && NUMERIC_ID.test(parts[2] ?? '')) return { id: parts[2]! };
  if (!RESERVED.has(parts[0]!.toLowerCase()) && USERNAME.test(parts[0]!)) return { username: parts[0]! };
  return undefined;
}

/** A list id from an id or a list URL (https://x.com/i/lists/<id>); undefined when it is neither. */
export function parseListRef(raw: string): string | undefined {
  const s = raw.trim();
  if (NUMERIC_ID.test(s)) return s;
  const parts = platformPath(s);
  return parts && parts[0] === 'i' && parts[1] === 'lists' && NUMERIC_ID.test(parts[2] ?? '') ? parts[2] : undefined;
}

const shown = (v: string) => JSON.stringify(neutralize(v.length > 80 ? `${v.slice(0, 80)}…` : v));
export const BAD_POST = (v: string) =>
  `not a post id or post URL: must be 1 to 19 digits or https://x.com/<user>/status/<id> (got ${shown(v)})`;
export const BAD_USER = (v: string) =>
  `not a user id, @handle or profile URL: ids are 1 to 19 digits, handles 1 to 15 letters, digits or _ (got ${shown(v)})`;
