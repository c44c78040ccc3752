// Contract: what the verbs send in the official spelling (the default) is
// checked against the live service's own descriptions, extracted into
// test/fixtures/contract by scripts/contract-extract.mjs:
// - v2: openapi v2.159 (path template for the method, every query parameter
//   declared, enum values allowed, JSON body keys in the schema). Values that
//   only v2.167 allows (the activity filter's direction, post/dm event types,
//   paid_partnership) are accepted from its additions, named as such.
// - ads: every ads request's method, path and query parameter names against
//   the reference pages' resource URLs and ParamFields.
// - v2 against openapi v2.167 too, wherever the two descriptions agree (a
//   parameter, value or key one declares and the other does not is a
//   disagreement, listed exactly); requests negotiated in the v2.167 dialect
//   (post.fields) against v2.167.
// - auth: the scheme each v2 request went out with (OAuth 1.0a, the app's
//   bearer, an OAuth 2.0 user token) is one the endpoint's security
//   requirements allow (test/fixtures/contract/auth-requirements.json), with
//   the OAuth 2.0 runs made from a profile holding only an `auth oauth2` login.
// The requests are the ones the built CLI really sends, read from the
// emulator's request log (a server that knows only the official names).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMU_AUDIENCE } from '../../src/emulator/routes/audiences.js';
import type { LogEntry } from '../../src/emulator/state.js';
import {
  type AdsOp,
  adsQueryProblems,
  fixture,
  opKey,
  opProblems,
  operations,
  templateKeys,
  type V2Add,
  type V2Op,
} from '../helpers/contract.js';
import { fileEmulator } from '../helpers/emulator.js';
import { oauth2Only } from '../helpers/oauth2.js';

const V2 = fixture<{ operations: Record<string, V2Op>; v2167: Record<string, V2Add> }>('openapi-v2.159-extract.json');
const V167 = operations<V2Op>('openapi-v2.167-extract.json');
/** Per operation and description: scheme → OAuth 2.0 scopes (app, user, oauth2). */
const AUTH = operations<Record<string, Record<string, string[]>>>('auth-requirements.json');
const ADS = operations<AdsOp>('ads-reference.json');

/** The v2 operation a request matches, and what is wrong with the request against it (v2.159 and its additions, or `ops` alone). */
function v2Problems(e: Pick<LogEntry, 'method' | 'path' | 'query' | 'body'>, ops: Record<string, V2Op> = V2.operations): string[] {
  const key = opKey(ops, e);
  if (!key) return [`${e.method} ${e.path}: no such path template for the method`];
  return opProblems(key, ops[key]!, e, { add: ops === V2.operations ? V2.v2167[key] : undefined });
}

/**
 * Problems against v2.167 split by whether the descriptions agree: a problem is a
 * disagreement when v2.159 allows what v2.167 refuses (a parameter, value or key).
 */
function v167Problems(e: Pick<LogEntry, 'method' | 'path' | 'query' | 'body'>): { agreed: string[]; disagreements: string[] } {
  const agreed: string[] = [];
  const disagreements: string[] = [];
  for (const p of v2Problems(e, V167)) (v2Problems(e).length === 0 ? disagreements : agreed).push(p);
  return { agreed, disagreements };
}

/** The scheme a logged request used, and whether either description allows it for the endpoint. */
function authProblem(e: LogEntry): string | undefined {
  const key = opKey(AUTH, e);
  if (!key) return `${e.method} ${e.path}: no security requirement known`;
  const scheme = e.authScheme === 'OAuth' ? 'user' : e.authScheme === 'Bearer' ? (e.auth === 'app' ? 'app' : 'oauth2') : 'none';
  const allowed = new Set(Object.values(AUTH[key]!).flatMap((d) => Object.keys(d)));
  return allowed.has(scheme) ? undefined : `${key}: sent with ${scheme}, allowed: ${[...allowed].join(', ')}`;
}

