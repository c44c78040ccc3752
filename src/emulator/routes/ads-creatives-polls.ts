// Poll cards and video conversation cards (ads-api.md "Creatives", "Errors"):
// query-parameter creates with the required-with rules, media checked against
// the library (polls: image 1.91:1 or video, media polls need the
// PROMOTED_MEDIA_POLLS feature; conversation cards: a 16:9 video), and lists.
// Poll cards have no update route: the API cannot update them.
import { nowIso } from './ads-core-common.js';
import { pageOf, requireAccount } from '../ads-support.js';
import { adsError, adsOk, fail } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest } from '../types.js';
import {
  bad,
  creatives,
  idFilter,
  len,
  libraryGet,
  missing,
  notFound,
  qParam,
  sorted,
  visible,
  type CreativesState,
  type FlatCard,
} from './ads-creatives-state.js';
import { incoming, outgoing, replySpelling, spell, spellingsOf, type ServedNames } from '../spelling.js';

const PAGE = { min: 1, max: 1000, def: 200 };
const CTAS = ['first_cta', 'second_cta', 'third_cta', 'fourth_cta'];

const get = (req: EmuRequest, name: string) => {
  const v = req.query.get(name);
  return v === null || v === '' ? undefined : v;
};

function ratio(r: string): number {
  const [w, h] = r.split(':').map(Number);
  return w! / h!;
}

/** A card reply in the server's spelling (first_cta_tweet … officially, first_cta_post … in the spec); stored cards stay neutral. */
function cardReply(req: EmuRequest, state: EmulatorState, data: unknown, extra: Record<string, unknown> = {}, status = 200) {
  return adsOk(req, outgoing(data, replySpelling(state.names)), extra, status);
}

function listRoute(r: Router, path: string, pick: (s: CreativesState) => FlatCard[]): void {
  r.route({
    method: 'GET',
    path,
    api: 'ads',
    auth: 'user',
    handler: (req, state) => {
      const s = creatives(state, requireAccount(req, state).id);
      const ids = idFilter(req, 'card_ids');
      const q = qParam(req, 0, 80);
      const items = sorted(
        req,
        pick(s).filter((c) => (!ids || ids.includes(c.id)) && (!q || c.name.toLowerCase().startsWith(q))),
      );
      const page = pageOf(req, items, PAGE);
      return cardReply(req, state, page.data, {
        next_cursor: page.next_cursor,
        ...(page.total_count !== undefined ? { total_count: page.total_count } : {}),
      });
    },
  });
  r.route({
    method: 'GET',
    path: `${path}/:card_id`,
    api: 'ads',
    auth: 'user',
    handler: (req, state) => {
      const card = visible(
        req,
        pick(creatives(state, requireAccount(req, state).id)).find((c) => c.id === req.params.card_id),
      );
      return card ? cardReply(req, state, card) : notFound(req, 'card_id', `Card ${req.params.card_id}`);
    },
  });
}

