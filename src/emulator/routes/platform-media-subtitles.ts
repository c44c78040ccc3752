// Subtitle tracks of uploaded videos (openapi v2.159 POST and DELETE
// /2/media/subtitles, JSON bodies SubtitlesCreateRequest and
// SubtitlesDeleteRequest; v2.167 makes the delete's three fields required).
// The emulator's own rules, written from the reference: the body's keys, media
// ids of 1 to 19 digits, a two-capital language code, the MediaCategorySubtitles
// enum in the spelling this server serves; the video must be a finalized
// tweet_video or amplify_video upload of this server (or a seeded one) of that
// category, and the subtitle media a finalized `subtitles` upload. One track
// per language: adding a language again replaces its track. State is kept per
// video so tests can read it (`subtitleTracks`).
import { fail, problem } from '../replies.js';
import type { Router } from '../router.js';
import { incoming, spell, type Spelling } from '../spelling.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { mediaSessions } from './platform-media.js';

/** Seeded: a processed post video with an English track, a processed amplify video with a Spanish one, and an uploaded SRT file not yet attached. */
export const EMU_SUBTITLED_VIDEO = '1720000000000000007';
export const EMU_AMPLIFY_VIDEO = '1720000000000000013';
export const EMU_SUBTITLE_FILE = '1720000000000000032';
const EMU_ENGLISH_FILE = '1720000000000000031';
const EMU_SPANISH_FILE = '1720000000000000033';

/** Internal (neutral) category names, by the upload category of the video. */
const CATEGORY_OF_UPLOAD: Record<string, string> = { tweet_video: 'PostVideo', amplify_video: 'AmplifyVideo' };
const CATEGORIES = ['AmplifyVideo', 'PostVideo'];
const MEDIA_ID = /^[0-9]{1,19}$/;
const LANGUAGE = /^[A-Z]{2}$/;
const CREATE_KEYS = ['id', 'media_category', 'subtitles'];
const TRACK_KEYS = ['id', 'language_code', 'display_name'];
const DELETE_KEYS = ['id', 'language_code', 'media_category'];

export interface EmuSubtitleTrack {
  id: string;
  language_code: string;
  display_name?: string;
}

interface SubtitlesState {
  /** Seeded videos and subtitle files, by media id → internal category or 'subtitles'. */
  seeded: Map<string, string>;
  /** Video media id → language code → track. */
  tracks: Map<string, Map<string, EmuSubtitleTrack>>;
}

function subtitlesState(state: EmulatorState): SubtitlesState {
  return state.slice('platform-media-subtitles', () => ({
    seeded: new Map([
      [EMU_SUBTITLED_VIDEO, 'PostVideo'],
      [EMU_AMPLIFY_VIDEO, 'AmplifyVideo'],
      [EMU_ENGLISH_FILE, 'subtitles'],
      [EMU_SUBTITLE_FILE, 'subtitles'],
      [EMU_SPANISH_FILE, 'subtitles'],
    ]),
    tracks: new Map([
      [EMU_SUBTITLED_VIDEO, new Map([['EN', { id: EMU_ENGLISH_FILE, language_code: 'EN', display_name: 'English' }]])],
      [EMU_AMPLIFY_VIDEO, new Map([['ES', { id: EMU_SPANISH_FILE, language_code: 'ES', display_name: 'Español' }]])],
    ]),
  }));
}

/** The tracks of a video, by language code (empty when it has none). */
export function subtitleTracks(state: EmulatorState, videoId: string): Map<string, EmuSubtitleTrack> {
  return subtitlesState(state).tracks.get(videoId) ?? new Map();
}

type Obj = Record<string, unknown>;

const invalid = (detail: string, parameter: string, value: unknown): never =>
  fail(problem(400, 'invalid-request', 'Invalid Request', detail, { errors: [{ message: detail, parameters: { [parameter]: [value] } }] }));

function objectBody(req: EmuRequest, keys: string[]): Obj {
  let body: unknown;
  try {
    body = req.json();
  } catch {
    invalid('The request body is not valid JSON', 'body', null);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) invalid('The request body must be a JSON object', 'body', null);
  for (const k of Object.keys(body as Obj)) if (!keys.includes(k)) invalid(`Unknown field [${k}]`, k, (body as Obj)[k]);
  return body as Obj;
}

function pattern(value: unknown, re: RegExp, name: string): string {
  if (typeof value !== 'string' || !re.test(value))
    invalid(`The \`${name}\` value [${String(value ?? '')}] does not match ${re.source}`, name, value);
  return value as string;
}

