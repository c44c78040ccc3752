// Pure parts of issue 17 part 2: media upload limits and chunk plans, the
// multipart body an append sends (read back by the emulator's parser), the
// replay window, the card and video conversation card update validators, the
// PREROLL_VIEWS categories rule and the wire names of this block.
import { describe, expect, it } from 'vitest';
import { boundaryOf, parseMultipart } from '../../src/emulator/multipart.js';
import { multipartSegment } from '../../src/media/api.js';
import {
  CATEGORY_RULES,
  categoryName,
  chunkBytes,
  defaultCategory,
  isProcessed,
  parseCategory,
  planUpload,
} from '../../src/media/limits.js';
import { parseReplayTime, replayWindow, toReplayDate } from '../../src/platform/webhook-replay.js';
import { validateCardUpdate } from '../../src/validate/cards.js';
import { validateVideoConversationUpdate } from '../../src/validate/creatives-video-conversation.js';
import { checkAgainstLineItem } from '../../src/validate/line-item.js';
import { wire, wireTable } from '../../src/wire/names.js';

const MiB = 1024 * 1024;

describe('media upload plan', () => {
  it('derives type and category from the extension and splits into chunks', () => {
    const { plan, problems } = planUpload('clip.MP4', 3 * MiB + 1, {});
    expect(problems).toEqual([]);
    expect(plan).toMatchObject({ mediaType: 'video/mp4', category: 'video', chunkBytes: 2 * MiB, segments: 2 });
    expect(planUpload('a.gif', 10, {}).plan?.category).toBe('gif');
    expect(planUpload('a.jpeg', 10, { chunkSize: '1' }).plan).toMatchObject({ category: 'image', chunkBytes: MiB, segments: 1 });
    expect(planUpload('subs.vtt', 10, {}).plan?.category).toBe('subtitles');
  });
  it('size limits per category, at the byte', () => {
    expect(planUpload('a.png', 5 * MiB, {}).problems).toEqual([]);
    expect(planUpload('a.png', 5 * MiB + 1, {}).problems[0]).toMatchObject({ field: 'total_bytes' });
    expect(planUpload('a.gif', 15 * MiB + 1, {}).problems[0]).toMatchObject({ field: 'total_bytes' });
    expect(planUpload('a.mp4', 512 * MiB, {}).problems).toEqual([]);
    expect(planUpload('a.mp4', 512 * MiB + 1, { mediaCategory: 'amplify_video' }).problems[0]).toMatchObject({ field: 'total_bytes' });
  });
  it('categories take only their media types', () => {
    expect(planUpload('a.png', 10, { mediaCategory: 'tweet_video' }).problems[0]!.message).toContain('tweet_video takes video/mp4');
    expect(planUpload('a.mp4', 10, { mediaCategory: 'dm_gif' }).problems[0]!.field).toBe('media_category');
    expect(planUpload('a.bin', 10, {}).problems[0]!.field).toBe('media_type');
    expect(planUpload('a.bin', 10, { mediaType: 'model/gltf-binary' }).problems[0]!.message).toContain('no default for model/gltf-binary');
  });
  it('at most 1000 segments; chunk size 1 to 5 MiB', () => {
    expect(chunkBytes('0')).toContain('from 1 to 5');
    expect(chunkBytes('5')).toBe(5 * MiB);
    expect(chunkBytes('2.5')).toContain('whole number');
    expect(planUpload('a.srt', 1000 * MiB + 1, { chunkSize: '1' }).problems[0]).toMatchObject({ field: 'chunk_size' });
  });
  it('alt text: up to 1000 characters (code points), not for subtitles', () => {
    expect(planUpload('a.png', 10, { altText: '😀'.repeat(1000) }).problems).toEqual([]);
    expect(planUpload('a.png', 10, { altText: 'x'.repeat(1001) }).problems[0]!.field).toBe('alt_text');
    expect(planUpload('a.srt', 10, { altText: 'x' }).problems[0]!.message).toContain('subtitles take no alt text');
  });
  it('videos and GIFs are processed; images are not', () => {
    expect(isProcessed('video')).toBe(true);
    expect(isProcessed('gif')).toBe(true);
    expect(isProcessed('image')).toBe(false);
    expect(defaultCategory('image/heic')).toBeUndefined();
    expect(Object.keys(CATEGORY_RULES)).toHaveLength(8);
  });
});

