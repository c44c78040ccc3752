// Pure rule modules of the creatives: poll cards, video conversation cards,
// posts (media mix), media library fields and filters, list filters, media
// kinds, and the small formatting helpers.
import { describe, expect, it } from 'vitest';
import { aspectValue, formatDuration, kindFromKey } from '../../src/creatives/media-library.js';
import { cardUriList, enumList, idList } from '../../src/validate/creatives-lists.js';
import { pollMediaProblem, videoConversationMediaProblem } from '../../src/validate/creatives-media.js';
import { validateLibraryFields, validateLibraryFilters } from '../../src/validate/creatives-media-library.js';
import { validatePollCard, type PollParams } from '../../src/validate/creatives-poll.js';
import { mediaKeysProblem, validatePost, type PostParams } from '../../src/validate/creatives-post.js';
import { ctaLength, validateVideoConversationCard, type VccParams } from '../../src/validate/creatives-video-conversation.js';
import { Problems } from '../../src/validate/rules.js';

const fields = (p: Problems) => p.list.map((x) => x.field);

describe('poll cards', () => {
  const ok: PollParams = { name: 'Lunch', duration_in_minutes: '1440', first_choice: 'Pizza', second_choice: 'Salad' };
  it('accepts a valid poll, with third and fourth choices', () => {
    expect(validatePollCard(ok).list).toEqual([]);
    expect(validatePollCard({ ...ok, third_choice: 'Soup', fourth_choice: 'x'.repeat(25), duration_in_minutes: '5' }).list).toEqual([]);
    expect(validatePollCard({ ...ok, duration_in_minutes: '10080' }).list).toEqual([]);
  });
  it.each<[string, PollParams, string]>([
    ['name required', { ...ok, name: undefined }, 'name'],
    ['duration required', { ...ok, duration_in_minutes: undefined }, 'duration_in_minutes'],
    ['duration below 5', { ...ok, duration_in_minutes: '4' }, 'duration_in_minutes'],
    ['duration above 10080', { ...ok, duration_in_minutes: '10081' }, 'duration_in_minutes'],
    ['duration not whole', { ...ok, duration_in_minutes: '60.5' }, 'duration_in_minutes'],
    ['first choice required', { ...ok, first_choice: undefined }, 'first_choice'],
    ['choice over 25', { ...ok, second_choice: 'x'.repeat(26) }, 'second_choice'],
    ['fourth over 25', { ...ok, third_choice: 'a', fourth_choice: 'x'.repeat(26) }, 'fourth_choice'],
    ['third without second', { ...ok, second_choice: undefined, third_choice: 'Soup' }, 'third_choice'],
    ['fourth without third', { ...ok, fourth_choice: 'Tea' }, 'fourth_choice'],
  ])('%s', (_l, params, field) => {
    expect(fields(validatePollCard(params))).toContain(field);
  });
});

describe('video conversation cards', () => {
  const ok: VccParams = {
    name: 'V',
    media_key: '7_1',
    title: 'Pick',
    first_cta: '#Blue',
    first_cta_post: 'I am #Blue',
    thank_you_text: 'Thanks',
  };
  it('counts a CTA without its leading #', () => {
    expect(ctaLength('#' + 'x'.repeat(20))).toBe(20);
    expect(ctaLength('x'.repeat(20))).toBe(20);
    expect(validateVideoConversationCard({ ...ok, first_cta: '#' + 'x'.repeat(20) }).list).toEqual([]);
    expect(validateVideoConversationCard({ ...ok, first_cta: 'x'.repeat(20) }).list).toEqual([]);
  });
  it('accepts a second CTA instead of a title', () => {
    expect(validateVideoConversationCard({ ...ok, title: undefined, second_cta: '#Red', second_cta_post: 'Red' }).list).toEqual([]);
  });
  it.each<[string, VccParams, string]>([
    ['name required', { ...ok, name: undefined }, 'name'],
    ['media_key required', { ...ok, media_key: undefined }, 'media_key'],
    ['first_cta required', { ...ok, first_cta: undefined }, 'first_cta'],
    ['first_cta over 20 without #', { ...ok, first_cta: '#' + 'x'.repeat(21) }, 'first_cta'],
    ['first_cta only #', { ...ok, first_cta: '#' }, 'first_cta'],
    ['first_cta_post required', { ...ok, first_cta_post: undefined }, 'first_cta_post'],
    ['second_cta_post required with second_cta', { ...ok, second_cta: '#Red' }, 'second_cta_post'],
    ['third_cta over 20', { ...ok, third_cta: 'x'.repeat(21), third_cta_post: 'p' }, 'third_cta'],
    ['fourth_cta_post without fourth_cta', { ...ok, fourth_cta_post: 'p' }, 'fourth_cta_post'],
    ['title required without second_cta', { ...ok, title: undefined }, 'title'],
    ['title over 23', { ...ok, title: 'x'.repeat(24) }, 'title'],
    ['thank_you_text required', { ...ok, thank_you_text: undefined }, 'thank_you_text'],
    ['thank_you_text over 23', { ...ok, thank_you_text: 'x'.repeat(24) }, 'thank_you_text'],
  ])('%s', (_l, params, field) => {
    expect(fields(validateVideoConversationCard(params))).toContain(field);
  });
});