/** The ads reference entry a request matches (the first in the reference's order), and the query parameters it does not list. */
function adsProblems(e: Pick<LogEntry, 'method' | 'path' | 'query'>): string[] {
  const key = templateKeys(ADS, e)[0];
  if (!key) return [`${e.method} ${e.path}: not in the ads reference`];
  return adsQueryProblems(key, ADS[key]!, e.query);
}

const dir = mkdtempSync(join(tmpdir(), 'postctl-contract-'));
const MEDIA_FILE = join(dir, 'picture.png');
/** Whole minutes (the replay window's unit), ISO 8601. */
function minutesAgo(n: number): string {
  return new Date(Math.floor(Date.now() / 60_000) * 60_000 - n * 60_000).toISOString().replace('.000Z', 'Z');
}
writeFileSync(MEDIA_FILE, Buffer.alloc(2_000, 7));

/** Every v2 request shape the platform verbs build, in official names. */
const V2_RUNS: string[][] = [
  ['posts', 'lookup', '1460323737035677698', '--all-fields'],
  [
    'posts',
    'lookup',
    '1460323737035677698',
    '--expansions',
    'author_id,attachments.media_keys,attachments.poll_ids,referenced_posts.id,referenced_posts.id.author_id,in_reply_to_user_id,entities.mentions.username,geo.place_id,edit_history_post_ids',
    '--post-fields',
    'edit_history_post_ids,edit_controls,geo,reply_settings,withheld,note_post,display_text_range,non_public_metrics,organic_metrics,promoted_metrics,scopes,article,media_metadata,card_uri,referenced_posts',
    '--user-fields',
    'pinned_post_id,most_recent_post_id,withheld,connection_status,receives_your_dm,subscription_type,is_identity_verified,parody,verified_followers_count,profile_banner_url,affiliation',
    '--media-fields',
    'url,preview_image_url,height,width,alt_text,variants',
    '--place-fields',
    'full_name,country_code,place_type',
    '--poll-fields',
    'options,voting_status',
  ],
  [
    'events',
    'subscribe',
    '--event-type',
    'profile.update.verified,profile.update.affiliate,profile.update.bio',
    '--user-id',
    '2244994945',
    '--tag',
    'audit',
  ],
  ['events', 'subscribe', '--event-type', 'dm.received', '--user-id', '17874544', '--direction', 'received'],
  ['events', 'subscribe', '--event-type', 'post.create', '--keyword', 'launch'],
  [
    'connections',
    'list',
    '--status',
    'all',
    '--endpoint',
    'posts_compliance_stream,post_label_stream,filtered_stream',
    '--max-results',
    '10',
  ],
  ['connections', 'terminate', '--endpoint', 'post_label_stream', '--yes'],
  ['connections', 'terminate', '--all', '--yes'],
  ['connections', 'terminate', '3f2504e0-4f89-11d3-9a0c-0305e82c3301', '--yes'],
  ['webhooks', 'validate', '1146654567674912769', '--auth', 'app'],
  // Posting, search, stream, media (src/wire/names.ts official spellings).
  [
    'posts',
    'create',
    '--text',
    'contract',
    '--reply-to',
    '1460323737035677698',
    '--quote',
    '1293593516040269825',
    '--reply-settings',
    'mentionedUsers',
    '--community',
    '1493446837214187523',
    '--paid-partnership',
    '--share-with-followers',
  ],
  ['posts', 'create', '--text', 'poll', '--poll-option', 'a', '--poll-option', 'b', '--poll-duration', '60'],
  [
    'posts',
    'search',
    'coffee',
    '--max-results',
    '10',
    '--post-fields',
    'created_at,author_id',
    '--expansions',
    'author_id',
    '--user-fields',
    'username',
  ],
  ['posts', 'search', 'coffee', '--archive', '--max-results', '10'],
  ['posts', 'counts', 'tea', '--granularity', 'day'],
  ['posts', 'counts', 'tea', '--archive', '--granularity', 'hour'],
  ['stream', 'rules', 'list'],
  ['stream', 'rules', 'add', 'coffee lang:en', '--tag', 'coffee', '--dry-run'],
  ['stream', 'rules', 'add', 'coffee', '--tag', 'coffee'],
  ['stream', 'connect', '--limit', '1', '--post-fields', 'created_at'],
  // A small image goes up in one request; --chunked sends the same file through initialize/append/finalize.
  ['media', 'upload', MEDIA_FILE, '--alt-text', 'a picture'],
  ['media', 'upload', MEDIA_FILE, '--chunked', '--alt-text', 'a picture'],
  ['request', 'GET', '/2/users/me'],
  ['webhooks', 'replay', '1146654567674912769', '--from', minutesAgo(120), '--to', minutesAgo(30)],
];