describe('category names', () => {
  it("a post's own categories follow the name style; either spelling is accepted", () => {
    expect(categoryName('video', 'official')).toBe('tweet_video');
    expect(categoryName('video', 'neutral')).toBe('post_video');
    expect(categoryName('amplify_video', 'neutral')).toBe('amplify_video');
    expect(parseCategory('tweet_gif')).toBe('gif');
    expect(parseCategory('post_gif')).toBe('gif');
    expect(parseCategory('poster')).toBeUndefined();
    expect(planUpload('a.png', 10, { mediaCategory: 'post_image' }).plan?.category).toBe('image');
  });
});

describe('append body', () => {
  it('is multipart/form-data with segment_index and the media bytes, byte for byte', () => {
    const chunk = Buffer.from([0, 13, 10, 45, 45, 255, 1, 2]);
    const { body, contentType } = multipartSegment(7, chunk);
    const boundary = boundaryOf(contentType)!;
    const parts = parseMultipart(body, boundary);
    expect(parts.map((p) => p.name)).toEqual(['segment_index', 'media']);
    expect(parts[0]!.data.toString()).toBe('7');
    expect(Buffer.compare(parts[1]!.data, chunk)).toBe(0);
    expect(parts[1]!.contentType).toBe('application/octet-stream');
  });
  it('the emulator parser refuses a body without its boundary', () => {
    expect(() => parseMultipart(Buffer.from('nothing here'), 'abc')).toThrow('no boundary');
    expect(boundaryOf('application/json')).toBeUndefined();
  });
});

describe('replay window', () => {
  const now = Date.UTC(2026, 10, 23, 15, 0, 30);
  it('reads yyyymmddhhmm and ISO minutes', () => {
    expect(parseReplayTime('202611231400')).toBe(Date.UTC(2026, 10, 23, 14, 0));
    expect(parseReplayTime('2026-11-23T14:00Z')).toBe(Date.UTC(2026, 10, 23, 14, 0));
    expect(parseReplayTime('2026-11-23T14:00:30Z')).toContain('whole minute');
    expect(parseReplayTime('202613011200')).toContain('not a real UTC time');
    expect(toReplayDate(Date.UTC(2026, 0, 2, 3, 4))).toBe('202601020304');
  });
  it('24 hours back at most, from before to, to not after now', () => {
    expect(replayWindow('202611221501', '202611231500', now)).toMatchObject({
      from_date: '202611221501',
      to_date: '202611231500',
      problems: [],
    });
    expect(replayWindow('202611221500', '202611231500', now).problems[0]!.field).toBe('from_date');
    expect(replayWindow('202611231400', '202611231501', now).problems[0]!.message).toContain('future');
    expect(replayWindow('202611231400', '202611231400', now).problems[0]!.message).toContain('after from_date');
    expect(replayWindow(undefined, undefined, now).problems.map((p) => p.field)).toEqual(['from_date', 'to_date']);
  });
  it('relative times: that long before now, --from rounded up and --to down to a minute, so 24h is still inside', () => {
    const at = now; // 2026-11-23T15:00:30Z
    expect(replayWindow('3h', '90m', at)).toMatchObject({ from_date: '202611231201', to_date: '202611231330', problems: [] });
    expect(replayWindow('24h', '1m', at)).toMatchObject({ from_date: '202611221501', to_date: '202611231459', problems: [] });
    expect(replayWindow('25h', '1h', at).problems[0]!.field).toBe('from_date');
  });
});

describe('card update body', () => {
  const media = { type: 'MEDIA', media_key: '3_1' };
  const details = { type: 'DETAILS', title: 't', destination: { type: 'WEBSITE', url: 'https://example.com' } };
  it('takes any one field alone', () => {
    expect(validateCardUpdate({ name: 'x' })).toEqual([]);
    expect(validateCardUpdate({ components: [media, details] })).toEqual([]);
    expect(
      validateCardUpdate({
        slides: [
          [media, details],
          [media, details],
        ],
      }),
    ).toEqual([]);
  });
  it('checks each field given with the create rules', () => {
    expect(validateCardUpdate({})[0]!.message).toContain('nothing to update');
    expect(validateCardUpdate({ name: '' })[0]!.field).toBe('name');
    expect(
      validateCardUpdate({ components: [media] })
        .map((p) => p.message)
        .join(),
    ).toContain('DETAILS');
    expect(validateCardUpdate({ components: [media, details], slides: [] })[0]!.field).toBe('slides');
    expect(validateCardUpdate({ name: 'x', id: '1' })[0]!.field).toBe('id');
    expect(validateCardUpdate([])[0]!.field).toBe('(card)');
  });
});

