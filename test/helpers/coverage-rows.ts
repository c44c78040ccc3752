// More runs for test/helpers/coverage.ts: where a verb reaches another operation
// with a flag (the archive search, a conversation instead of a participant), one
// argument list per extra run; files they read are written under `dir`. The
// sweep row of test/helpers/verb-rows.ts is always run first; a verb with one
// operation needs nothing here.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function extraRows(dir: string): Record<string, string[][]> {
  const video = join(dir, 'clip.mp4');
  writeFileSync(video, Buffer.concat([Buffer.from('\0\0\0\x18ftypmp42', 'latin1'), Buffer.alloc(300_000, 1)]));
  return {
    'posts search': [['posts', 'search', 'coffee', '--archive', '--max-results', '10']],
    'posts counts': [['posts', 'counts', 'coffee', '--archive']],
    'dm send': [['dm', 'send', '--conversation', '1000000001-2244994945', '--text', 'again']],
    'dm list': [['dm', 'list', '--with', '1000000001']],
    'users show': [['users', 'show', '2244994945']],
    // The sweep row looks one key up (GET /2/media/{key}); two keys take the batch lookup.
    'media get': [['media', 'get', '3_1720000000000000004', '13_1720000000000000001']],
    'connections terminate': [
      ['connections', 'terminate', '3f2504e0-4f89-11d3-9a0c-0305e82c3301', '--yes'],
      ['connections', 'terminate', '--endpoint', 'activity_stream', '--yes'],
    ],
    'media upload': [['media', 'upload', video, '--wait']],
    // Each source is its own operation; the sweep row opens `sample` only.
    'stream open': [
      ['sample10', '2'],
      ['firehose', '20'],
      ['firehose-en', '8'],
      ['firehose-ja', '2'],
      ['firehose-ko', '2'],
      ['firehose-pt', '2'],
      ['posts-compliance', '4'],
      ['users-compliance', '4'],
      ['labels'],
      ['likes-compliance'],
      ['likes-firehose', '2'],
      ['likes-sample10', '2'],
    ].map(([source, partition]) => [
      'stream',
      'open',
      source!,
      ...(partition ? ['--partition', partition] : []),
      '--limit',
      '1',
      '--stall-timeout',
      '5',
    ]),
    // The sweep has no OAuth 2.0 login, which bookmarks need; this run has one.
    'posts bookmark': [['posts', 'bookmark', '1460323737035677698']],
    'posts unbookmark': [['posts', 'unbookmark', '1460323737035677698']],
    'posts bookmarks': [['posts', 'bookmarks', '--folder', '1800000000000000101']],
    'spaces buyers': [['spaces', 'buyers', '1DXxyRYNejbKM']],
    'spaces get': [['spaces', 'get', '1DXxyRYNejbKM', '1YpKkgVgevXxj']],
  };
}