describe('posts', () => {
  const ok: PostParams = { as_user_id: '756201191', text: 'hi' };
  it('accepts text only, media only, and the limits exactly', () => {
    expect(validatePost(ok).list).toEqual([]);
    expect(validatePost({ as_user_id: '1', media_keys: ['3_1', '3_2', '3_3', '3_4'] }, new Map([['3_1', 'IMAGE']])).list).toEqual([]);
    expect(
      validatePost({
        ...ok,
        name: 'x'.repeat(80),
        video_title: 'x'.repeat(70),
        video_description: 'x'.repeat(200),
        conversation_settings: 'FOLLOWING',
        video_cta: 'WATCH_NOW',
        post_mode: 'extended',
      }).list,
    ).toEqual([]);
  });
  it.each<[string, PostParams, string]>([
    ['as_user_id required', { text: 'x' }, 'as_user_id'],
    ['as_user_id must be a long', { ...ok, as_user_id: 'bob' }, 'as_user_id'],
    ['text required without media', { as_user_id: '1' }, 'text'],
    ['name over 80', { ...ok, name: 'x'.repeat(81) }, 'name'],
    ['conversation_settings enum', { ...ok, conversation_settings: 'NOBODY' }, 'conversation_settings'],
    ['video_cta enum', { ...ok, video_cta: 'BUY' }, 'video_cta'],
    ['video_title over 70', { ...ok, video_title: 'x'.repeat(71) }, 'video_title'],
    ['video_description over 200', { ...ok, video_description: 'x'.repeat(201) }, 'video_description'],
    ['post_mode enum', { ...ok, post_mode: 'fancy' }, 'post_mode'],
    ['card_uri form', { ...ok, card_uri: '123' }, 'card_uri'],
  ])('%s', (_l, params, field) => {
    expect(fields(validatePost(params))).toContain(field);
  });
  it('media keys: up to 4 images, or 1 GIF, or 1 video', () => {
    const kinds = new Map([
      ['i1', 'IMAGE'],
      ['i2', 'IMAGE'],
      ['g', 'GIF'],
      ['v', 'VIDEO'],
    ]);
    expect(mediaKeysProblem(['i1', 'i2'], kinds)).toBeUndefined();
    expect(mediaKeysProblem(['g'], kinds)).toBeUndefined();
    expect(mediaKeysProblem(['v'], kinds)).toBeUndefined();
    expect(mediaKeysProblem(['i1', 'g'], kinds)).toMatch(/g is a GIF, so it must be the only media key/);
    expect(mediaKeysProblem(['v', 'i1'], kinds)).toMatch(/v is a VIDEO/);
    expect(mediaKeysProblem(['a', 'b', 'c', 'd', 'e'], new Map())).toMatch(/got 5 keys/);
    expect(mediaKeysProblem(['i1', 'i1'], kinds)).toMatch(/twice/);
  });
});