describe('video conversation card update', () => {
  const card = { name: 'c', title: 'T', first_cta: '#A', first_cta_post: 'a', thank_you_text: 'x', media_key: '7_1' };
  it('lengths of the fields given', () => {
    expect(validateVideoConversationUpdate({ first_cta: `#${'x'.repeat(20)}` }).list).toEqual([]);
    expect(validateVideoConversationUpdate({ first_cta: 'x'.repeat(21) }).list[0]!.field).toBe('first_cta');
    expect(validateVideoConversationUpdate({}).list[0]!.message).toContain('nothing to update');
  });
  it('required-with rules against the card as it would be', () => {
    expect(validateVideoConversationUpdate({ second_cta: '#B' }, card).list.map((p) => p.field)).toEqual(['second_cta_post']);
    expect(validateVideoConversationUpdate({ second_cta: '#B', second_cta_post: 'b' }, card).list).toEqual([]);
    expect(validateVideoConversationUpdate({ third_cta_post: 'c' }, card).list[0]!.message).toContain('no third_cta');
    expect(validateVideoConversationUpdate({ name: 'n' }, { ...card, title: undefined }).list[0]!.field).toBe('title');
  });
});

describe('PREROLL_VIEWS categories', () => {
  const preroll = { objective: 'PREROLL_VIEWS', categories: ['IAB1'] };
  it('one or two categories; three is a problem naming the field', () => {
    expect(checkAgainstLineItem({ categories: 'IAB1' }, preroll).problems).toEqual([]);
    expect(checkAgainstLineItem({ categories: 'IAB1,IAB2' }, preroll).problems).toEqual([]);
    expect(checkAgainstLineItem({ categories: 'IAB1,IAB2,IAB3' }, preroll).problems).toEqual([
      { field: 'categories', message: 'PREROLL_VIEWS line items take 1 or 2 categories (got 3)' },
    ]);
    expect(checkAgainstLineItem({ categories: 'IAB1,IAB2,IAB3' }, { objective: 'ENGAGEMENTS' }).problems).toEqual([]);
  });
});

describe('wire names of this block', () => {
  it('CTA post texts: first_cta_tweet officially, first_cta_post in the neutral spelling', () => {
    expect(wire('param.first_cta_post', 'official')).toBe('first_cta_tweet');
    expect(wire('param.fourth_cta_post', 'neutral')).toBe('fourth_cta_post');
    expect(wireTable().filter(([k]) => /^param\.(first|second|third|fourth)_cta_post$/.test(k))).toHaveLength(4);
  });
});

describe('upload state extra facts (the media id a resumed upload needs)', () => {
  it('are written atomically with the confirmations and read back on --resume; absent when never set', async () => {
    const { mkdtempSync, writeFileSync, readFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { UploadState, inputIdentity } = await import('../../src/bulk/state.js');
    const dir = mkdtempSync(join(tmpdir(), 'postctl-state-'));
    const input = join(dir, 'in.bin');
    writeFileSync(input, 'abc');
    const path = join(dir, 'state.json');
    const quiet = { warn: () => {}, info: () => {} };
    const first = await UploadState.open(path, await inputIdentity(input), { a: 1 }, { resume: false, readOnly: false, ...quiet });
    first.confirm(0);
    await first.flush();
    expect(JSON.parse(readFileSync(path, 'utf8')).extra).toBeUndefined();
    first.setExtra({ media_id: '123', expires_at: 5 });
    first.confirm(1);
    await first.flush();
    const again = await UploadState.open(path, await inputIdentity(input), { a: 1 }, { resume: true, readOnly: false, ...quiet });
    expect(again.extra).toEqual({ media_id: '123', expires_at: 5 });
    expect(again.isConfirmed(0) && again.isConfirmed(1)).toBe(true);
    const fresh = await UploadState.open(path, await inputIdentity(input), { a: 1 }, { resume: false, readOnly: false, ...quiet });
    expect(fresh.extra).toEqual({});
  });
});
