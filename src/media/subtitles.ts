// Subtitle tracks of an uploaded video: POST /2/media/subtitles associates an
// uploaded subtitle file (media category `subtitles`, SRT or WebVTT) with a
// video under a language code; DELETE /2/media/subtitles removes the track of
// one language. Both take a JSON body (openapi v2.159 SubtitlesCreateRequest,
// SubtitlesDeleteRequest; v2.167 has the same paths and keys). The answers are
// checked: an answer about another video, or without the fields the
// description requires, is not the API's (exit 7), never a silent gap.
import { NetworkError } from '../errors/cli-error.js';
import type { ApiClient } from '../http/client.js';
import { joinPath } from '../http/path.js';
import { clip, neutralize } from '../output/sanitize.js';

export interface SubtitleTrack {
  /** The subtitle file's media id. */
  id?: string;
  language_code?: string;
  display_name?: string;
}

export interface SubtitlesCreateBody {
  id: string;
  media_category: string;
  subtitles: { id: string; language_code: string; display_name: string };
}

export interface SubtitlesDeleteBody {
  id: string;
  language_code: string;
  media_category: string;
}

export interface SubtitlesAdded {
  /** The video's media id. */
  id: string;
  media_category: string;
  associated_subtitles: SubtitleTrack[];
}

/** The subtitles endpoint (POST adds a track, DELETE removes one). */
export const SUBTITLES_PATH = joinPath('2', 'media', 'subtitles');

/** Associates the track; the video's tracks as the service answers them. Not retried: the description does not say a second POST is harmless. */
export async function addSubtitles(client: ApiClient, body: SubtitlesCreateBody): Promise<{ data: SubtitlesAdded; body: unknown }> {
  const res = await client.request<{ data?: Record<string, unknown> }>({ method: 'POST', path: SUBTITLES_PATH, json: body });
  const data = aboutVideo(res.body?.data, body.id, 'add');
  return { data: { id: body.id, media_category: String(data.media_category ?? ''), associated_subtitles: tracks(data) }, body: res.body };
}

/** Removes the track of one language; `deleted` as the service answers it. */
export async function deleteSubtitles(client: ApiClient, body: SubtitlesDeleteBody): Promise<{ deleted: boolean; body: unknown }> {
  const res = await client.request<{ data?: { deleted?: unknown } }>({ method: 'DELETE', path: SUBTITLES_PATH, json: body });
  const deleted = res.body?.data?.deleted;
  if (typeof deleted !== 'boolean') throw new NetworkError('the delete answer has no data.deleted (true or false)');
  return { deleted, body: res.body };
}

/** The answer's data, about the video asked for and no other. */
function aboutVideo(data: Record<string, unknown> | undefined, mediaId: string, step: string): Record<string, unknown> {
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new NetworkError(`the ${step} answer has no data`);
  if (data.id !== undefined && data.id !== mediaId)
    throw new NetworkError(`the ${step} answer is about media ${clip(neutralize(String(data.id)), 40)}, not media ${mediaId}`, {
      hint: 'something other than the API answered (check the base URL and proxy).',
    });
  return data;
}

/**
 * associated_subtitles: an array of Subtitles in v2.159; v2.167 calls it an
 * object, so a single track object is read as a list of one.
 */
function tracks(data: Record<string, unknown>): SubtitleTrack[] {
  const raw = data.associated_subtitles;
  const list = Array.isArray(raw) ? raw : raw && typeof raw === 'object' ? [raw] : undefined;
  if (!list || list.length === 0) throw new NetworkError('the add answer has no associated_subtitles');
  return list.map((t) => {
    if (!t || typeof t !== 'object' || Array.isArray(t))
      throw new NetworkError('the add answer holds a subtitle track that is not an object');
    const o = t as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    const track: SubtitleTrack = {};
    if (str(o.id) !== undefined) track.id = str(o.id)!;
    if (str(o.language_code) !== undefined) track.language_code = str(o.language_code)!;
    if (str(o.display_name) !== undefined) track.display_name = str(o.display_name)!;
    return track;
  });
}
