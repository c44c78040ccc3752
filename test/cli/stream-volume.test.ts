// `stream open <source>` (the sample, firehose, compliance, label and likes
// streams) and `stream rules counts` through the built CLI against the
// emulator: every source reaches its own path with its partition, items are
// JSON lines, the rules of each source are checked before connecting (exit 6
// or 2, nothing sent), and a dropped connection resumes without a repeat.
import { describe, expect, it } from 'vitest';
import { configureFilteredStream } from '../../src/emulator/routes/platform-stream.js';
import { volumeStreams } from '../../src/emulator/routes/platform-volume-stream.js';
import { fileEmulator } from '../helpers/emulator.js';

// Concurrent runs each fetch the app's bearer token: no token-request limit here.
const emu = fileEmulator({ bearerMaxRequests: 10_000 });
const streamLog = () => emu.state.log.filter((e) => /\/stream(\/lang\/\w+)?$/.test(e.path) && !e.path.includes('/search/'));

const SOURCES: Array<[string, string, string[]]> = [
  ['sample', '/2/tweets/sample/stream', []],
  ['sample10', '/2/tweets/sample10/stream', ['--partition', '2']],
  ['firehose', '/2/tweets/firehose/stream', ['--partition', '20']],
  ['firehose-en', '/2/tweets/firehose/stream/lang/en', ['--partition', '8']],
  ['firehose-ja', '/2/tweets/firehose/stream/lang/ja', ['--partition', '1']],
  ['firehose-ko', '/2/tweets/firehose/stream/lang/ko', ['--partition', '1']],
  ['firehose-pt', '/2/tweets/firehose/stream/lang/pt', ['--partition', '1']],
  ['posts-compliance', '/2/tweets/compliance/stream', ['--partition', '4']],
  ['users-compliance', '/2/users/compliance/stream', ['--partition', '1']],
  ['labels', '/2/tweets/label/stream', []],
  ['likes-compliance', '/2/likes/compliance/stream', []],
  ['likes-firehose', '/2/likes/firehose/stream', ['--partition', '3', '--like-fields', 'liked_tweet_id', '--expansions', 'liked_tweet_id']],
  ['likes-sample10', '/2/likes/sample10/stream', ['--partition', '1']],
];

describe.concurrent('stream open', () => {
  it.each(SOURCES)('%s: two items as JSON lines from %s, app auth', async (source, path, extra) => {
    const r = await emu.run(['stream', 'open', source, ...extra, '--limit', '2', '-o', 'jsonl']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0].data).toBeTypeOf('object');
    expect(r.stderr).toContain('done: 2 items, 0 reconnects');
    const e = emu.state.log.find(
      (x) => x.path === path && x.query.some(([k, v]) => k === 'partition' && v === extra[1]) === (extra[0] === '--partition'),
    );
    expect(e, path).toBeDefined();
    expect(e!.authScheme).toBe('Bearer');
  });

  it('post fields reach the post streams; like fields and expansions the likes streams', async () => {
    const r = await emu.run(['stream', 'open', 'sample', '--post-fields', 'created_at,lang', '--limit', '1', '-o', 'jsonl']);
    expect(r.code, r.stderr).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout).data).sort()).toEqual(['created_at', 'edit_history_tweet_ids', 'id', 'lang', 'text']);
    const l = await emu.run([
      'stream',
      'open',
      'likes-sample10',
      '--partition',
      '2',
      '--like-fields',
      'liked_tweet_id,timestamp_ms',
      '--limit',
      '1',
      '-o',
      'jsonl',
    ]);
    expect(l.code, l.stderr).toBe(0);
    expect(Object.keys(JSON.parse(l.stdout).data).sort()).toEqual(['id', 'liked_tweet_id', 'timestamp_ms']);
  });
});

describe('stream open, one at a time', () => {
  it('rules before connecting: partition missing or out of range, a partition where there is none, flags a source does not take, a bad time, an unknown source', async () => {
    const before = streamLog().length;
    const cases: Array<[string[], number, string]> = [
      [['firehose'], 6, 'needs a partition from 1 to 20'],
      [['firehose-en', '--partition', '9'], 6, 'from 1 to 8, got "9"'],
      [['users-compliance', '--partition', '0'], 6, '--partition'],
      [['sample', '--partition', '1'], 6, 'has no partitions'],
      [['sample', '--like-fields', 'id'], 6, '--like-fields'],
      [['posts-compliance', '--partition', '1', '--post-fields', 'id'], 6, '--post-fields'],
      [['likes-firehose', '--partition', '1', '--media-fields', 'url'], 6, '--media-fields'],
      [['likes-firehose', '--partition', '1', '--expansions', 'author_id'], 6, 'unknown expansion "author_id"'],
      [['labels', '--start-time', 'yesterday'], 6, '--start-time'],
      [['labels', '--start-time', '2026-06-02T00:00:00Z', '--end-time', '2026-06-01T00:00:00Z'], 6, '--end-time'],
      [['sample', '--backfill-minutes', '6'], 6, '--backfill-minutes'],
      [['everything'], 2, 'unknown stream source "everything"'],
    ];
    for (const [args, code, text] of cases) {
      const r = await emu.run(['stream', 'open', ...args]);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.stderr).toContain(text);
    }
    expect(streamLog().length).toBe(before);
  });

  it('a dropped connection: reconnects asking for the backfill again; replayed items are dropped, none repeated', async () => {
    // Nothing to replay on the first connection: only the reconnect's backfill repeats items.
    volumeStreams(emu.state).recent.clear();
    emu.state.faults.add({ kind: 'cut', path: '/firehose/stream/lang/ko', afterEvents: 3 });
    const from = emu.state.log.length;
    const r = await emu.run([
      'stream',
      'open',
      'firehose-ko',
      '--partition',
      '2',
      '--backfill-minutes',
      '1',
      '--limit',
      '6',
      '-o',
      'jsonl',
    ]);
    expect(r.code, r.stderr).toBe(0);
    // The emulator numbers its items in the text ("Sampled post 12"): six in a row, none twice.
    const nums = r.stdout
      .trim()
      .split('\n')
      .map((l) => Number(/Sampled post (\d+)/.exec(JSON.parse(l).data.text)![1]));
    expect(nums.map((n) => n - nums[0]!)).toEqual([0, 1, 2, 3, 4, 5]);
    const sent = emu.state.log.slice(from).filter((e) => e.path === '/2/tweets/firehose/stream/lang/ko');
    expect(sent.map((e) => e.query)).toEqual([
      [
        ['partition', '2'],
        ['backfill_minutes', '1'],
      ],
      [
        ['partition', '2'],
        ['backfill_minutes', '1'],
      ],
    ]);
    expect(r.stderr).toContain('done: 6 items, 1 reconnect, 2 replayed duplicates dropped');
  });
});

describe('stream rules counts', () => {
  it('the rules held against the cap; rules_count.fields checked', async () => {
    configureFilteredStream(emu.state, { ruleCap: 25 });
    const r = await emu.run(['stream', 'rules', 'counts', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data).toMatchObject({ cap_per_client_app: 25, cap_per_project: 25 });
    expect(emu.state.log.at(-1)!.path).toBe('/2/tweets/search/stream/rules/counts');
    const bad = await emu.run(['stream', 'rules', 'counts', '--rules-count-fields', 'rules']);
    expect(bad.code).toBe(6);
  });
});