/** From a profile holding only an OAuth 2.0 login: every verb that allows OAuth 2.0 user context. */
const OAUTH2_RUNS: string[][] = [
  ['posts', 'lookup', '1460323737035677698', '--post-fields', 'created_at'],
  ['posts', 'search', 'coffee', '--max-results', '10'],
  ['posts', 'counts', 'tea', '--granularity', 'day'],
  ['media', 'upload', MEDIA_FILE, '--alt-text', 'a picture'],
  ['media', 'upload', MEDIA_FILE, '--chunked', '--alt-text', 'a picture'],
  ['request', 'GET', '/2/users/me'],
];

/** Field-selecting verbs run against the emulator in the v2.167 dialect. */
const DIALECT_RUNS: string[][] = [
  [
    'posts',
    'lookup',
    '1460323737035677698',
    '--post-fields',
    'created_at,note_post',
    '--expansions',
    'author_id,referenced_posts.id,edit_history_post_ids',
  ],
  ['posts', 'search', 'coffee', '--max-results', '10', '--post-fields', 'created_at'],
];

/** Where v2.159 allows what v2.167 does not: the half-finished rename (tweet.fields → post.fields) and the fields it drops. */
const EXPECTED_DISAGREEMENTS: string[] = [
  'GET /2/tweets/search/recent: query parameter tweet.fields is not declared',
  'GET /2/tweets: expansions value edit_history_tweet_ids is not in the enum',
  'GET /2/tweets: expansions value referenced_tweets.id is not in the enum',
  'GET /2/tweets: expansions value referenced_tweets.id.author_id is not in the enum',
  'GET /2/tweets: query parameter tweet.fields is not declared',
  'GET /2/tweets: user.fields value affiliation is not in the enum',
  'GET /2/tweets: user.fields value most_recent_tweet_id is not in the enum',
  'GET /2/tweets: user.fields value pinned_tweet_id is not in the enum',
  // The one-request upload's optional media_type (v2.159 MediaUploadRequestOneShot) is gone from v2.167's body.
  'POST /2/media/upload: body key media_type is not in the schema',
];

