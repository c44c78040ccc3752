// POST /2/tweets (create, or edit with edit_options.previous_post_id),
// DELETE /2/tweets/{id} and GET /2/tweets/{id}, served under the official and
// the neutral path (platform-names.ts). Stateful: created posts live in this
// family's slice; an edit makes a new post id, records the edit history on
// every version and spends one of the original's edits.
//
// The emulator's own rules (the real service's published limits): text at
// most 25,000 code points after NFC; at most 4 media ids; polls of 2-4
// options of 1-25 characters lasting 5-10,080 minutes; media, poll and quote
// exclude each other; edits within 1 hour of the first version, at most 5,
// only by the author, only of the newest version. A new post whose text is the
// same as one of the author's own posts of the last 24 hours is refused as the
// live service refuses it (DUPLICATE below). New ids are snowflakes of the
// emulator's clock, so since_id/until_id and search order hold for them too.
import { problem } from '../replies.js';
import type { Router } from '../router.js';
import { EMU_USER, type EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { fullPost, pick, postExists, type Obj } from './platform-data.js';
import { dualRoute, type NameOf } from './platform-names.js';

const POSTING_RULES = {
  textMax: 25_000,
  mediaMax: 4,
  pollOptions: [2, 4],
  pollOptionMax: 25,
  pollMinutes: [5, 10_080],
  replySettings: ['following', 'mentionedUsers', 'subscribers', 'verified'],
  editWindowMs: 60 * 60 * 1000,
  maxEdits: 5,
  // The service does not publish how far back it compares; a day is what its refusals have shown.
  duplicateWindowMs: 24 * 60 * 60 * 1000,
} as const;

/**
 * The live service's refusal of a post whose text repeats one of the author's recent posts: HTTP 403,
 * a problem of type about:blank (the v1.1 API answered code 187 "Status is a duplicate."; see
 * https://developer.x.com/en/support/x-api/error-troubleshooting). The detail text is the service's own.
 */
const DUPLICATE_DETAIL = 'You are not allowed to create a Tweet with duplicate content.';
const EPOCH = 1288834974657n;

const ID = /^[0-9]{1,19}$/;
const BODY_KEYS = [
  'text',
  'reply',
  'media',
  'poll',
  'reply_settings',
  'community_id',
  'paid_partnership',
  'share_with_followers',
  'edit_options',
  'card_uri',
  'direct_message_deep_link',
  'for_super_followers_only',
  'geo',
  'nullcast',
];

export interface EmuPost {
  id: string;
  text: string;
  author_id: string;
  created_at: string;
  /** Id of the first version; its entry holds the edit count. */
  root: string;
  /** Every version's id, oldest first (shared by all versions). */
  history: string[];
  edits_remaining: number;
  deleted?: boolean;
  body: Obj;
}

export interface PostingState {
  posts: Map<string, EmuPost>;
  /** The sequence part of the next snowflake id. */
  seq: number;
}

export const postingState = (state: EmulatorState): PostingState =>
  state.slice('platform-posting', () => ({ posts: new Map<string, EmuPost>(), seq: 1000 }));

/** A snowflake of the emulator's clock (time in the upper bits), as the service's ids are. */
function snowflake(s: PostingState, now: number): string {
  s.seq = (s.seq + 1) % 0x3fffff;
  return (((BigInt(now) - EPOCH) << 22n) + BigInt(s.seq)).toString();
}

/** One of the author's live posts of the duplicate window with the same text, if any. */
function duplicateOf(s: PostingState, author: string, text: string, now: number): EmuPost | undefined {
  if (!text) return undefined;
  for (const p of s.posts.values())
    if (!p.deleted && p.author_id === author && p.text === text && now - Date.parse(p.created_at) < POSTING_RULES.duplicateWindowMs)
      return p;
  return undefined;
}

const codePoints = (s: string) => [...s.normalize('NFC')].length;

export function invalid(message: string, parameter: string, value: unknown): EmuResponse {
  return problem(400, 'invalid-request', 'Invalid Request', 'One or more parameters to your request was invalid.', {
    errors: [{ message, parameters: { [parameter]: [typeof value === 'string' ? value : JSON.stringify(value)] } }],
  });
}

const forbidden = (detail: string) => problem(403, 'about:blank', 'Forbidden', detail);

/** Problems of a create body: the first one found, as the real API answers. */
function bodyProblem(b: Obj, name: NameOf): EmuResponse | undefined {
  const keys = [...BODY_KEYS, name('quoteId')];
  const unknown = Object.keys(b).find((k) => !keys.includes(k));
  if (unknown) return invalid(`[${unknown}] is not a valid field of the request body`, unknown, b[unknown]);
  if (b.text !== undefined && typeof b.text !== 'string') return invalid('`text` must be a string', 'text', b.text);
  if (typeof b.text === 'string' && codePoints(b.text) > POSTING_RULES.textMax)
    return invalid(`text is longer than ${POSTING_RULES.textMax} characters`, 'text', `${codePoints(b.text)} characters`);
  const media: unknown[] | undefined = b.media?.media_ids;
  if (
    b.media !== undefined &&
    (!Array.isArray(media) ||
      media.length < 1 ||
      media.length > POSTING_RULES.mediaMax ||
      !media.every((m) => typeof m === 'string' && ID.test(m)))
  )
    return invalid('media.media_ids must hold 1 to 4 media ids', 'media.media_ids', media);
  if (b.poll !== undefined) {
    const opts: unknown[] = Array.isArray(b.poll.options) ? b.poll.options : [];
    const [lo, hi] = POSTING_RULES.pollOptions;
    if (
      opts.length < lo ||
      opts.length > hi ||
      !opts.every((o) => typeof o === 'string' && codePoints(o) >= 1 && codePoints(o) <= POSTING_RULES.pollOptionMax)
    )
      return invalid('poll.options must hold 2 to 4 choices of 1 to 25 characters', 'poll.options', opts);
    const d = b.poll.duration_minutes;
    if (!Number.isInteger(d) || d < POSTING_RULES.pollMinutes[0] || d > POSTING_RULES.pollMinutes[1])
      return invalid('poll.duration_minutes must be between 5 and 10080', 'poll.duration_minutes', d);
  }
  const parts = ['media', 'poll', name('quoteId')].filter((k) => b[k] !== undefined);
  if (parts.length > 1) return invalid(`${parts.join(' and ')} are mutually exclusive`, parts[1]!, b[parts[1]!]);
  for (const k of [name('quoteId'), 'community_id'])
    if (b[k] !== undefined && !(typeof b[k] === 'string' && ID.test(b[k])))
      return invalid(`\`${k}\` does not match ^[0-9]{1,19}$`, k, b[k]);
  const replyTo = b.reply?.[name('replyToId')];
  if (b.reply !== undefined && !(typeof replyTo === 'string' && ID.test(replyTo)))
    return invalid(`reply.${name('replyToId')} is required: a post id`, `reply.${name('replyToId')}`, replyTo);
  if (b.reply_settings !== undefined && !(POSTING_RULES.replySettings as readonly string[]).includes(b.reply_settings))
    return invalid(`reply_settings must be one of [${POSTING_RULES.replySettings.join(',')}]`, 'reply_settings', b.reply_settings);
  if (b.share_with_followers === true && b.community_id === undefined)
    return invalid('share_with_followers needs community_id', 'share_with_followers', true);
  if (b.text === undefined && media === undefined) return invalid('text or media is required', 'text', '');
  return undefined;
}

function editProblem(s: PostingState, prevId: unknown, userId: string, now: number): EmuResponse | { prev: EmuPost } {
  if (typeof prevId !== 'string' || !ID.test(prevId))
    return invalid('edit_options.previous_post_id must be a post id', 'edit_options.previous_post_id', prevId);
  const prev = s.posts.get(prevId);
  if (!prev || prev.deleted)
    return problem(404, 'resource-not-found', 'Not Found Error', `Could not find post with id: [${prevId}].`, {
      resource_type: 'post',
      resource_id: prevId,
      parameter: 'edit_options.previous_post_id',
      value: prevId,
    });
  if (prev.author_id !== userId) return forbidden('You are not allowed to edit a post you did not author.');
  if (prev.history.at(-1) !== prev.id) return forbidden('Only the most recent version of a post can be edited.');
  const root = s.posts.get(prev.root)!;
  if (now >= Date.parse(root.created_at) + POSTING_RULES.editWindowMs)
    return forbidden('The edit window of this post has closed (1 hour after creation).');
  if (root.edits_remaining <= 0) return forbidden(`This post has been edited the maximum number of times (${POSTING_RULES.maxEdits}).`);
  return { prev };
}

function createOrEdit(req: EmuRequest, state: EmulatorState, name: NameOf): EmuResponse {
  const b = req.json<Obj>();
  if (!b || typeof b !== 'object' || Array.isArray(b)) return invalid('the request body must be a JSON object', 'body', '');
  const bad = bodyProblem(b, name);
  if (bad) return bad;
  const s = postingState(state);
  const userId = req.auth?.userId ?? EMU_USER.id;
  if (b.edit_options === undefined && typeof b.text === 'string' && duplicateOf(s, userId, b.text, state.now()))
    return problem(403, 'about:blank', 'Forbidden', DUPLICATE_DETAIL);
  const id = snowflake(s, state.now());
  let root = id;
  let history = [id];
  if (b.edit_options !== undefined) {
    const found = editProblem(s, b.edit_options?.previous_post_id, userId, state.now());
    if ('status' in found) return found;
    root = found.prev.root;
    history = [...found.prev.history, id];
    s.posts.get(root)!.edits_remaining--;
    for (const v of history.slice(0, -1)) s.posts.get(v)!.history = history;
  }
  const { edit_options: _e, ...content } = b;
  const text = typeof b.text === 'string' ? b.text : '';
  s.posts.set(id, {
    id,
    text,
    author_id: userId,
    created_at: new Date(state.now()).toISOString(),
    root,
    history,
    edits_remaining: POSTING_RULES.maxEdits,
    body: content,
  });
  return { status: 201, body: { data: { id, text, [name('editHistory')]: history } } };
}

/** A created post as the API shows it: current edit controls, history under the spelling's name. */
function showPost(s: PostingState, p: EmuPost, name: NameOf, now: number): Obj {
  const root = s.posts.get(p.root)!;
  const until = Date.parse(root.created_at) + POSTING_RULES.editWindowMs;
  const latest = p.history.at(-1) === p.id;
  return {
    id: p.id,
    text: p.text,
    author_id: p.author_id,
    created_at: p.created_at,
    [name('editHistory')]: p.history,
    edit_controls: {
      edits_remaining: root.edits_remaining,
      is_edit_eligible: latest && now < until && root.edits_remaining > 0,
      editable_until: new Date(until).toISOString(),
    },
    ...(p.body.reply_settings ? { reply_settings: p.body.reply_settings } : {}),
    ...(p.body.community_id ? { community_id: p.body.community_id } : {}),
    ...(p.body.paid_partnership ? { paid_partnership: true } : {}),
  };
}

function notFound(id: string, parameter: string): EmuResponse {
  return problem(404, 'resource-not-found', 'Not Found Error', `Could not find post with id: [${id}].`, {
    resource_type: 'post',
    resource_id: id,
    parameter,
    value: id,
  });
}

export function register(r: Router, state: EmulatorState): void {
  dualRoute(r, state, { method: 'POST', path: '/2/{posts}', api: 'platform', auth: 'user', handler: createOrEdit });

  dualRoute(r, state, {
    method: 'DELETE',
    path: '/2/{posts}/:id',
    api: 'platform',
    auth: 'user',
    handler: (req, state) => {
      const id = req.params.id!;
      if (!ID.test(id)) return invalid('`id` does not match ^[0-9]{1,19}$', 'id', id);
      const p = postingState(state).posts.get(id);
      if (!p || p.deleted) return notFound(id, 'id');
      if (p.author_id !== (req.auth?.userId ?? EMU_USER.id)) return forbidden('You are not allowed to delete a post you did not author.');
      p.deleted = true;
      return { status: 200, body: { data: { deleted: true } } };
    },
  });

  dualRoute(r, state, {
    method: 'GET',
    path: '/2/{posts}/:id',
    api: 'platform',
    auth: 'user-or-app',
    handler: (req, state, name) => {
      const id = req.params.id!;
      if (!ID.test(id)) return invalid('`id` does not match ^[0-9]{1,19}$', 'id', id);
      const fields = (req.query.get(name('postFields')) ?? '').split(',').filter(Boolean);
      const s = postingState(state);
      const mine = s.posts.get(id);
      if (mine?.deleted || (!mine && !postExists(id))) return notFound(id, 'id');
      const full = mine ? showPost(s, mine, name, state.now()) : seeded(id, name, state.now());
      return { status: 200, body: { data: pick(full, ['id', 'text', name('editHistory')], fields) } };
    },
  });
}

/** A seeded post (platform-data.ts) with its edit controls as of now and the history under the spelling's name. */
function seeded(id: string, name: NameOf, now: number): Obj {
  const { edit_history_post_ids: history, ...p } = fullPost(id);
  const until = Date.parse(p.created_at) + POSTING_RULES.editWindowMs;
  return {
    ...p,
    [name('editHistory')]: history,
    edit_controls: {
      edits_remaining: POSTING_RULES.maxEdits,
      is_edit_eligible: now < until,
      editable_until: new Date(until).toISOString(),
    },
  };
}
