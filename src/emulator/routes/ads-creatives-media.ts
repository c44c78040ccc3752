// Account media and the media library (ads-api.md "Creatives"): paging with
// the spec's bounds, filters, the library's text limits and video-only
// fields, and an AMPLIFY_VIDEO added to the library becoming PREROLL account media.
import { nowIso } from './ads-core-common.js';
import { pageOf, requireAccount } from '../ads-support.js';
import { adsOk } from '../replies.js';
import type { Router } from '../router.js';
import { outgoing, replySpelling } from '../spelling.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, Handler } from '../types.js';
import {
  bad,
  creatives,
  idFilter,
  len,
  libraryGet,
  libraryItem,
  missing,
  notFound,
  qParam,
  shortId,
  sorted,
  uploadFor,
  visible,
  type CreativesState,
} from './ads-creatives-state.js';

const CREATIVE_TYPES = [
  'BANNER',
  'BANNER_TABLET',
  'INTERSTITIAL',
  'INTERSTITIAL_LANDSCAPE',
  'INTERSTITIAL_LANDSCAPE_TABLET',
  'INTERSTITIAL_TABLET',
  'MEDIUM_RECTANGLE',
  'PREROLL',
  'VAST_PREROLL',
];
const LIMITS: Record<string, number> = { name: 100, file_name: 255, title: 70, description: 200 };
const VIDEO_ONLY = ['title', 'description', 'poster_media_key'];
const EDITABLE = ['name', 'file_name', 'title', 'description', 'poster_media_key'] as const;

/**
 * A media library reply in the server's spelling: `tweeted` and TWEET_IMAGE …
 * officially, `posted` and POST_IMAGE … in the spec (the stored item stays neutral).
 */
function libraryReply(req: EmuRequest, state: EmulatorState, data: unknown, extra: Record<string, unknown> = {}, status = 200) {
  return adsOk(req, outgoing(data, replySpelling(state.names)), extra, status);
}

function account(req: EmuRequest, state: EmulatorState): CreativesState {
  return creatives(state, requireAccount(req, state).id);
}

/** Checks and applies name, file_name, title, description, poster_media_key from the query. */
function applyFields(req: EmuRequest, s: CreativesState, item: { media_type: string }, target: Record<string, unknown>): void {
  for (const f of EDITABLE) {
    const v = req.query.get(f);
    if (v === null) continue;
    if (LIMITS[f] !== undefined && len(v) > LIMITS[f]!) bad(req, f, `${f} must be at most ${LIMITS[f]} characters`);
    if (VIDEO_ONLY.includes(f) && item.media_type !== 'VIDEO') bad(req, f, `${f} applies to videos only`);
    if (f === 'poster_media_key') {
      const poster = libraryGet(s, v) ?? uploadFor(s, v);
      if (poster?.media_type !== 'IMAGE') bad(req, f, 'poster_media_key must be an uploaded image');
      target.poster_media_url = `https://media.emulator.invalid/img/${v}.jpg`;
    }
    target[f] = v;
  }
}

const listAccountMedia: Handler = (req, state) => {
  const s = account(req, state);
  const ids = idFilter(req, 'account_media_ids');
  const typesRaw = idFilter(req, 'creative_types');
  for (const t of typesRaw ?? []) if (!CREATIVE_TYPES.includes(t)) bad(req, 'creative_types', `${t} is not a creative type`);
  const items = sorted(
    req,
    s.accountMedia.filter((m) => (!ids || ids.includes(m.id)) && (!typesRaw || typesRaw.includes(m.creative_type))),
  );
  const page = pageOf(req, items, { min: 1, max: 1000, def: 200 });
  return adsOk(req, page.data, {
    next_cursor: page.next_cursor,
    ...(page.total_count !== undefined ? { total_count: page.total_count } : {}),
  });
};

const getAccountMedia: Handler = (req, state) => {
  const item = visible(
    req,
    account(req, state).accountMedia.find((m) => m.id === req.params.account_media_id),
  );
  return item ? adsOk(req, item) : notFound(req, 'account_media_id', `Account media ${req.params.account_media_id}`);
};

const deleteAccountMedia: Handler = (req, state) => {
  const item = account(req, state).accountMedia.find((m) => m.id === req.params.account_media_id && !m.deleted);
  if (!item) notFound(req, 'account_media_id', `Account media ${req.params.account_media_id}`);
  Object.assign(item, { deleted: true, updated_at: nowIso(state) });
  return adsOk(req, item);
};