describe('v2 requests in official names match openapi v2.159', () => {
  // Its own emulator: another describe's subscriptions and stream rules would make these verbs duplicates
  // (exit 6) when the order is shuffled.
  const emu = fileEmulator({ names: 'official' });
  let sent: LogEntry[] = [];
  const exits: Record<string, number | null> = {};
  beforeAll(async () => {
    const before = emu.state.log.length;
    for (const args of V2_RUNS) exits[args.slice(0, 3).join(' ')] = (await emu.run(args)).code;
    // auth status --check with app-only credentials (a bearer token, no user tokens).
    const bearer = (await emu.run(['auth', 'token', '--print'])).stdout.trim();
    await emu.run(['auth', 'status', '--check'], {
      env: {
        POSTCTL_ACCESS_TOKEN: undefined,
        POSTCTL_ACCESS_TOKEN_SECRET: undefined,
        POSTCTL_BEARER_TOKEN: bearer,
        POSTCTL_CONFIG_DIR: dir,
        HOME: dir,
      },
    });
    sent = emu.state.log.slice(before).filter((e) => e.api === 'platform' && e.path.startsWith('/2/'));
  }, 120_000);

  it('every verb above reached the server', () => {
    // The one placeholder: an unknown connection UUID is a partial failure (8) after its DELETE.
    expect(Object.entries(exits).filter(([, code]) => code !== 0)).toEqual([
      ['connections terminate 3f2504e0-4f89-11d3-9a0c-0305e82c3301', 8],
    ]);
    const paths = new Set(sent.map((e) => `${e.method} ${e.path}`));
    for (const p of [
      'GET /2/tweets',
      'POST /2/activity/subscriptions',
      'GET /2/connections',
      'DELETE /2/connections/all',
      'DELETE /2/connections',
      'PUT /2/webhooks/1146654567674912769',
    ])
      expect(paths).toContain(p);
    for (const p of [
      'POST /2/webhooks/replay',
      'POST /2/tweets',
      'GET /2/tweets/search/recent',
      'GET /2/tweets/search/all',
      'GET /2/tweets/counts/recent',
      'GET /2/tweets/counts/all',
      'GET /2/tweets/search/stream/rules',
      'POST /2/tweets/search/stream/rules',
      'GET /2/tweets/search/stream',
      'POST /2/media/upload',
      'POST /2/media/upload/initialize',
      'POST /2/media/metadata',
      'GET /2/users/me',
    ])
      expect(paths).toContain(p);
    expect([...paths].filter((p) => /^POST \/2\/media\/upload\/\w+\/(append|finalize)$/.test(p))).toHaveLength(2);
    expect([...paths].filter((p) => p.startsWith('DELETE /2/connections/tweet_label_stream'))).toHaveLength(1);
    expect(sent.filter((e) => e.path === '/2/tweets').length).toBeGreaterThanOrEqual(3);
  });

  it('each request: path template exists, query parameters declared, enum values allowed, body keys in the schema', () => {
    expect(sent.flatMap((e) => v2Problems(e))).toEqual([]);
  });

  it('the checker itself catches a wrong path, parameter, enum value and body key', () => {
    expect(v2Problems({ method: 'GET', path: '/2/posts', query: [], body: '' })).toEqual([
      'GET /2/posts: no such path template for the method',
    ]);
    expect(v2Problems({ method: 'GET', path: '/2/tweets', query: [['post.fields', 'id']], body: '' })).toEqual([
      'GET /2/tweets: query parameter post.fields is not declared',
    ]);
    expect(v2Problems({ method: 'GET', path: '/2/tweets', query: [['tweet.fields', 'referenced_posts']], body: '' })).toEqual([
      'GET /2/tweets: tweet.fields value referenced_posts is not in the enum',
    ]);
    expect(
      v2Problems({
        method: 'POST',
        path: '/2/activity/subscriptions',
        query: [],
        body: '{"event_type":"profile.update.verified","filter":{"user_id":"1","direction":"sent"}}',
      }),
    ).toEqual([
      'POST /2/activity/subscriptions: body event_type value profile.update.verified is not in the enum',
      'POST /2/activity/subscriptions: body filter.direction value sent is not in the enum',
    ]);
  });
});

