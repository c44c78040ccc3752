// `postctl ads posts create|name` against the emulator: query parameters in a
// stable order, media keys checked against the library (up to 4 images, or 1
// GIF, or 1 video), nullcast, conversation settings and the video CTA fields;
// every rule rejected before sending; creates are never retried.
import { describe, expect, it } from 'vitest';
import { EMU_USER } from '../../src/emulator/state.js';
import { fileEmulator } from '../helpers/emulator.js';
import { expectRejected } from '../fixtures/creatives/expect-rejected.js';

const ACCOUNT = '18ce54d4x5t';
const ADVERTISER = '756201191';
const IMGS = ['3_1720000000000000001', '3_1720000000000000002', '3_1720000000000000003', '3_1720000000000000004', '3_1720000000000000005'];
const VID = '7_1720000000000000021';
const VID2 = '7_1720000000000000022';
const GIF = '16_1720000000000000026';
const SEEDED_POST = '1505723617405960501';

// Deliberately the spec's neutral names (this file asserts them); official names: wire-names.test.ts, contract.test.ts.
const emu = fileEmulator({ names: 'neutral' }, { keepFaults: true });

const post = (...args: string[]) => ['ads', 'posts', 'create', ...args];
const lastPost = () => emu.state.requests('POST', `/12/accounts/${ACCOUNT}/post`).at(-1)!;