function createPoll(req: EmuRequest, state: EmulatorState): FlatCard {
  const acct = requireAccount(req, state);
  const s = creatives(state, acct.id);
  const name = get(req, 'name');
  if (!name) missing(req, 'name');
  if (len(name) > 80) bad(req, 'name', 'name must be at most 80 characters');
  const dur = get(req, 'duration_in_minutes');
  if (!dur) missing(req, 'duration_in_minutes');
  if (!/^\d+$/.test(dur) || +dur < 5 || +dur > 10080) bad(req, 'duration_in_minutes', 'duration_in_minutes must be between 5 and 10080');
  const choices = ['first_choice', 'second_choice', 'third_choice', 'fourth_choice'].map((c) => get(req, c));
  choices.forEach((c, i) => {
    const field = ['first_choice', 'second_choice', 'third_choice', 'fourth_choice'][i]!;
    if (i < 2 && !c) missing(req, field);
    if (c && len(c) > 25) bad(req, field, `${field} must be at most 25 characters`);
    if (c && choices.slice(0, i).some((prev) => !prev)) bad(req, field, `${field} needs every earlier choice`);
  });
  const key = get(req, 'media_key');
  let type = 'TEXT_POLLS';
  let video: Record<string, unknown> = {};
  if (key) {
    const item = libraryGet(s, key);
    if (!item) bad(req, 'media_key', `${key} is not in the account's media library`);
    if (item.media_type === 'GIF') bad(req, 'media_key', 'a poll takes an image or a video');
    if (item.media_type === 'IMAGE' && Math.abs(ratio(item.aspect_ratio) - 1.91) > 0.02)
      bad(req, 'media_key', 'poll images must be 1.91:1 and at least 800 px wide');
    if (!acct.features.includes('PROMOTED_MEDIA_POLLS'))
      fail(adsError(403, 'UNAUTHORIZED_ACCESS', 'Media polls need the PROMOTED_MEDIA_POLLS account feature', 'media_key', req));
    // VIDEO_POLLS for video, as the spec lists; images make an IMAGE_POLLS card as the real API does.
    type = item.media_type === 'VIDEO' ? 'VIDEO_POLLS' : 'IMAGE_POLLS';
    if (item.media_type === 'VIDEO') {
      video = {
        video_url: item.media_url,
        video_hls_url: item.media_url.replace(/\.mp4$/, '.m3u8'),
        video_width: '1920',
        video_height: '1080',
        video_poster_url: item.poster_media_url,
        video_poster_width: '1920',
        video_poster_height: '1080',
        content_duration_seconds: String(Math.round((item.duration ?? 0) / 1000)),
      };
    }
  }
  const id = state.nextId();
  const t = nowIso(state);
  // Numeric values come back as strings; media_key is write-only.
  const card: FlatCard = {
    id,
    name,
    card_type: type,
    card_uri: `card://${id}`,
    first_choice: choices[0],
    second_choice: choices[1],
    third_choice: choices[2] ?? null,
    fourth_choice: choices[3] ?? null,
    duration_in_minutes: String(Number(dur)),
    start_time: t,
    end_time: new Date(Date.parse(t) + Number(dur) * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    ...video,
    created_at: t,
    updated_at: t,
    deleted: false,
  };
  s.polls.push(card);
  return card;
}

function createConversation(req: EmuRequest, state: EmulatorState): FlatCard {
  const acct = requireAccount(req, state);
  const s = creatives(state, acct.id);
  const name = get(req, 'name');
  if (!name) missing(req, 'name');
  if (len(name) > 80) bad(req, 'name', 'name must be at most 80 characters');
  const key = get(req, 'media_key');
  if (!key) missing(req, 'media_key');
  const item = libraryGet(s, key);
  if (!item) bad(req, 'media_key', `${key} is not in the account's media library`);
  if (item.media_type !== 'VIDEO' || Math.abs(ratio(item.aspect_ratio) - 16 / 9) > 0.01)
    bad(req, 'media_key', 'media_key must be a 16:9 video');
  if (!get(req, 'first_cta')) missing(req, 'first_cta');
  // Each CTA's post text: first_cta_tweet officially, first_cta_post in the spec.
  const ctaText = (c: string) =>
    spellingsOf(state.names)
      .map((to) => get(req, spell('param', `${c}_post`, to)))
      .find((v) => v !== undefined);
  for (const cta of CTAS) {
    const v = get(req, cta);
    if (!v) continue;
    if (len(v.replace(/^#/, '')) > 20) bad(req, cta, `${cta} must be at most 20 characters, not counting the leading #`);
    if (!ctaText(cta)) missing(req, spell('param', `${cta}_post`, state.names === 'neutral' ? 'neutral' : 'official'));
  }
  const title = get(req, 'title');
  if (!title && !get(req, 'second_cta')) bad(req, 'title', 'title is required when second_cta is absent', 'MISSING_PARAMETER');
  if (title && len(title) > 23) bad(req, 'title', 'title must be at most 23 characters');
  const thanks = get(req, 'thank_you_text');
  if (!thanks) missing(req, 'thank_you_text');
  if (len(thanks) > 23) bad(req, 'thank_you_text', 'thank_you_text must be at most 23 characters');
  const id = state.nextId();
  const t = nowIso(state);
  const opt = (k: string) => get(req, k) ?? null;
  // unlocked_image_media_key is write-only.
  const card: FlatCard = {
    id,
    name,
    card_type: 'VIDEO_CONVERSATION',
    card_uri: `card://${id}`,
    title: title ?? null,
    ...Object.fromEntries(
      CTAS.flatMap((c) => [
        [c, opt(c)],
        [`${c}_post`, ctaText(c) ?? null],
      ]),
    ),
    thank_you_text: thanks,
    thank_you_url: opt('thank_you_url'),
    media_key: key,
    media_url: item.media_url,
    poster_media_url: item.poster_media_url,
    unlocked_video_media_key: opt('unlocked_video_media_key'),
    video_owner_id: req.auth?.userId ?? null,
    video_width: '1920',
    video_height: '1080',
    created_at: t,
    updated_at: t,
    deleted: false,
  };
  s.vccs.push(card);
  return card;
}

const VCC_UPDATABLE = [
  'name',
  'media_key',
  'title',
  ...CTAS,
  ...CTAS.map((c) => `${c}_post`),
  'thank_you_text',
  'thank_you_url',
  'poster_media_key',
  'unlocked_image_media_key',
  'unlocked_video_media_key',
];

/**
 * Query parameters folded onto the stored (neutral) names; unknown ones, and a
 * CTA post text spelled in a spelling the server does not serve, are an error.
 */
function vccParams(req: EmuRequest, mode: ServedNames): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of req.query) {
    const read = incoming('param', k, mode);
    const name = read.name;
    if (!read.known || !VCC_UPDATABLE.includes(name)) bad(req, k, `${k} is not a parameter of this endpoint`);
    out.set(name, v);
  }
  return out;
}

/** PUT …/cards/video_conversation/:card_id: each parameter given replaces the card's; the card must stay valid. */
function updateConversation(req: EmuRequest, state: EmulatorState): FlatCard {
  const s = creatives(state, requireAccount(req, state).id);
  const card = s.vccs.find((c) => c.id === req.params.card_id && !c.deleted);
  if (!card) notFound(req, 'card_id', `Card ${req.params.card_id}`);
  const q = vccParams(req, state.names);
  if (q.size === 0) bad(req, 'card_id', 'nothing to update', 'MISSING_PARAMETER');
  const next: Record<string, unknown> = { ...card };
  for (const [k, v] of q) {
    if (v === '') bad(req, k, `${k} must not be empty`);
    next[k] = v;
  }
  const txt = (k: string) => (typeof next[k] === 'string' && next[k] !== '' ? (next[k] as string) : undefined);
  const size = (k: string) => len(txt(k) ?? '');
  if (size('name') > 80) bad(req, 'name', 'name must be at most 80 characters');
  for (const cta of CTAS) {
    const v = txt(cta);
    if (v && len(v.replace(/^#/, '')) > 20) bad(req, cta, `${cta} must be at most 20 characters, not counting the leading #`);
    if (v && !txt(`${cta}_post`)) missing(req, spell('param', `${cta}_post`, replySpelling(state.names)));
  }
  if (!txt('title') && !txt('second_cta')) bad(req, 'title', 'title is required when second_cta is absent', 'MISSING_PARAMETER');
  if (size('title') > 23) bad(req, 'title', 'title must be at most 23 characters');
  if (size('thank_you_text') > 23) bad(req, 'thank_you_text', 'thank_you_text must be at most 23 characters');
  if (q.has('media_key')) {
    const item = libraryGet(s, q.get('media_key')!);
    if (!item) bad(req, 'media_key', `${q.get('media_key')} is not in the account's media library`);
    if (item.media_type !== 'VIDEO' || Math.abs(ratio(item.aspect_ratio) - 16 / 9) > 0.01)
      bad(req, 'media_key', 'media_key must be a 16:9 video');
    Object.assign(next, { media_url: item.media_url, poster_media_url: item.poster_media_url });
  }
  // unlocked_image_media_key is write-only.
  delete next.unlocked_image_media_key;
  Object.assign(card, next, { updated_at: nowIso(state) });
  return card;
}

export function registerPolls(r: Router): void {
  listRoute(r, '/12/accounts/:account_id/cards/poll', (s) => s.polls);
  r.route({
    method: 'POST',
    path: '/12/accounts/:account_id/cards/poll',
    api: 'ads',
    auth: 'user',
    handler: (req, state) => adsOk(req, createPoll(req, state), {}, 201),
  });
  listRoute(r, '/12/accounts/:account_id/cards/video_conversation', (s) => s.vccs);
  r.route({
    method: 'POST',
    path: '/12/accounts/:account_id/cards/video_conversation',
    api: 'ads',
    auth: 'user',
    handler: (req, state) => cardReply(req, state, createConversation(req, state), {}, 201),
  });
  r.route({
    method: 'PUT',
    path: '/12/accounts/:account_id/cards/video_conversation/:card_id',
    api: 'ads',
    auth: 'user',
    handler: (req, state) => cardReply(req, state, updateConversation(req, state)),
  });
}