describe('v2 requests against openapi v2.167 where the descriptions agree, and the auth each endpoint allows', () => {
  // Its own emulator: another describe's subscriptions and stream rules would make these verbs duplicates
  // (exit 6) when the order is shuffled.
  const emu = fileEmulator({ names: 'official' });
  let sent: LogEntry[] = [];
  let oauth2Sent: LogEntry[] = [];
  let dialectSent: LogEntry[] = [];
  const exits: Record<string, number | null> = {};
  beforeAll(async () => {
    let before = emu.state.log.length;
    for (const args of V2_RUNS) await emu.run(args);
    sent = emu.state.log.slice(before).filter((e) => e.api === 'platform' && e.path.startsWith('/2/') && !e.path.startsWith('/2/oauth2'));
    // The user-context verbs and the read verbs from a profile that holds only an OAuth 2.0 login.
    const u = await oauth2Only(emu);
    before = emu.state.log.length;
    for (const args of OAUTH2_RUNS) exits[args.slice(0, 3).join(' ')] = (await u.run(args)).code;
    // Create, edit (with the edit-window lookup) and delete the user's own post.
    const created = await u.run(['posts', 'create', '--text', 'contract oauth2', '-o', 'json']);
    const id = String(created.json().data.id);
    exits['posts create'] = created.code;
    exits['posts edit'] = (await u.run(['posts', 'edit', id, '--text', 'edited'])).code;
    exits['posts delete'] = (await u.run(['posts', 'delete', id, '--yes'])).code;
    oauth2Sent = emu.state.log.slice(before).filter((e) => e.path.startsWith('/2/') && !e.path.startsWith('/2/oauth2'));
    // The field-selecting verbs against a server in the v2.167 dialect: the negotiated requests.
    emu.state.dialect = '2.167';
    before = emu.state.log.length;
    try {
      for (const args of DIALECT_RUNS) exits[args.slice(0, 3).join(' ')] = (await emu.run(args)).code;
    } finally {
      emu.state.dialect = '2.159';
      // The negotiated dialect is remembered in the cache: forget it so later runs start from v2.159 again.
      rmSync(join(emu.configDir, '.cache'), { recursive: true, force: true });
    }
    dialectSent = emu.state.log.slice(before).filter((e) => e.path.startsWith('/2/') && e.status === 200);
  }, 180_000);

  it('every request is allowed by v2.167 wherever the descriptions agree; the disagreements are exactly the renamed field names', () => {
    const all = sent.map((e) => v167Problems(e));
    expect(all.flatMap((p) => p.agreed)).toEqual([]);
    expect([...new Set(all.flatMap((p) => p.disagreements))].sort()).toEqual(EXPECTED_DISAGREEMENTS);
  });

  it('requests negotiated in the v2.167 dialect match v2.167 (post.fields, referenced_posts)', () => {
    expect(Object.entries(exits).filter(([, code]) => code !== 0)).toEqual([]);
    expect(dialectSent.map((e) => `${e.method} ${e.path.replace(/\d{5,}/g, 'N')}`).sort()).toEqual([
      'GET /2/tweets',
      'GET /2/tweets/search/recent',
    ]);
    expect(dialectSent.every((e) => e.query.some(([k]) => k === 'post.fields'))).toBe(true);
    expect(dialectSent.flatMap((e) => v2Problems(e, V167))).toEqual([]);
  });

  it('each request went out with a scheme its endpoint allows: OAuth 1.0a, the app bearer, or an OAuth 2.0 user token', () => {
    expect([...sent, ...oauth2Sent].map(authProblem).filter(Boolean)).toEqual([]);
    const schemes = (list: LogEntry[]) => [...new Set(list.map((e) => `${e.authScheme} ${e.auth}`))].sort();
    expect(schemes(sent)).toEqual(['Bearer app', 'OAuth user']);
    // From the OAuth 2.0-only profile every request carried the user's token, the emulator verified it (status 2xx).
    expect(schemes(oauth2Sent)).toEqual(['Bearer user']);
    expect(oauth2Sent.filter((e) => e.status >= 300)).toEqual([]);
    expect(new Set(oauth2Sent.map((e) => opKey(AUTH, e)))).toEqual(
      new Set([
        'POST /2/tweets',
        'GET /2/tweets/{id}',
        'DELETE /2/tweets/{id}',
        'GET /2/tweets',
        'GET /2/tweets/search/recent',
        'GET /2/tweets/counts/recent',
        'POST /2/media/upload',
        'POST /2/media/upload/initialize',
        'POST /2/media/upload/{id}/append',
        'POST /2/media/upload/{id}/finalize',
        'POST /2/media/metadata',
        'GET /2/users/me',
      ]),
    );
  });

  it('the auth checker catches a scheme the endpoint does not allow', () => {
    const e = { method: 'POST', path: '/2/tweets', query: [], body: '', status: 201, seq: 0, time: 0, api: 'platform' };
    expect(authProblem({ ...e, authScheme: 'Bearer', auth: 'app' })).toBe('POST /2/tweets: sent with app, allowed: oauth2, user');
    expect(authProblem({ ...e, method: 'GET', path: '/2/tweets/search/all', authScheme: 'OAuth', auth: 'user' })).toBe(
      'GET /2/tweets/search/all: sent with user, allowed: app',
    );
  });
});

