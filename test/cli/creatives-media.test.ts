// `postctl ads media` (account media) and `postctl ads media-library` against
// the emulator: paging within the spec's bounds, filters, the readable table,
// add (with the AMPLIFY_VIDEO → PREROLL note), update, delete; every rule
// rejected before sending.
import { describe, expect, it } from 'vitest';
import { freshEmulator } from '../helpers/emulator.js';
import { expectRejected } from '../fixtures/creatives/expect-rejected.js';

const ACCOUNT = '18ce54d4x5t';
const IMG = '3_1720000000000000001';
const VID = '7_1720000000000000022';
const GIF = '16_1720000000000000026';

const emu = freshEmulator({});

describe('ads media-library', () => {
  it('pages through the 30 seeded items with --count 7 --all (5 requests) and --limit', async () => {
    const before = emu.state.requests('GET', `/12/accounts/${ACCOUNT}/media_library`).length;
    const r = await emu.run(['ads', 'media-library', 'list', '--count', '7', '--all', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const keys = r.json().data.map((m: { media_key: string }) => m.media_key);
    expect(keys).toHaveLength(30);
    expect(new Set(keys).size).toBe(30);
    expect(emu.state.requests('GET', `/12/accounts/${ACCOUNT}/media_library`).length - before).toBe(5);
    const limited = await emu.run(['ads', 'media-library', 'list', '--count', '4', '--limit', '10', '-o', 'json']);
    expect(limited.json().data).toHaveLength(10);
  });

  it('one page by default (API default 20), with next_cursor in the envelope', async () => {
    const r = await emu.run(['ads', 'media-library', 'list', '-o', 'json']);
    expect(r.json().data).toHaveLength(20);
    expect(r.json().next_cursor).toEqual(expect.any(String));
  });

  it('shows key, type, status, duration, aspect ratio and name at a glance', async () => {
    const r = await emu.run(['ads', 'media-library', 'list', '--media-type', 'video', '-o', 'table']);
    expect(r.code, r.stderr).toBe(0);
    const [head, ...rows] = r.stdout.trimEnd().split('\n');
    expect(head!.trim().split(/\s{2,}/)).toEqual(['media_key', 'media_type', 'media_status', 'duration', 'aspect_ratio', 'name']);
    expect(rows.map((l) => l.trim().split(/\s{2,}/))).toContainEqual([
      '7_1720000000000000021',
      'VIDEO',
      'TRANSCODE_COMPLETED',
      '0:15.3',
      '16:9',
      'Video 21',
    ]);
    expect(rows.every((l) => /VIDEO/.test(l))).toBe(true);
    expect(emu.state.requests('GET', '/media_library').at(-1)!.query).toContainEqual(['media_type', 'VIDEO']);
  });

  it('q searches names, titles, file names and descriptions', async () => {
    const r = await emu.run(['ads', 'media-library', 'list', '--q', 'loop', '-o', 'json']);
    expect(r.json().data.map((m: { media_type: string }) => m.media_type)).toEqual(['GIF', 'GIF', 'GIF', 'GIF']);
  });

  it.each<[string, string[], string]>([
    ['q at least 1 character', ['--q', ''], 'q'],
    ['q at most 255 characters', ['--q', 'q'.repeat(256)], 'q'],
    ['media_type enum', ['--media-type', 'AUDIO'], 'media_type'],
  ])('list rule: %s', async (_l, args, field) => {
    await expectRejected(emu, ['ads', 'media-library', 'list', ...args], field);
  });

  it('count outside 1 to 50 is invalid input (exit 6) before sending', async () => {
    const before = emu.state.log.length;
    const r = await emu.run(['ads', 'media-library', 'list', '--count', '51']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/--count must be between 1 and 50/);
    expect(emu.state.log.length).toBe(before);
  });

  it('get shows every field of one item', async () => {
    const r = await emu.run(['ads', 'media-library', 'get', VID, '-o', 'json']);
    expect(r.json().data).toMatchObject({
      media_key: VID,
      media_type: 'VIDEO',
      media_category: 'POST_VIDEO',
      duration: 30000,
      aspect_ratio: '16:9',
    });
    const missing = await emu.run(['ads', 'media-library', 'get', '3_404']);
    expect(missing.code).toBe(4);
  });

  it('add sends media_key and the fields as query parameters', async () => {
    const r = await emu.run([
      'ads',
      'media-library',
      'add',
      '3_1720000000000009001',
      '--name',
      'Hero',
      '--file-name',
      'hero.jpg',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data).toMatchObject({ media_key: '3_1720000000000009001', media_type: 'IMAGE', name: 'Hero', file_name: 'hero.jpg' });
    expect(emu.state.requests('POST', '/media_library').at(-1)!.query).toEqual([
      ['media_key', '3_1720000000000009001'],
      ['name', 'Hero'],
      ['file_name', 'hero.jpg'],
    ]);
    expect(r.stderr).not.toMatch(/PREROLL/);
  });

  it('adding an AMPLIFY_VIDEO says it is now a PREROLL account media asset, and it is', async () => {
    const r = await emu.run([
      'ads',
      'media-library',
      'add',
      '13_1720000000000009003',
      '--name',
      'Launch',
      '--title',
      'Launch film',
      '--description',
      'Sixty seconds',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/AMPLIFY_VIDEO .* PREROLL account media asset: postctl ads media list --creative-types PREROLL/);
    const media = await emu.run(['ads', 'media', 'list', '--creative-types', 'PREROLL', '-o', 'json']);
    expect(media.json().data.map((m: { video_id: string }) => m.video_id)).toContain('1720000000000009003');
  });

  it.each<[string, string[], string, RegExp]>([
    ['name at most 100', ['add', '3_1720000000000009005', '--name', 'n'.repeat(101)], 'name', /at most 100 characters/],
    ['file_name at most 255', ['add', '3_1720000000000009005', '--file-name', 'f'.repeat(256)], 'file_name', /at most 255 characters/],
    ['title at most 70', ['add', '7_1720000000000009002', '--title', 't'.repeat(71)], 'title', /at most 70 characters/],
    [
      'description at most 200',
      ['add', '7_1720000000000009002', '--description', 'd'.repeat(201)],
      'description',
      /at most 200 characters/,
    ],
    ['title for videos only', ['add', '3_1720000000000009005', '--title', 'T'], 'title', /videos only \(this media is an IMAGE\)/],
    ['description for videos only', ['add', GIF, '--description', 'D'], 'description', /videos only \(this media is a GIF\)/],
    ['poster for videos only', ['add', '3_1720000000000009005', '--poster-media-key', IMG], 'poster_media_key', /videos only/],
    ['update: name at most 100', ['update', IMG, '--name', 'n'.repeat(101)], 'name', /at most 100/],
  ])('rule: %s', async (_l, args, field, message) => {
    await expectRejected(emu, ['ads', 'media-library', ...args], field, { message });
  });

  it('update checks the video-only fields against the library item (a GET, no PUT)', async () => {
    await expectRejected(emu, ['ads', 'media-library', 'update', IMG, '--title', 'T'], 'title', {
      allowGets: true,
      message: /videos only \(this media is an IMAGE\)/,
    });
    expect(emu.state.requests('GET', `/media_library/${IMG}`).length).toBeGreaterThan(0);
  });

  it('update --no-fetch judges by the key prefix and sends no GET', async () => {
    await expectRejected(emu, ['ads', 'media-library', 'update', IMG, '--title', 'T', '--no-fetch'], 'title');
  });

  it('update with nothing to change is a usage error', async () => {
    const r = await emu.run(['ads', 'media-library', 'update', IMG]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/nothing to update/);
  });

  it("update changes a video's title; delete removes an item", async () => {
    const up = await emu.run(['ads', 'media-library', 'update', VID, '--title', 'Cut 2', '-o', 'json']);
    expect(up.code, up.stderr).toBe(0);
    expect(up.json().data.title).toBe('Cut 2');
    expect(emu.state.requests('PUT', `/media_library/${VID}`).at(-1)!.query).toEqual([['title', 'Cut 2']]);
    const del = await emu.run(['ads', 'media-library', 'delete', GIF, '--yes', '-o', 'json']);
    expect(del.code, del.stderr).toBe(0);
    expect(del.json().data).toMatchObject({ media_key: GIF, deleted: true });
    expect((await emu.run(['ads', 'media-library', 'get', GIF])).code).toBe(4);
  });

  it('the emulator refuses a key that was never uploaded (API error, exit 6)', async () => {
    const r = await emu.run(['ads', 'media-library', 'add', 'abc']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/not an uploaded media key/);
  });
});

describe('ads media (account media)', () => {
  it('lists with paging, filters creative types (any case) and ids', async () => {
    const all = await emu.run(['ads', 'media', 'list', '--count', '2', '--all', '-o', 'json']);
    expect(all.code, all.stderr).toBe(0);
    const items = all.json().data as Array<{ id: string; creative_type: string }>;
    expect(items.length).toBeGreaterThanOrEqual(5);
    const some = await emu.run([
      'ads',
      'media',
      'list',
      '--creative-types',
      'banner,interstitial',
      '--account-media-ids',
      items.map((i) => i.id).join(','),
      '-o',
      'json',
    ]);
    expect(
      some
        .json()
        .data.map((m: { creative_type: string }) => m.creative_type)
        .sort(),
    ).toEqual(['BANNER', 'INTERSTITIAL']);
    expect(emu.state.requests('GET', '/account_media').at(-1)!.query).toContainEqual(['creative_types', 'BANNER,INTERSTITIAL']);
  });

  it('shows id, creative type, video id, media URL and created_at', async () => {
    const r = await emu.run(['ads', 'media', 'list', '-o', 'table']);
    expect(
      r.stdout
        .split('\n')[0]!
        .trim()
        .split(/\s{2,}/),
    ).toEqual(['id', 'creative_type', 'video_id', 'media_url', 'created_at']);
  });

  it.each<[string, string[], string, RegExp]>([
    [
      "creative types from the spec's list",
      ['--creative-types', 'PREROLL,VIDEO'],
      'creative_types',
      /"VIDEO" is not a known value; allowed: BANNER, .*VAST_PREROLL/,
    ],
    [
      'up to 200 ids',
      ['--account-media-ids', Array.from({ length: 201 }, (_, i) => `m${i}`).join(',')],
      'account_media_ids',
      /at most 200 ids \(got 201\)/,
    ],
  ])('list rule: %s', async (_l, args, field, message) => {
    await expectRejected(emu, ['ads', 'media', 'list', ...args], field, { message });
  });

  it('count outside 1 to 1000 is a usage error; with_total_count with a cursor too', async () => {
    expect((await emu.run(['ads', 'media', 'list', '--count', '1001'])).code).toBe(6);
    expect((await emu.run(['ads', 'media', 'list', '--with-total-count', '--cursor', 'abc'])).code).toBe(2);
    const total = await emu.run(['ads', 'media', 'list', '--with-total-count', '-o', 'json']);
    expect(total.json().total_count).toBeGreaterThanOrEqual(5);
  });

  it('get and delete one; a repeat delete is 404', async () => {
    const list = await emu.run(['ads', 'media', 'list', '--creative-types', 'MEDIUM_RECTANGLE', '-o', 'json']);
    const id = list.json().data[0].id as string;
    const got = await emu.run(['ads', 'media', 'get', id, '-o', 'json']);
    expect(got.json().data).toMatchObject({ id, creative_type: 'MEDIUM_RECTANGLE' });
    const del = await emu.run(['ads', 'media', 'delete', id, '--yes', '-o', 'json']);
    expect(del.json().data).toMatchObject({ id, deleted: true });
    expect(emu.state.requests('DELETE').at(-1)!.path).toBe(`/12/accounts/${ACCOUNT}/account_media/${id}`);
    expect((await emu.run(['ads', 'media', 'delete', id, '--yes'])).code).toBe(4);
  });
});
