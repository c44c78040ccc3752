// The posts created through POST /2/tweets as the read endpoints show them
// (posts lookup, a user's posts and mentions), so that what a bot posted can be
// read back as it was sent, not as made-up text. Objects are in the emulator's
// neutral field names (edit_history_post_ids, referenced_posts); each route
// spells them for the request as it does for its other posts.
import type { EmulatorState } from '../state.js';
import type { Obj } from './platform-data.js';
import { postingState, type EmuPost } from './platform-posting.js';

/** Newest version only, not deleted. */
const live = (p: EmuPost) => !p.deleted && p.history.at(-1) === p.id;

/** The created posts that pass `keep`, newest first. */
function created(state: EmulatorState, keep: (p: EmuPost) => boolean): EmuPost[] {
  return [...postingState(state).posts.values()].filter((p) => live(p) && keep(p)).sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
}

/** A user's created posts, newest first. */
export const createdBy = (state: EmulatorState, userId: string): EmuPost[] => created(state, (p) => p.author_id === userId);

/** Created posts that mention @username (case-insensitive), newest first. */
export function mentioning(state: EmulatorState, username: string): EmuPost[] {
  const at = new RegExp(`(^|[^A-Za-z0-9_])@${username}(?![A-Za-z0-9_])`, 'i');
  return created(state, (p) => at.test(p.text));
}

/** Whether `id` is a created post: 'deleted' once deleted (the lookup reports it not found). */
export function createdState(state: EmulatorState, id: string): 'live' | 'deleted' | undefined {
  const p = postingState(state).posts.get(id);
  return p ? (p.deleted ? 'deleted' : 'live') : undefined;
}

/** A created post with the fields the lookup can select, from what was posted. */
export function createdPost(state: EmulatorState, id: string): Obj | undefined {
  const s = postingState(state);
  const p = s.posts.get(id);
  if (!p || p.deleted) return undefined;
  const b = p.body;
  const replyTo: unknown = b.reply?.in_reply_to_tweet_id ?? b.reply?.in_reply_to_post_id;
  const quoted: unknown = b.quote_tweet_id ?? b.quote_post_id;
  const refs = [
    ...(typeof replyTo === 'string' ? [{ type: 'replied_to', id: replyTo }] : []),
    ...(typeof quoted === 'string' ? [{ type: 'quoted', id: quoted }] : []),
  ];
  const mediaIds: unknown[] = Array.isArray(b.media?.media_ids) ? b.media.media_ids : [];
  const root = s.posts.get(p.root) ?? p;
  const until = Date.parse(root.created_at) + 3_600_000;
  return {
    id: p.id,
    text: p.text,
    author_id: p.author_id,
    created_at: p.created_at,
    conversation_id: typeof replyTo === 'string' ? replyTo : p.root,
    possibly_sensitive: false,
    lang: 'en',
    ...(refs.length ? { referenced_posts: refs } : {}),
    ...(mediaIds.length ? { attachments: { media_keys: mediaIds.map((m) => `3_${String(m)}`) } } : {}),
    public_metrics: { repost_count: 0, reply_count: 0, like_count: 0, quote_count: 0, impression_count: 0 },
    entities: { mentions: mentionsOf(p.text) },
    edit_history_post_ids: p.history,
    edit_controls: {
      edits_remaining: root.edits_remaining,
      is_edit_eligible: root.edits_remaining > 0 && state.now() < until,
      editable_until: new Date(until).toISOString(),
    },
    reply_settings: typeof b.reply_settings === 'string' ? b.reply_settings : 'everyone',
    ...(typeof b.community_id === 'string' ? { community_id: b.community_id } : {}),
    ...(b.paid_partnership === true ? { paid_partnership: true } : {}),
  };
}

/** @mentions with their positions in code points, as the service's entities give them. */
function mentionsOf(text: string): Obj[] {
  const chars = [...text];
  const out: Obj[] = [];
  const joined = chars.join('');
  for (const m of joined.matchAll(/(?:^|[^A-Za-z0-9_])@([A-Za-z0-9_]{1,15})/g)) {
    const at = [...joined.slice(0, (m.index ?? 0) + m[0].length - m[1]!.length - 1)].length;
    out.push({ start: at, end: at + 1 + m[1]!.length, username: m[1] });
  }
  return out;
}
