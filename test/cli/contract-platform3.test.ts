// Contract of the Spaces, trends, communities, news, usage, openapi, Community
// Notes, media subtitles, compliance, volume-stream and analytics verbs: what the built CLI sends (as the
// emulator logged it, official names) is checked against both official
// descriptions (extracts in test/fixtures/contract, written by
// scripts/contract-extract.mjs): the operation for the method and path (a
// literal path before a template), path parameters against their patterns,
// every query parameter declared with its enum values, JSON body keys and
// enums in the schema. Every operation these verbs cover must have been sent.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LogEntry } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { opKey, opProblems, operations, pathParams, type V2Op } from '../helpers/contract.js';
import { fileEmulator } from '../helpers/emulator.js';
import { oauth2Only } from '../helpers/oauth2.js';

const DESCRIPTIONS: Record<string, Record<string, V2Op>> = {
  'v2.159': operations<V2Op>('openapi-v2.159-extract.json'),
  'v2.167': operations<V2Op>('openapi-v2.167-extract.json'),
};

function problems(
  e: Pick<LogEntry, 'method' | 'path' | 'query' | 'body'>,
  ops: Record<string, V2Op>,
): { key: string; out: string[] } | undefined {
  const key = opKey(ops, e);
  if (!key) return undefined;
  return { key, out: opProblems(key, ops[key]!, e, { params: pathParams(key, e.path) }) };
}

const emu = fileEmulator({ names: 'official', bearerMaxRequests: 10_000 });
const dir = tempDir('postctl-contract3-');
const IDS = join(dir, 'ids.txt');
writeFileSync(IDS, '1460323737035677691\n1460323737035677692\n');
const SRT = join(dir, 'subs.srt');
writeFileSync(SRT, '1\n00:00:00,000 --> 00:00:02,000\nHello\n');
const ONE = ['--limit', '1'];