/** The category as sent, internal name and spelling; a name this server does not serve is not in the enum. */
function category(state: EmulatorState, value: unknown): { name: string; spelling: Spelling } {
  const r = typeof value === 'string' ? incoming('value', value, state.names) : undefined;
  if (!r?.known || !CATEGORIES.includes(r.name)) {
    const served =
      state.names === 'official' ? ['AmplifyVideo', 'TweetVideo'] : state.names === 'neutral' ? CATEGORIES : [...CATEGORIES, 'TweetVideo'];
    invalid(`media_category must be one of ${served.join(', ')}`, 'media_category', value);
  }
  return { name: r!.name, spelling: r!.spelling ?? 'official' };
}

/** What a media id is here: an internal video category, 'subtitles', another upload's category, or undefined. */
function mediaKind(state: EmulatorState, id: string): string | undefined {
  const seeded = subtitlesState(state).seeded.get(id);
  if (seeded) return seeded;
  const s = mediaSessions(state).get(id);
  if (!s?.bytes || s.step === 'failed') return undefined;
  return CATEGORY_OF_UPLOAD[s.media_category] ?? s.media_category;
}

function requireVideo(state: EmulatorState, id: string, cat: string): void {
  const kind = mediaKind(state, id);
  if (kind === undefined)
    fail(
      problem(404, 'resource-not-found', 'Not Found Error', `Could not find media with id: [${id}].`, {
        parameter: 'id',
        value: id,
        resource_id: id,
        resource_type: 'media',
      }),
    );
  if (kind !== cat) invalid(`Media [${id}] is not a ${spell('value', cat, 'official')} upload`, 'media_category', cat);
}

function create(req: EmuRequest, state: EmulatorState): EmuResponse {
  const body = objectBody(req, CREATE_KEYS);
  const id = pattern(body.id, MEDIA_ID, 'id');
  const cat = category(state, body.media_category);
  const sub = body.subtitles as Obj | undefined;
  if (!sub || typeof sub !== 'object' || Array.isArray(sub))
    return invalid('`subtitles` is required: {id, language_code, display_name}', 'subtitles', null);
  for (const k of Object.keys(sub)) if (!TRACK_KEYS.includes(k)) invalid(`Unknown field [subtitles.${k}]`, `subtitles.${k}`, sub[k]);
  const fileId = pattern(sub.id, MEDIA_ID, 'subtitles.id');
  const language = pattern(sub.language_code, LANGUAGE, 'subtitles.language_code');
  if (sub.display_name !== undefined && typeof sub.display_name !== 'string')
    invalid('subtitles.display_name must be a string', 'subtitles.display_name', sub.display_name);
  requireVideo(state, id, cat.name);
  if (mediaKind(state, fileId) !== 'subtitles') invalid(`Media [${fileId}] is not an uploaded subtitles file`, 'subtitles.id', fileId);
  const all = subtitlesState(state).tracks;
  const tracks = all.get(id) ?? new Map<string, EmuSubtitleTrack>();
  all.set(id, tracks);
  tracks.set(language, {
    id: fileId,
    language_code: language,
    ...(sub.display_name !== undefined ? { display_name: sub.display_name as string } : {}),
  });
  const data = { id, media_category: spell('value', cat.name, cat.spelling), associated_subtitles: [...tracks.values()] };
  return { status: 200, body: { data } };
}

function remove(req: EmuRequest, state: EmulatorState): EmuResponse {
  const body = objectBody(req, DELETE_KEYS);
  const id = pattern(body.id, MEDIA_ID, 'id');
  const language = pattern(body.language_code, LANGUAGE, 'language_code');
  const cat = category(state, body.media_category);
  requireVideo(state, id, cat.name);
  const tracks = subtitleTracks(state, id);
  if (!tracks.has(language))
    fail(
      problem(
        404,
        'resource-not-found',
        'Not Found Error',
        `Could not find subtitles with language_code: [${language}] for media: [${id}].`,
        {
          parameter: 'language_code',
          value: language,
          resource_id: id,
          resource_type: 'media',
        },
      ),
    );
  tracks.delete(language);
  return { status: 200, body: { data: { deleted: true } } };
}

export function register(r: Router, state: EmulatorState): void {
  r.route({ method: 'POST', path: '/2/media/subtitles', api: 'platform', auth: 'user', handler: (req) => create(req, state) });
  r.route({ method: 'DELETE', path: '/2/media/subtitles', api: 'platform', auth: 'user', handler: (req) => remove(req, state) });
}
