// Names on the wire: with default settings postctl sends the live service's
// names and succeeds against a server that knows only those; with
// POSTCTL_API_NAMES=neutral it sends the spec's names and succeeds against a
// server that knows only those. Asserted from the emulator's request log.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMU_AUDIENCE } from '../../src/emulator/routes/audiences.js';
import type { ServedNames } from '../../src/emulator/spelling.js';
import { freshEmulator, type TestEmulator } from '../helpers/emulator.js';

const ACCOUNT = '18ce54d4x5t';
const IMG = '3_1720000000000000001';
const ADVERTISER = '756201191';
/** Seeded by the emulator: a video conversation card (ads-creatives-state.ts) and the REACH line item (ads-core-line-items.ts). */
const VCC = '1505723617405960201';
const LINE_ITEM = '8u94t';

/** What each style must put on the wire for the must-show commands. */
const EXPECT = {
  official: {
    lookup: '/2/tweets',
    fieldsParam: 'tweet.fields',
    field: 'referenced_tweets',
    access: 'x_auth_access_type=read',
    userKey: '"twitter_id":[',
    permissions: `/12/accounts/${ACCOUNT}/custom_audiences/${EMU_AUDIENCE}/permissions`,
    adPost: `/12/accounts/${ACCOUNT}/tweet`,
    mode: 'tweet_mode',
    cardDelete: (id: string) => `/12/accounts/${ACCOUNT}/cards/${id}`,
    stream: 'tweets_compliance_stream',
    badge: 'profile.update.verified_badge',
    posted: 'tweeted',
    image: 'TWEET_IMAGE',
    cta: 'first_cta_tweet',
    product: 'PROMOTED_TWEETS',
    autoPromotion: 'automatic_tweet_promotion',
    allPlacement: 'ALL_ON_TWITTER',
  },
  neutral: {
    lookup: '/2/posts',
    fieldsParam: 'post.fields',
    field: 'referenced_posts',
    access: 'service_auth_access_type=read',
    userKey: '"service_id":[',
    permissions: `/5/accounts/${ACCOUNT}/tailored_audiences/${EMU_AUDIENCE}/permissions`,
    adPost: `/12/accounts/${ACCOUNT}/post`,
    mode: 'post_mode',
    cardDelete: (id: string) => `/12/accounts/${ACCOUNT}/cards/image_conversation/${id}`,
    stream: 'posts_compliance_stream',
    badge: 'profile.update.verified',
    posted: 'posted',
    image: 'POST_IMAGE',
    cta: 'first_cta_post',
    product: 'PROMOTED_POSTS',
    autoPromotion: 'automatic_post_promotion',
    allPlacement: 'ALL_ON_SERVICE',
  },
} as const;

const last = (emu: TestEmulator, method: string, path: string | RegExp) => emu.state.requests(method, path).at(-1)!;