const RUNS: string[][] = [
  ['spaces', 'get', '1DXxyRYNejbKM', '--expansions', 'creator_id,host_ids', '--user-fields', 'username', '--topic-fields', 'name'],
  ['spaces', 'get', '1DXxyRYNejbKM', '1YpKkgVgevXxj', '--space-fields', 'lang,is_ticketed'],
  ['spaces', 'search', 'news', '--state', 'live', '--max-results', '10'],
  ['spaces', 'search', 'news', '--state', 'scheduled'],
  ['spaces', 'by-creator', '2244994945', '783214'],
  ['spaces', 'posts', '1DXxyRYNejbKM', '--max-results', '5', '--post-fields', 'created_at', '--expansions', 'author_id'],
  ['trends', 'get', '1', '--max-trends', '5'],
  ['trends', 'personalized'],
  ['communities', 'get', '1493446837214187523'],
  ['communities', 'search', 'emulator', '--max-results', '10', '--all'],
  ['news', 'get', '1938000000000000001', '--news-fields', 'keywords,contexts'],
  ['news', 'search', 'emulator', '--max-results', '5', '--max-age-hours', '48'],
  [
    'posts',
    'analytics',
    '1460323737035677698',
    '1460323737035677699',
    '--since',
    '7d',
    '--granularity',
    'hourly',
    '--analytics-fields',
    'impressions,bookmarks',
  ],
  ['media', 'analytics', '13_1720000000000000001', '--since', '2d', '--granularity', 'total', '--media-analytics-fields', 'playback25'],
  // Subtitle tracks on the emulator's seeded videos (platform-media-subtitles.ts): different languages, so any order works.
  ['media', 'subtitles', 'add', '1720000000000000007', '--subtitle-media-id', '1720000000000000032', '--language', 'FR'],
  ['media', 'subtitles', 'add', '1720000000000000013', '--file', SRT, '--language', 'it', '--media-category', 'amplify_video'],
  ['media', 'subtitles', 'delete', '1720000000000000013', '--language', 'ES', '--media-category', 'AmplifyVideo', '--yes'],
  ['usage', 'posts', '--days', '30', '--usage-fields', 'daily_project_usage,daily_client_app_usage'],
  ['openapi'],
  ['compliance', 'jobs', 'create', '--type', 'users', '--name', 'contract', '--resumable'],
  ['compliance', 'jobs', 'list', '--type', 'tweets', '--status', 'in_progress'],
  ['compliance', 'jobs', 'list', '--type', 'users', '--status', 'failed'],
  ['notes', 'written', '--max-results', '5', '--note-fields', 'test_result'],
  ['notes', 'written', '--live'],
  ['notes', 'eligible', '--post-selection', 'feed_size: small, feed_lang: en', '--post-fields', 'author_id', '--max-results', '2', '--all'],
  [
    'notes',
    'create',
    '1460323737035677698',
    '--classification',
    'misinformed_or_potentially_misleading',
    '--misleading-tags',
    'factual_error,missing_important_context',
    '--trustworthy-sources',
    '--text',
    'See https://example.org',
  ],
  ['notes', 'evaluate', '1460323737035677698', '--text', 'See https://example.org'],
  ['notes', 'delete', '1146654567674912769', '--yes'],
  [
    'chat',
    'conversations',
    'list',
    '--expansions',
    'member_ids',
    '--chat-conversation-fields',
    'is_muted',
    '--user-fields',
    'username',
    '--all',
  ],
  ['chat', 'conversations', 'get', '1000000001-2244994945', '--max-results', '2', '--chat-message-event-fields', 'previous_id'],
  [
    'chat',
    'send',
    'g1800000000000000042',
    '--message-id',
    'c-1',
    '--encoded-event',
    'AAEC',
    '--signature',
    'AQID',
    '--conversation-token',
    't',
  ],
  ['chat', 'read', '1000000001-2244994945', '--until', '1930000000000000002'],
  ['chat', 'typing', 'g1800000000000000042'],
  ['chat', 'keys', 'get', '2244994945', '--public-key-fields', 'juicebox_config'],
  ['stream', 'rules', 'counts', '--rules-count-fields', 'all_project_client_apps,project_rules_count'],
  ['stream', 'open', 'sample', ...ONE, '--post-fields', 'lang', '--expansions', 'author_id', '--backfill-minutes', '2'],
  ['stream', 'open', 'sample10', '--partition', '2', ...ONE, '--start-time', '2026-06-01T00:00:00Z'],
  ['stream', 'open', 'firehose', '--partition', '20', ...ONE, '--media-fields', 'url'],
  ['stream', 'open', 'firehose-en', '--partition', '8', ...ONE],
  ['stream', 'open', 'firehose-ja', '--partition', '2', ...ONE],
  ['stream', 'open', 'firehose-ko', '--partition', '2', ...ONE],
  ['stream', 'open', 'firehose-pt', '--partition', '2', ...ONE],
  ['stream', 'open', 'posts-compliance', '--partition', '4', ...ONE, '--end-time', '2036-06-01T00:00:00Z'],
  ['stream', 'open', 'users-compliance', '--partition', '4', ...ONE],
  ['stream', 'open', 'labels', ...ONE],
  ['stream', 'open', 'likes-compliance', ...ONE],
  [
    'stream',
    'open',
    'likes-firehose',
    '--partition',
    '20',
    ...ONE,
    '--like-fields',
    'liked_tweet_id,timestamp_ms',
    '--expansions',
    'liked_tweet_author_id',
    '--user-fields',
    'username',
  ],
  ['stream', 'open', 'likes-sample10', '--partition', '2', ...ONE, '--post-fields', 'created_at'],
];

