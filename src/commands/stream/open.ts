// `postctl stream open <source>`: the sample, firehose, compliance, label and
// likes streams as JSON lines on stdout, with the stop/resume behaviour of
// `stream connect` (same flags, same exit codes: 0 at --limit, 130 on Ctrl-C).
import { SOURCE_NAMES, partitionParam, runVolumeStream, type SourceName } from '../../platform/volume-streams.js';
import { StreamCheckpoint } from '../../platform/stream-checkpoint.js';
import { authedClient } from '../_auth.js';
import { FIELD_FLAGS } from '../_lookup.js';
import { postFieldOptions } from '../_post-fields.js';
import { reportStream, streamOptions } from '../_stream.js';
import { UsageError } from '../../errors/cli-error.js';
import { defineVerb } from '../define.js';
import { volumeLine, volumeSelection, windowParams } from './_volume.js';

/** The endpoint key of each source in the endpoint-auth table (official spelling). */
const ENDPOINT: Record<SourceName, string> = {
  sample: 'GET /2/tweets/sample/stream',
  sample10: 'GET /2/tweets/sample10/stream',
  firehose: 'GET /2/tweets/firehose/stream',
  'firehose-en': 'GET /2/tweets/firehose/stream/lang/en',
  'firehose-ja': 'GET /2/tweets/firehose/stream/lang/ja',
  'firehose-ko': 'GET /2/tweets/firehose/stream/lang/ko',
  'firehose-pt': 'GET /2/tweets/firehose/stream/lang/pt',
  'posts-compliance': 'GET /2/tweets/compliance/stream',
  'users-compliance': 'GET /2/users/compliance/stream',
  labels: 'GET /2/tweets/label/stream',
  'likes-compliance': 'GET /2/likes/compliance/stream',
  'likes-firehose': 'GET /2/likes/firehose/stream',
  'likes-sample10': 'GET /2/likes/sample10/stream',
};

export default defineVerb({
  name: 'open <source>',
  description: `print a volume or compliance stream as it arrives: ${SOURCE_NAMES.join(', ')} (GET /2/tweets/sample/stream …; app); reconnects until Ctrl-C`,
  examples: [
    'postctl stream open sample --limit 20 > sample.jsonl',
    'postctl stream open firehose-en --partition 3 --backfill-minutes 2 --limit 10',
    'postctl stream open posts-compliance --partition 1 --limit 20 -o jsonl',
    'postctl stream open likes-sample10 --partition 1 --expansions liked_tweet_id --limit 10',
  ],
  options: {
    partition: {
      flags: '--partition <n>',
      description: 'the partition to read (required by sample10, the firehoses and the compliance streams; ranges differ)',
    },
    startTime: { flags: '--start-time <iso>', description: 'oldest item to deliver (ISO 8601; needs access that allows it)' },
    endTime: { flags: '--end-time <iso>', description: 'newest item to deliver (ISO 8601)' },
    limit: { flags: '--limit <n>', description: 'stop after n items (exit 0)' },
    backfillMinutes: {
      flags: '--backfill-minutes <n>',
      description: 'ask for up to n minutes (1 to 5) of past items, and again after a reconnect; duplicates are dropped',
    },
    maxReconnects: { flags: '--max-reconnects <n>', description: 'reconnect attempts per outage before giving up (default 10)' },
    stallTimeout: {
      flags: '--stall-timeout <seconds>',
      description: 'reconnect when nothing, not even a keep-alive, arrives for this long (default 30)',
    },
    state: {
      flags: '--state <file>',
      description:
        'keep the last item seen in this file (created 0600); a later run asks for the missed minutes (backfill, up to 5), drops repeats and reports a longer gap',
    },
    ...postFieldOptions,
    likeFields: FIELD_FLAGS.likeFields,
  },
  async run([source], opts, ctx) {
    if (!(SOURCE_NAMES as string[]).includes(source!))
      throw new UsageError(`unknown stream source ${JSON.stringify(source)}`, `one of: ${SOURCE_NAMES.join(', ')}`);
    const name = source as SourceName;
    const options = streamOptions(opts, ctx, volumeLine);
    const { client } = await authedClient(ctx, { endpoints: [ENDPOINT[name]], prefer: ['app'] });
    const query = [...partitionParam(name, opts.partition), ...windowParams(opts), ...volumeSelection(name, opts, client.names)];
    const checkpoint =
      opts.state === undefined ? undefined : StreamCheckpoint.load(opts.state, [name, opts.partition].filter(Boolean).join('/'));
    const summary = await runVolumeStream(client, name, { ...options, query, ...(checkpoint ? { checkpoint } : {}) });
    return reportStream(ctx, summary, 'item');
  },
});
