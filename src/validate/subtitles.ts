// Subtitle track rules (openapi v2.159 SubtitlesCreateRequest and
// SubtitlesDeleteRequest; v2.167 CreateMediaSubtitlesRequest and
// DeleteMediaSubtitlesRequest say the same, and make all three fields of the
// delete required): the video's media id and the subtitle file's media id are
// 1 to 19 digits (MediaId), the language code is two capital letters
// (SubtitleLanguageCode ^[A-Z]{2}$), the category is one of
// MediaCategorySubtitles (AmplifyVideo, TweetVideo; the post video's name comes
// from src/wire/names.ts). As data, checked before anything is sent.
import { wire, type NameStyle } from '../wire/names.js';
import { numericId } from './platform-ids.js';
import { didYouMean, type Problems } from './rules.js';

/** The category of the video a track belongs to, by a style-free id. */
export type SubtitlesCategory = 'video' | 'amplify_video';

/** The category's name on the wire for a name style. */
export function subtitlesCategoryName(id: SubtitlesCategory, style: NameStyle): string {
  return id === 'video' ? wire('value.subtitles_category.video', style) : 'AmplifyVideo';
}

/**
 * Every spelling --media-category takes: the description's names in both
 * styles, and the upload category the video was sent with (`media upload
 * --media-category amplify_video`), so one name works for both verbs.
 */
function categorySpellings(): Array<[string, SubtitlesCategory]> {
  const out: Array<[string, SubtitlesCategory]> = [];
  for (const style of ['official', 'neutral'] as const) {
    out.push([subtitlesCategoryName('video', style), 'video'], [wire('value.media_category.video', style), 'video']);
  }
  out.push(['AmplifyVideo', 'amplify_video'], ['amplify_video', 'amplify_video']);
  return out.filter(([name], i) => out.findIndex(([n]) => n === name) === i);
}

/** The category given in any accepted spelling, or undefined. */
export function parseSubtitlesCategory(value: string): SubtitlesCategory | undefined {
  return categorySpellings().find(([name]) => name === value)?.[1];
}

/** What --media-category takes, for help and messages. */
export function subtitlesCategoryChoices(): string[] {
  return categorySpellings().map(([name]) => name);
}

/** SubtitleLanguageCode: two capital letters; lower case input is upper-cased first (`en` is `EN`). */
const LANGUAGE_INPUT = /^[A-Za-z]{2}$/;

export interface TrackTarget {
  mediaId: string;
  languageCode: string;
  category: SubtitlesCategory;
}

/** The video, language and category of a track; every problem goes to `p`. Default category: the post video's. */
export function trackTarget(p: Problems, mediaId: string, language: string, category: string | undefined): TrackTarget {
  p.check('media_id', mediaId, [numericId]);
  if (!LANGUAGE_INPUT.test(language))
    p.add('language_code', `must be two letters A to Z, a language code such as EN (got ${JSON.stringify(language)})`);
  const parsed = category === undefined ? 'video' : parseSubtitlesCategory(category);
  if (!parsed) {
    const choices = subtitlesCategoryChoices();
    p.add('media_category', `must be one of ${choices.join(', ')} (got ${JSON.stringify(category)})${didYouMean(category!, choices)}`);
  }
  return { mediaId, languageCode: language.toUpperCase(), category: parsed ?? 'video' };
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The track's display name: the one given, or the language's English name
 * (Intl.DisplayNames: EN → English, FR → French). A code it does not know (the
 * reference's own example SP is not an ISO 639-1 code) needs --display-name.
 */
export function displayName(p: Problems, languageCode: string, given: string | undefined): string {
  if (given !== undefined) {
    if (given.trim() === '') p.add('display_name', 'must not be empty');
    else if (CONTROL.test(given)) p.add('display_name', 'must not contain control characters');
    return given;
  }
  if (!/^[A-Z]{2}$/.test(languageCode)) return '';
  const name = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(languageCode.toLowerCase());
  if (name === undefined)
    p.add('display_name', `no name known for the language code ${languageCode}; pass --display-name (e.g. --display-name "Español")`);
  return name ?? '';
}

/** --subtitle-media-id: the uploaded subtitle file's media id (MediaId). */
export function subtitleMediaId(p: Problems, id: string): string {
  p.check('subtitles.id', id, [numericId]);
  return id;
}