describe('media library', () => {
  it('applies the text limits', () => {
    expect(
      validateLibraryFields(
        { name: 'x'.repeat(100), file_name: 'x'.repeat(255), title: 'x'.repeat(70), description: 'x'.repeat(200) },
        'VIDEO',
      ).list,
    ).toEqual([]);
    expect(
      fields(
        validateLibraryFields(
          { name: 'x'.repeat(101), file_name: 'x'.repeat(256), title: 'x'.repeat(71), description: 'x'.repeat(201) },
          'VIDEO',
        ),
      ),
    ).toEqual(['name', 'file_name', 'title', 'description']);
  });
  it('keeps title, description and poster for videos', () => {
    expect(fields(validateLibraryFields({ title: 't', description: 'd', poster_media_key: '3_1' }, 'IMAGE'))).toEqual([
      'title',
      'description',
      'poster_media_key',
    ]);
    expect(fields(validateLibraryFields({ title: 't' }, 'GIF'))).toEqual(['title']);
    expect(validateLibraryFields({ title: 't' }, undefined).list).toEqual([]);
  });
  it('checks q (1 to 255) and media_type', () => {
    const types = ['GIF', 'IMAGE', 'VIDEO'];
    expect(validateLibraryFilters('a', 'VIDEO', types).list).toEqual([]);
    expect(fields(validateLibraryFilters('', undefined, types))).toEqual(['q']);
    expect(fields(validateLibraryFilters('x'.repeat(256), 'AUDIO', types))).toEqual(['q', 'media_type']);
  });
  it('tells kinds from key prefixes, formats durations and reads aspect ratios', () => {
    expect([kindFromKey('3_1'), kindFromKey('7_1'), kindFromKey('13_1'), kindFromKey('16_1'), kindFromKey('abc')]).toEqual([
      'IMAGE',
      'VIDEO',
      'VIDEO',
      'GIF',
      undefined,
    ]);
    expect([formatDuration(15300), formatDuration(60000), formatDuration(3723000), formatDuration(null), formatDuration('2500')]).toEqual([
      '0:15.3',
      '1:00',
      '1:02:03',
      '',
      '0:02.5',
    ]);
    expect(aspectValue('16:9')).toBeCloseTo(1.7778, 3);
    expect(aspectValue('1.91:1')).toBe(1.91);
    expect(aspectValue('wide')).toBeUndefined();
  });
  it('judges poll and conversation card media', () => {
    expect(pollMediaProblem('k', { media_type: 'IMAGE', aspect_ratio: '1.91:1' })).toBeUndefined();
    expect(pollMediaProblem('k', { media_type: 'IMAGE', aspect_ratio: '1:1' })).toMatch(/1.91:1/);
    expect(pollMediaProblem('k', { media_type: 'GIF' })).toMatch(/image or a video/);
    expect(pollMediaProblem('k', { media_type: 'VIDEO', aspect_ratio: '9:16' })).toBeUndefined();
    expect(videoConversationMediaProblem('k', { media_type: 'VIDEO', aspect_ratio: '16:9' })).toBeUndefined();
    expect(videoConversationMediaProblem('k', { media_type: 'VIDEO', aspect_ratio: '1:1' })).toMatch(/16:9/);
    expect(videoConversationMediaProblem('k', { media_type: 'IMAGE', aspect_ratio: '16:9' })).toMatch(/16:9 video/);
  });
});

describe('list filters', () => {
  it('caps id lists at 200 and checks enum lists and card URIs', () => {
    const p = new Problems();
    expect(idList(p, 'card_ids', Array.from({ length: 200 }, (_, i) => i).join(','))).toHaveLength(200);
    expect(p.list).toEqual([]);
    idList(p, 'card_ids', Array.from({ length: 201 }, (_, i) => i).join(','));
    expect(enumList(p, 'creative_types', 'preroll,BANNER', ['PREROLL', 'BANNER'])).toEqual(['PREROLL', 'BANNER']);
    enumList(p, 'creative_types', 'PREROLL,VIDEO', ['PREROLL']);
    cardUriList(p, 'card_uris', 'card://1,2');
    expect(p.list.map((x) => [x.field, x.message])).toEqual([
      ['card_ids', 'takes at most 200 ids (got 201)'],
      ['creative_types', '"VIDEO" is not a known value; allowed: PREROLL'],
      ['card_uris', 'each card URI has the form card://<card_id> (got "2")'],
    ]);
  });
});