describe('ads requests in official names match the ads reference pages', () => {
  // Its own emulator: another describe's subscriptions and stream rules would make these verbs duplicates
  // (exit 6) when the order is shuffled.
  const emu = fileEmulator({ names: 'official' });
  let sent: LogEntry[] = [];
  const exits: Record<string, number | null> = {};
  beforeAll(async () => {
    const ids = join(dir, 'ids.txt');
    writeFileSync(ids, '12345\n');
    const runs: string[][] = [
      ['ads', 'accounts', 'get'],
      ['ads', 'accounts', 'list', '--with-total-count'],
      ['ads', 'accounts', 'apps'],
      [
        'ads',
        'accounts',
        'history',
        '--entity-type',
        'PROMOTED_POST',
        '--entity-id',
        '8u94t',
        '--start-time',
        '2026-01-05T00:00:00Z',
        '--end-time',
        '2026-01-06T00:00:00Z',
      ],
      ['ads', 'features', 'list'],
      ['ads', 'business-categories'],
      ['ads', 'curated-categories', 'list', '--country-codes', 'US'],
      ['ads', 'line-items', 'get', '8u94t', '--with-deleted'],
      ['ads', 'line-items', 'update', '8u94t', '--entity-status', 'PAUSED'],
      ['ads', 'line-item-categories', 'list'],
      [
        'ads',
        'posts',
        'create',
        '--as-user',
        '756201191',
        '--text',
        'Spring',
        '--post-mode',
        'extended',
        '--name',
        'Spring',
        '--trim-user',
      ],
      ['ads', 'cards', 'list'],
      ['ads', 'poll-cards', 'list'],
      ['ads', 'video-conversation-cards', 'list'],
      ['ads', 'media', 'list'],
      ['ads', 'media-library', 'list'],
      ['audiences', 'permissions', 'list', EMU_AUDIENCE],
      ['audiences', 'targeted', EMU_AUDIENCE],
      ['audiences', 'upload', EMU_AUDIENCE, '--file', ids, '--type', 'twitter_id'],
      ['audiences', 'keywords', '--keywords', 'coffee', '--granularity', 'DAY', '--start', minutesAgo(2 * 24 * 60)],
      ['catalogs', 'list'],
      ['catalogs', 'products', '1456789'],
      ['ads', 'line-items', 'list', '--line-item-ids', '8u94t', '--count', '10'],
      ['audiences', 'list'],
      ['ads', 'video-conversation-cards', 'update', '1505723617405960201', '--first-cta-post', 'I am #TeamBlue too'],
    ];
    const before = emu.state.log.length;
    for (const args of runs) exits[args.slice(0, 3).join(' ')] = (await emu.run(args)).code;
    sent = emu.state.log.slice(before).filter((e) => e.api === 'ads' || e.api === 'sandbox');
  }, 180_000);

  it('the verbs reached the server', () => {
    // The one placeholder: catalog 1456789 does not exist (404 after the request).
    expect(Object.entries(exits).filter(([, code]) => code !== 0)).toEqual([['catalogs products 1456789', 4]]);
    expect(sent.length).toBeGreaterThanOrEqual(20);
    expect(sent.map((e) => e.path)).toContain('/12/accounts/18ce54d4x5t/tweet');
  });

  it('each request: method and path in the reference, every query parameter listed there', () => {
    expect(sent.flatMap((e) => adsProblems(e))).toEqual([]);
  });
});
