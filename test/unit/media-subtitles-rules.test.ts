// The subtitle track rules (src/validate/subtitles.ts): media ids, the
// two-letter language code (lower case upper-cased), the category in every
// accepted spelling and its wire name per style, the default display name.
import { describe, expect, it } from 'vitest';
import { Problems } from '../../src/validate/rules.js';
import {
  displayName,
  parseSubtitlesCategory,
  subtitleMediaId,
  subtitlesCategoryChoices,
  subtitlesCategoryName,
  trackTarget,
} from '../../src/validate/subtitles.js';

const fields = (p: Problems) => p.list.map((x) => x.field);

describe('subtitle track rules', () => {
  it('a good target: the language upper-cased, the post video by default', () => {
    const p = new Problems();
    expect(trackTarget(p, '1720000000000000007', 'en', undefined)).toEqual({
      mediaId: '1720000000000000007',
      languageCode: 'EN',
      category: 'video',
    });
    expect(p.list).toEqual([]);
  });

  it('every broken field is named, all at once', () => {
    const p = new Problems();
    trackTarget(p, '12345678901234567890', 'ENG', 'video');
    expect(fields(p)).toEqual(['media_id', 'language_code', 'media_category']);
    for (const bad of ['E', 'E1', 'ÉN', 'ß', '']) {
      const q = new Problems();
      trackTarget(q, '1', bad, undefined);
      expect(fields(q), bad).toEqual(['language_code']);
    }
  });

  it('the category in either spelling and as the upload category; sent in the selected style', () => {
    for (const v of ['TweetVideo', 'PostVideo', 'tweet_video', 'post_video']) expect(parseSubtitlesCategory(v), v).toBe('video');
    for (const v of ['AmplifyVideo', 'amplify_video']) expect(parseSubtitlesCategory(v), v).toBe('amplify_video');
    for (const v of ['tweetvideo', 'dm_video', 'subtitles']) expect(parseSubtitlesCategory(v), v).toBeUndefined();
    expect(subtitlesCategoryName('video', 'official')).toBe('TweetVideo');
    expect(subtitlesCategoryName('video', 'neutral')).toBe('PostVideo');
    expect(subtitlesCategoryName('amplify_video', 'neutral')).toBe('AmplifyVideo');
    expect(subtitlesCategoryChoices()).toHaveLength(6);
  });

  it("display name: the one given, else the language's English name; a code without one needs it", () => {
    const p = new Problems();
    expect(displayName(p, 'EN', undefined)).toBe('English');
    expect(displayName(p, 'FR', undefined)).toBe('French');
    expect(displayName(p, 'FR', 'Français')).toBe('Français');
    expect(p.list).toEqual([]);
    displayName(p, 'SP', undefined);
    displayName(p, 'EN', '  ');
    displayName(p, 'EN', 'Eng\u001blish');
    expect(fields(p)).toEqual(['display_name', 'display_name', 'display_name']);
  });

  it('the subtitle media id is 1 to 19 digits', () => {
    const p = new Problems();
    subtitleMediaId(p, '1720000000000000032');
    expect(p.list).toEqual([]);
    subtitleMediaId(p, '../1');
    expect(fields(p)).toEqual(['subtitles.id']);
  });
});