function mustShow(style: 'official' | 'neutral') {
  const served: ServedNames = style;
  const emu = freshEmulator({ names: served });
  const want = EXPECT[style];
  // The neutral server's env carries POSTCTL_API_NAMES=neutral; set it explicitly too (the must-show condition).
  const env = style === 'neutral' ? { POSTCTL_API_NAMES: 'neutral' } : { POSTCTL_API_NAMES: undefined };
  const run = (args: string[]) => emu.run(args, { env });

  describe(`${style} names against a server that knows only them`, () => {
    it('posts lookup sends the path, the fields parameter and field names in this spelling', async () => {
      const r = await run(['posts', 'lookup', '1460323737035677698', '--post-fields', 'created_at,referenced_posts', '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      const sent = last(emu, 'GET', want.lookup);
      expect(sent.status).toBe(200);
      expect(Object.fromEntries(sent.query)[want.fieldsParam]).toBe(`created_at,${want.field}`);
      expect(r.json().data[0].id).toBe('1460323737035677698');
    });

    it('auth pin --access read sends the access type parameter in this spelling', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'postctl-wire-'));
      const r = await emu.run(['auth', 'pin', '--access', 'read'], {
        env: { ...env, POSTCTL_CONFIG_DIR: dir, HOME: dir, POSTCTL_ACCESS_TOKEN: undefined, POSTCTL_ACCESS_TOKEN_SECRET: undefined },
      });
      expect(r.code, r.stderr).toBe(0);
      const sent = last(emu, 'POST', '/oauth/request_token');
      expect(sent.status).toBe(200);
      expect(sent.body).toContain(want.access);
    });

    it('audiences upload --type twitter_id sends the user id key in this spelling', async () => {
      const file = join(mkdtempSync(join(tmpdir(), 'postctl-wire-')), 'ids.txt');
      writeFileSync(file, '12345\n67890\n');
      const r = await run(['audiences', 'upload', EMU_AUDIENCE, '--file', file, '--type', 'twitter_id']);
      expect(r.code, r.stderr).toBe(0);
      const sent = last(emu, 'POST', `/custom_audiences/${EMU_AUDIENCE}/users`);
      expect(sent.status).toBe(200);
      expect(sent.body).toContain(want.userKey);
    });

    it('audiences permissions list uses the permissions path of this spelling', async () => {
      const r = await run(['audiences', 'permissions', 'list', EMU_AUDIENCE, '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      expect(last(emu, 'GET', '/permissions')).toMatchObject({ path: want.permissions, status: 200 });
    });

    it('ads posts create sends path and mode parameter in this spelling', async () => {
      const r = await run([
        'ads',
        'posts',
        'create',
        '--as-user',
        ADVERTISER,
        '--text',
        'Spring sale',
        '--post-mode',
        'extended',
        '-o',
        'json',
      ]);
      expect(r.code, r.stderr).toBe(0);
      const sent = last(emu, 'POST', want.adPost);
      expect(sent).toMatchObject({ path: want.adPost, status: 201 });
      expect(Object.fromEntries(sent.query)[want.mode]).toBe('extended');
    });

    it('cards delete uses the delete path of this spelling', async () => {
      const made = await run([
        'ads',
        'cards',
        'create',
        '--name',
        'To delete',
        '--media',
        IMG,
        '--website-title',
        'Spring',
        '--website-url',
        'https://example.com/spring',
        '-o',
        'json',
      ]);
      expect(made.code, made.stderr).toBe(0);
      const id = made.json().data.id as string;
      const r = await run(['ads', 'cards', 'delete', id, '--yes', '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      expect(last(emu, 'DELETE', '/cards/')).toMatchObject({ path: want.cardDelete(id), status: 200 });
    });

    it('connections list sends the stream endpoint name in this spelling (either accepted on the command line)', async () => {
      const r = await run(['connections', 'list', '--endpoint', 'tweets_compliance_stream', '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      const sent = last(emu, 'GET', '/2/connections');
      expect(sent.status).toBe(200);
      expect(Object.fromEntries(sent.query).endpoints).toBe(want.stream);
    });

    it('audiences keywords shows the volume under the name this spelling gets back', async () => {
      const r = await run([
        'audiences',
        'keywords',
        '--keywords',
        'coffee',
        '--granularity',
        'DAY',
        '--start',
        '2026-03-01T00:00:00Z',
        '--end',
        '2026-03-03T00:00:00Z',
        '-o',
        'table',
      ]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(style === 'official' ? 'tweet_volume' : 'post_volume');
      expect(r.stdout).toMatch(/\d{3,}/);
    });

    it('events subscribe with a badge event sends the event type in this spelling', async () => {
      const r = await run(['events', 'subscribe', '--event-type', 'profile.update.verified', '--user-id', '2244994945', '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      const sent = last(emu, 'POST', '/2/activity/subscriptions');
      expect(sent.status).toBe(200);
      expect(JSON.parse(sent.body).event_type).toBe(want.badge);
    });

    // Paths the same in both spellings: the reply's keys and values follow the server's spelling.
    const other = EXPECT[style === 'official' ? 'neutral' : 'official'];

    it('ads media-library list shows the posted flag and media category in this spelling; the table reads it', async () => {
      const r = await run(['ads', 'media-library', 'list', '--media-type', 'image', '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`"${want.posted}"`);
      expect(r.stdout).toContain(`"${want.image}"`);
      expect(r.stdout).not.toContain(`"${other.posted}"`);
      expect(r.stdout).not.toContain(`"${other.image}"`);
      const t = await run(['ads', 'media-library', 'list', '--media-type', 'image', '-o', 'table']);
      expect(t.code, t.stderr).toBe(0);
      expect(t.stdout).toContain(IMG);
      const one = await run(['ads', 'media-library', 'get', IMG, '-o', 'table']);
      expect(one.code, one.stderr).toBe(0);
      expect(one.stdout).toMatch(/posted\s+false/);
      expect(one.stdout).toMatch(new RegExp(`media_category\\s+${want.image}`));
    });

    it('ads video-conversation-cards get shows the CTA post text under this spelling; the table reads it', async () => {
      const r = await run(['ads', 'video-conversation-cards', 'get', VCC, '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`"${want.cta}"`);
      expect(r.stdout).not.toContain(`"${other.cta}"`);
      expect(r.stdout).toContain('I am #TeamBlue');
      const t = await run(['ads', 'video-conversation-cards', 'get', VCC, '-o', 'table']);
      expect(t.code, t.stderr).toBe(0);
      expect(t.stdout).toContain('I am #TeamBlue');
    });

    it('ads video-conversation-cards update sends the CTA post text in this spelling and gets it back so', async () => {
      const r = await run([
        'ads',
        'video-conversation-cards',
        'update',
        VCC,
        '--first-cta',
        '#TeamGreen',
        '--first-cta-post',
        'I am #TeamGreen',
        '-o',
        'json',
      ]);
      expect(r.code, r.stderr).toBe(0);
      const sent = last(emu, 'PUT', `/cards/video_conversation/${VCC}`);
      expect(sent.status).toBe(200);
      expect(Object.fromEntries(sent.query)[want.cta]).toBe('I am #TeamGreen');
      expect(r.json().data).toMatchObject({ first_cta: '#TeamGreen', [want.cta]: 'I am #TeamGreen' });
      expect(r.json().data).not.toHaveProperty(other.cta);
    });

    it('ads line-items get shows product type, automatic promotion and placements in this spelling; the table works', async () => {
      const r = await run(['ads', 'line-items', 'get', LINE_ITEM, '-o', 'json']);
      expect(r.code, r.stderr).toBe(0);
      for (const name of [want.product, want.autoPromotion, want.allPlacement]) expect(r.stdout).toContain(`"${name}"`);
      for (const name of [other.product, other.autoPromotion, other.allPlacement]) expect(r.stdout).not.toContain(`"${name}"`);
      const t = await run(['ads', 'line-items', 'get', LINE_ITEM, '-o', 'table']);
      expect(t.code, t.stderr).toBe(0);
      expect(t.stdout).toContain(LINE_ITEM);
    });
  });
}

mustShow('official');
mustShow('neutral');

describe('a server that knows only one spelling refuses the other', () => {
  const emu = freshEmulator({ names: 'official' });
  it('neutral names against an official-only server fail (404 for the neutral path), so a wrong name cannot pass', async () => {
    const r = await emu.run(['posts', 'lookup', '1460323737035677698'], { env: { POSTCTL_API_NAMES: 'neutral' } });
    expect(r.code).not.toBe(0);
    expect(last(emu, 'GET', '/2/posts').status).toBe(404);
  });
  it('a neutral CTA post text parameter is refused by an official-only server (400), on a path both spellings share', async () => {
    const r = await emu.run(['ads', 'video-conversation-cards', 'update', VCC, '--first-cta-post', 'I am #TeamBlue!'], {
      env: { POSTCTL_API_NAMES: 'neutral' },
    });
    expect(r.code).not.toBe(0);
    const sent = last(emu, 'PUT', `/cards/video_conversation/${VCC}`);
    expect(sent.status).toBe(400);
    expect(Object.fromEntries(sent.query)).toHaveProperty('first_cta_post');
  });
  it('a bad api_names value is a usage error, nothing sent', async () => {
    const before = emu.state.log.length;
    const r = await emu.run(['posts', 'lookup', '1460323737035677698'], { env: { POSTCTL_API_NAMES: 'tweets' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/api_names must be official or neutral/);
    expect(emu.state.log.length).toBe(before);
  });
});