/** Every operation these verbs cover (official spelling, as in openapi v2.159). */
const EXPECTED = [
  'GET /2/spaces/{id}',
  'GET /2/spaces',
  'GET /2/spaces/search',
  'GET /2/spaces/by/creator_ids',
  'GET /2/spaces/{id}/buyers',
  'GET /2/spaces/{id}/tweets',
  'GET /2/trends/by/woeid/{woeid}',
  'GET /2/users/personalized_trends',
  'GET /2/communities/{id}',
  'GET /2/communities/search',
  'GET /2/news/{id}',
  'GET /2/news/search',
  'GET /2/usage/tweets',
  'GET /2/tweets/analytics',
  'GET /2/media/analytics',
  'POST /2/media/subtitles',
  'DELETE /2/media/subtitles',
  // `media subtitles add --file` with a small SRT: the one-request upload.
  'POST /2/media/upload',
  'GET /2/openapi.json',
  'POST /2/compliance/jobs',
  'GET /2/compliance/jobs',
  'GET /2/compliance/jobs/{id}',
  'GET /2/notes/search/notes_written',
  'GET /2/notes/search/posts_eligible_for_notes',
  'POST /2/notes',
  'POST /2/evaluate_note',
  'DELETE /2/notes/{id}',
  'GET /2/chat/conversations',
  'GET /2/chat/conversations/{conversation_id}',
  'POST /2/chat/conversations/{conversation_id}/messages',
  'POST /2/chat/conversations/{conversation_id}/read',
  'POST /2/chat/conversations/{conversation_id}/typing',
  'GET /2/users/{id}/public_keys',
  'GET /2/tweets/search/stream/rules/counts',
  'GET /2/tweets/sample/stream',
  'GET /2/tweets/sample10/stream',
  'GET /2/tweets/firehose/stream',
  'GET /2/tweets/firehose/stream/lang/en',
  'GET /2/tweets/firehose/stream/lang/ja',
  'GET /2/tweets/firehose/stream/lang/ko',
  'GET /2/tweets/firehose/stream/lang/pt',
  'GET /2/tweets/compliance/stream',
  'GET /2/users/compliance/stream',
  'GET /2/tweets/label/stream',
  'GET /2/likes/compliance/stream',
  'GET /2/likes/firehose/stream',
  'GET /2/likes/sample10/stream',
];

describe('contract: Spaces, trends, communities, news, usage, notes, compliance and stream verbs against openapi v2.159 and v2.167', () => {
  let entries: LogEntry[] = [];
  beforeAll(async () => {
    // Four at a time: each run is a process of its own.
    const queue = [...RUNS];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let args = queue.shift(); args; args = queue.shift()) {
          const r = await emu.run(args);
          expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(0);
        }
      }),
    );
    const o2 = await oauth2Only(emu, 'space.read,tweet.read,users.read');
    const buyers = await o2.run([
      'spaces',
      'buyers',
      '1DXxyRYNejbKM',
      '--max-results',
      '2',
      '--all',
      '--user-fields',
      'created_at',
      '--expansions',
      'pinned_tweet_id',
    ]);
    expect(buyers.code, buyers.stderr).toBe(0);
    const created = await emu.run(['compliance', 'jobs', 'create', '--type', 'tweets', '--ids-file', IDS, '-o', 'json']);
    expect(created.code, created.stderr).toBe(0);
    const got = await emu.run(['compliance', 'jobs', 'get', created.json().data.id, '--compliance-job-fields', 'status,download_url']);
    expect(got.code, got.stderr).toBe(0);
    // Only the platform API: the OAuth 2.0 token endpoint is not part of it, and the upload and download URLs are another host's (test/cli/compliance.test.ts).
    entries = emu.state.log.filter((e) => e.path.startsWith('/2/') && !e.path.startsWith('/2/oauth2/') && e.api !== 'download');
  }, 180_000);

  it('every request matches an operation of v2.159 (v2.167 only where v2.159 lacks the path) and breaks none of its rules', () => {
    const all: string[] = [];
    for (const e of entries) {
      const found = problems(e, DESCRIPTIONS['v2.159']!) ?? problems(e, DESCRIPTIONS['v2.167']!);
      if (!found) all.push(`${e.method} ${e.path}: in neither description`);
      else all.push(...found.out);
    }
    expect(all).toEqual([]);
  });

  it('every operation these verbs cover was sent', () => {
    const sent = new Set(entries.map((e) => opKey(DESCRIPTIONS['v2.159']!, e)));
    expect(EXPECTED.filter((k) => !sent.has(k))).toEqual([]);
  });

  it('where v2.167 declares the same operation, the request keeps to its names too (tweet.fields aside: that dialect is negotiated)', () => {
    const all: string[] = [];
    for (const e of entries) {
      const r = problems(e, DESCRIPTIONS['v2.167']!);
      // v2.167 reuses GET /2/chat/conversations/{id} for the conversation itself (its events moved to …/events):
      // a different operation, so v2.159 alone is the contract for it.
      if (r?.key === 'GET /2/chat/conversations/{id}') continue;
      // v2.167 drops the one-request upload's optional media_type, which v2.159 (the names contract) declares.
      if (r)
        all.push(
          ...r.out.filter(
            (p) =>
              !/query parameter tweet\.fields is not declared|is not in the enum|^POST \/2\/media\/upload: body key media_type /.test(p),
          ),
        );
    }
    expect(all).toEqual([]);
  });
});