describe('ads posts create', () => {
  it('posts text with a card for an advertiser; nullcast is left to the API default', async () => {
    const r = await emu.run([
      ...post('--as-user', ADVERTISER, '--text', 'Spring is here', '--card-uri', 'card://1505723617405960001'),
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data).toMatchObject({ text: 'Spring is here', nullcast: true, user: { id_str: ADVERTISER } });
    expect(r.json().data.conversation_settings).toBeUndefined();
    expect(lastPost().query).toEqual([
      ['as_user_id', ADVERTISER],
      ['text', 'Spring is here'],
      ['card_uri', 'card://1505723617405960001'],
    ]);
  });

  it('four images, a name and every optional parameter', async () => {
    const r = await emu.run(
      post(
        '--as-user',
        ADVERTISER,
        '--media-keys',
        IMGS.slice(0, 4).join(','),
        '--name',
        'n'.repeat(80),
        '--nullcast',
        '--conversation-settings',
        'following',
        '--trim-user',
        '--post-mode',
        'extended',
      ),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(lastPost().query).toEqual([
      ['as_user_id', ADVERTISER],
      ['media_keys', IMGS.slice(0, 4).join(',')],
      ['conversation_settings', 'FOLLOWING'],
      ['name', 'n'.repeat(80)],
      ['post_mode', 'extended'],
      ['nullcast', 'true'],
      ['trim_user', 'true'],
    ]);
    expect(r.stderr).toMatch(/created post \d+ \(promoted-only\)/);
  });

  it('one video with the video CTA fields at their limits', async () => {
    const r = await emu.run(
      post(
        '--as-user',
        ADVERTISER,
        '--media-keys',
        VID,
        '--video-title',
        't'.repeat(70),
        '--video-description',
        'd'.repeat(200),
        '--video-cta',
        'watch_now',
        '--video-cta-value',
        'https://example.com',
      ),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(lastPost().query).toContainEqual(['video_cta', 'WATCH_NOW']);
  });

  it('one GIF alone is fine; an organic post for the authenticated user sends nullcast=false', async () => {
    expect((await emu.run(post('--as-user', ADVERTISER, '--media-keys', GIF))).code).toBe(0);
    const r = await emu.run([...post('--as-user', EMU_USER.id, '--text', 'organic', '--no-nullcast'), '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data.nullcast).toBe(false);
    expect(lastPost().query).toContainEqual(['nullcast', 'false']);
  });

  it('is not retried after a 5xx (a retry could post twice)', async () => {
    emu.state.faults.add({ kind: 'status', status: 502, times: 1, path: `/12/accounts/${ACCOUNT}/post` });
    const before = emu.state.requests('POST', '/post').length;
    const r = await emu.run(post('--as-user', ADVERTISER, '--text', 'once'));
    emu.state.faults.clear();
    expect(r.code).toBe(7);
    expect(emu.state.requests('POST', '/post').length - before).toBe(1);
  });

  it('an advertiser who has not granted access is refused by the API (exit 3)', async () => {
    const r = await emu.run(post('--as-user', '12345', '--text', 'x'));
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/has not granted your handle access/);
  });

  it.each<[string, string[], string, RegExp]>([
    ['as_user_id required', ['--text', 'x'], 'as_user_id', /required \(--as-user\)/],
    ['as_user_id is a long', ['--as-user', 'brand', '--text', 'x'], 'as_user_id', /whole number/],
    ['text required without media keys', ['--as-user', ADVERTISER], 'text', /required when no media_keys/],
    [
      'at most 4 images',
      ['--as-user', ADVERTISER, '--media-keys', IMGS.join(',')],
      'media_keys',
      /up to 4 images, or 1 GIF, or 1 video \(got 5 keys\)/,
    ],
    ['an empty media key list', ['--as-user', ADVERTISER, '--text', 'x', '--media-keys', ','], 'media_keys', /at least one media key/],
    [
      'a GIF with an image, judged by prefix with --no-fetch',
      ['--as-user', ADVERTISER, '--media-keys', `${IMGS[0]},${GIF}`, '--no-fetch'],
      'media_keys',
      /is a GIF, so it must be the only media key/,
    ],
    ['name at most 80', ['--as-user', ADVERTISER, '--text', 'x', '--name', 'n'.repeat(81)], 'name', /at most 80 characters/],
    [
      'nullcast false only for the authenticated user',
      ['--as-user', ADVERTISER, '--text', 'x', '--no-nullcast'],
      'nullcast',
      /only for the authenticated user \(2244994945\)/,
    ],
    [
      'conversation_settings enum',
      ['--as-user', ADVERTISER, '--text', 'x', '--conversation-settings', 'NOBODY'],
      'conversation_settings',
      /EVERYONE, FOLLOWING, MENTIONED_USERS/,
    ],
    ['video_cta enum', ['--as-user', ADVERTISER, '--media-keys', VID, '--video-cta', 'BUY_NOW'], 'video_cta', /VISIT_SITE, WATCH_NOW/],
    [
      'video_title at most 70',
      ['--as-user', ADVERTISER, '--media-keys', VID, '--video-title', 't'.repeat(71)],
      'video_title',
      /at most 70/,
    ],
    [
      'video_description at most 200',
      ['--as-user', ADVERTISER, '--media-keys', VID, '--video-description', 'd'.repeat(201)],
      'video_description',
      /at most 200/,
    ],
    ['post_mode enum', ['--as-user', ADVERTISER, '--text', 'x', '--post-mode', 'fancy'], 'post_mode', /compat, extended/],
    ['card_uri form', ['--as-user', ADVERTISER, '--text', 'x', '--card-uri', '1505723617405960001'], 'card_uri', /card:\/\/<card_id>/],
  ])('rule: %s', async (_l, args, field, message) => {
    await expectRejected(emu, post(...args), field, { message });
  });

  it.each<[string, string[], RegExp]>([
    ['a GIF with an image', [IMGS[0]!, GIF], /16_1720000000000000026 is a GIF, so it must be the only media key/],
    ['two videos', [VID, VID2], /is a VIDEO, so it must be the only media key/],
    ['a video with an image', [IMGS[1]!, VID], /7_1720000000000000021 is a VIDEO/],
    ['a key the library does not have', ['3_1720000000000004040'], /not in the media library of account 18ce54d4x5t/],
  ])('media kinds come from the library (GETs only, no POST): %s', async (_l, keys, message) => {
    await expectRejected(emu, post('--as-user', ADVERTISER, '--media-keys', keys.join(',')), 'media_keys', { message, allowGets: true });
  });
});

describe('ads posts name', () => {
  it('names a post (PUT …/posts/:post_id/name with name as a query parameter)', async () => {
    const r = await emu.run(['ads', 'posts', 'name', SEEDED_POST, 'Spring A', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data).toMatchObject({ id_str: SEEDED_POST, name: 'Spring A' });
    const sent = emu.state.requests('PUT').at(-1)!;
    expect(sent.path).toBe(`/12/accounts/${ACCOUNT}/posts/${SEEDED_POST}/name`);
    expect(sent.query).toEqual([['name', 'Spring A']]);
  });

  it('names a post made with `ads posts create`', async () => {
    const made = await emu.run([...post('--as-user', ADVERTISER, '--text', 'to name'), '-o', 'json']);
    const id = made.json().data.id_str as string;
    const r = await emu.run(['ads', 'posts', 'name', id, 'Named', '-o', 'table']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/name\s+Named/);
  });

  it.each<[string, string[], string]>([
    ['name at most 80', [SEEDED_POST, 'n'.repeat(81)], 'name'],
    ['name not empty', [SEEDED_POST, ' '], 'name'],
    ['post_id is a number', ['abc', 'Name'], 'post_id'],
  ])('rule: %s', async (_l, args, field) => {
    await expectRejected(emu, ['ads', 'posts', 'name', ...args], field);
  });

  it('an unknown post is 404 (exit 4)', async () => {
    expect((await emu.run(['ads', 'posts', 'name', '1', 'x'])).code).toBe(4);
  });
});
