// Flags and checks shared by `media subtitles add` and `media subtitles delete`.
import { UsageError } from '../../../errors/cli-error.js';
import { Problems } from '../../../validate/rules.js';
import { trackTarget, type TrackTarget } from '../../../validate/subtitles.js';
import type { OptionSpec } from '../../define.js';
import { authOption } from '../../_flags.js';

export const languageOption = {
  flags: '--language <code>',
  description: 'language code of the track: two letters A to Z (EN, FR, JA); lower case is upper-cased',
} as const satisfies OptionSpec;

export const categoryOption = {
  flags: '--media-category <category>',
  description:
    'category of the video: TweetVideo (default) or AmplifyVideo, sent in the selected wire-name style; also taken: PostVideo and the upload names tweet_video, post_video, amplify_video',
} as const satisfies OptionSpec;

export const subtitlesAuthOption = authOption(
  'user (OAuth 1.0a) when the profile holds an access token, else oauth2 (needs the media.write scope)',
);

/** The video, language and category, checked (exit 6 naming each bad field, nothing sent). */
export function checkedTarget(
  mediaId: string,
  language: string | undefined,
  category: string | undefined,
  p = new Problems(),
): TrackTarget {
  if (language === undefined) throw new UsageError('--language is required: the two-letter language code of the track (EN, FR…)');
  return trackTarget(p, mediaId, language, category);
}