const listLibraryMedia: Handler = (req, state) => {
  const s = account(req, state);
  const type = req.query.get('media_type');
  if (type !== null && !['GIF', 'IMAGE', 'VIDEO'].includes(type)) bad(req, 'media_type', 'media_type must be GIF, IMAGE or VIDEO');
  const q = qParam(req, 1, 255);
  const hit = (v: string | null) => v?.toLowerCase().includes(q!);
  const items = s.library.filter(
    (i) =>
      !i.deleted &&
      (type === null || i.media_type === type) &&
      (q === undefined || hit(i.name) || hit(i.title) || hit(i.file_name) || hit(i.description)),
  );
  const page = pageOf(req, items, { min: 1, max: 50, def: 20 });
  return libraryReply(req, state, page.data, { next_cursor: page.next_cursor });
};

const getLibraryMedia: Handler = (req, state) => {
  const item = libraryGet(account(req, state), req.params.media_key!);
  return item ? libraryReply(req, state, item) : notFound(req, 'media_key', `Media ${req.params.media_key}`);
};

const addLibraryMedia: Handler = (req, state) => {
  const s = account(req, state);
  const key = req.query.get('media_key');
  if (!key) missing(req, 'media_key');
  if (libraryGet(s, key)) bad(req, 'media_key', `${key} is already in the media library`, 'DUPLICATE');
  const upload = uploadFor(s, key);
  if (!upload) bad(req, 'media_key', `${key} is not an uploaded media key (upload it with a media_category first)`);
  const t = nowIso(state);
  const item = libraryItem(upload, {}, t);
  applyFields(req, s, item, item as unknown as Record<string, unknown>);
  s.library = s.library.filter((i) => i.media_key !== key);
  s.library.unshift(item);
  // ads-api.md: an AMPLIFY_VIDEO in the media library becomes a PREROLL account media asset.
  if (item.media_category === 'AMPLIFY_VIDEO') {
    s.accountMedia.unshift({
      id: shortId(s),
      creative_type: 'PREROLL',
      video_id: key.split('_')[1]!,
      media_url: null,
      created_at: t,
      updated_at: t,
      deleted: false,
    });
  }
  return libraryReply(req, state, item, {}, 201);
};

const updateLibraryMedia: Handler = (req, state) => {
  const s = account(req, state);
  const item = libraryGet(s, req.params.media_key!);
  if (!item) notFound(req, 'media_key', `Media ${req.params.media_key}`);
  const changes: Record<string, unknown> = {};
  applyFields(req, s, item, changes);
  Object.assign(item, changes, { updated_at: nowIso(state) });
  return libraryReply(req, state, item);
};

const deleteLibraryMedia: Handler = (req, state) => {
  const item = libraryGet(account(req, state), req.params.media_key!);
  if (!item) notFound(req, 'media_key', `Media ${req.params.media_key}`);
  Object.assign(item, { deleted: true, updated_at: nowIso(state) });
  return libraryReply(req, state, item);
};

export function registerMedia(r: Router): void {
  r.route({ method: 'GET', path: '/12/accounts/:account_id/account_media', api: 'ads', auth: 'user', handler: listAccountMedia });
  r.route({
    method: 'GET',
    path: '/12/accounts/:account_id/account_media/:account_media_id',
    api: 'ads',
    auth: 'user',
    handler: getAccountMedia,
  });
  r.route({
    method: 'DELETE',
    path: '/12/accounts/:account_id/account_media/:account_media_id',
    api: 'ads',
    auth: 'user',
    handler: deleteAccountMedia,
  });

  r.route({ method: 'GET', path: '/12/accounts/:account_id/media_library', api: 'ads', auth: 'user', handler: listLibraryMedia });
  r.route({ method: 'GET', path: '/12/accounts/:account_id/media_library/:media_key', api: 'ads', auth: 'user', handler: getLibraryMedia });
  r.route({ method: 'POST', path: '/12/accounts/:account_id/media_library', api: 'ads', auth: 'user', handler: addLibraryMedia });
  r.route({
    method: 'PUT',
    path: '/12/accounts/:account_id/media_library/:media_key',
    api: 'ads',
    auth: 'user',
    handler: updateLibraryMedia,
  });
  r.route({
    method: 'DELETE',
    path: '/12/accounts/:account_id/media_library/:media_key',
    api: 'ads',
    auth: 'user',
    handler: deleteLibraryMedia,
  });
}
