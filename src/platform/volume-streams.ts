// The volume and compliance streams (openapi v2.159 tag "Stream", beside the
// filtered stream): the 1% sample, the 10% sample and the firehose of posts
// (all, or by language), the posts, users and likes compliance streams, the
// label stream, and the likes firehose and 10% sample. One runner: the filtered
// stream's (events.ts runStream) reconnect, backoff, stall detection and stop
// behaviour. With backfill_minutes (opt-in) every connection asks for the
// missed minutes, and items seen before are dropped by id. With a state file
// (stream-checkpoint.ts) a new run asks for the minutes since the last item
// (up to the API's 5); a longer gap is reported, as these streams cannot be
// searched.
// https://docs.x.com/x-api/stream/introduction
import { invalid } from '../errors/cli-error.js';
import type { ApiClient } from '../http/client.js';
import type { Params } from '../http/encode.js';
import { joinPath } from '../http/path.js';
import { wire, type NameStyle } from '../wire/names.js';
import { runStream, type StreamOptions, type StreamSpec, type StreamSummary } from './events.js';
import { SeenIds } from './filtered-stream.js';
import { formatGap, planGap, type StreamCheckpoint } from './stream-checkpoint.js';

/** What a source streams: posts (post field flags), likes (like fields), or compliance/label events (no fields). */
export type SourceKind = 'posts' | 'likes' | 'events';

interface Source {
  /** Path segments after /2; `posts` is the resource word (tweets, or posts in the neutral spelling). */
  segments: readonly string[];
  kind: SourceKind;
  /** The `partition` range the description requires, when it does. */
  partitions?: readonly [number, number];
}

/** openapi v2.159: each stream's path, what it carries and its required `partition` range. */
const SOURCES = {
  sample: { segments: ['posts', 'sample', 'stream'], kind: 'posts' },
  sample10: { segments: ['posts', 'sample10', 'stream'], kind: 'posts', partitions: [1, 2] },
  firehose: { segments: ['posts', 'firehose', 'stream'], kind: 'posts', partitions: [1, 20] },
  'firehose-en': { segments: ['posts', 'firehose', 'stream', 'lang', 'en'], kind: 'posts', partitions: [1, 8] },
  'firehose-ja': { segments: ['posts', 'firehose', 'stream', 'lang', 'ja'], kind: 'posts', partitions: [1, 2] },
  'firehose-ko': { segments: ['posts', 'firehose', 'stream', 'lang', 'ko'], kind: 'posts', partitions: [1, 2] },
  'firehose-pt': { segments: ['posts', 'firehose', 'stream', 'lang', 'pt'], kind: 'posts', partitions: [1, 2] },
  'posts-compliance': { segments: ['posts', 'compliance', 'stream'], kind: 'events', partitions: [1, 4] },
  'users-compliance': { segments: ['users', 'compliance', 'stream'], kind: 'events', partitions: [1, 4] },
  labels: { segments: ['posts', 'label', 'stream'], kind: 'events' },
  'likes-compliance': { segments: ['likes', 'compliance', 'stream'], kind: 'events' },
  'likes-firehose': { segments: ['likes', 'firehose', 'stream'], kind: 'likes', partitions: [1, 20] },
  'likes-sample10': { segments: ['likes', 'sample10', 'stream'], kind: 'likes', partitions: [1, 2] },
} as const satisfies Record<string, Source>;

export type SourceName = keyof typeof SOURCES;
export const SOURCE_NAMES = Object.keys(SOURCES) as SourceName[];

export function sourceKind(name: SourceName): SourceKind {
  return SOURCES[name].kind;
}

/** The stream's path in the client's spelling. */
function sourcePath(name: SourceName, style: NameStyle): string {
  return joinPath('2', ...SOURCES[name].segments.map((s) => (s === 'posts' ? wire('path.posts', style) : s)));
}

/** `partition` checked against the source's range (required where the description requires it); exit 6 before connecting. */
export function partitionParam(name: SourceName, partition: string | undefined): Params {
  const range: readonly [number, number] | undefined = (SOURCES[name] as Source).partitions;
  if (!range) {
    if (partition !== undefined) throw invalid('--partition', `the ${name} stream has no partitions`);
    return [];
  }
  const n = Number(partition);
  if (partition === undefined || !/^\d+$/.test(partition) || n < range[0] || n > range[1])
    throw invalid(
      '--partition',
      `the ${name} stream needs a partition from ${range[0]} to ${range[1]}${partition === undefined ? '' : `, got ${JSON.stringify(partition)}`}`,
    );
  return [['partition', partition]];
}

export interface VolumeStreamOptions extends StreamOptions {
  /** Partition, time window and selection, already checked and in wire names. */
  query: Params;
  backfillMinutes?: number;
  /** --state: where the stream is up to, loaded; saved as items are printed. */
  checkpoint?: StreamCheckpoint;
}

/** backfill_minutes for the time since the checkpoint's last item; a gap beyond the API's backfill is a warning. */
function gapBackfill(cp: StreamCheckpoint, opts: VolumeStreamOptions, restart: boolean): Params {
  if (cp.lastTime === undefined) return [];
  const now = opts.now ?? Date.now;
  const plan = planGap(cp.lastTime, now(), false);
  if (restart)
    opts.log.info(
      `resuming after ${formatGap(plan.gapMs)}: ${plan.backfillMinutes} minute${plan.backfillMinutes === 1 ? '' : 's'} of stream backfill`,
    );
  if (plan.hole)
    opts.log.warn(
      `items from ${new Date(plan.hole[0]).toISOString()} to ${new Date(plan.hole[1]).toISOString()} may be missing: longer than the stream’s 5-minute backfill`,
    );
  return [['backfill_minutes', String(plan.backfillMinutes)]];
}

function volumeStreamSpec(client: Pick<ApiClient, 'names'>, name: SourceName, opts: VolumeStreamOptions): StreamSpec {
  const seen = new SeenIds();
  const cp = opts.checkpoint;
  const backfill: Params = opts.backfillMinutes ? [['backfill_minutes', String(opts.backfillMinutes)]] : [];
  const restart = cp?.lastTime !== undefined ? gapBackfill(cp, opts, true) : [];
  return {
    name: `the ${name} stream`,
    path: sourcePath(name, client.names),
    auth: 'app',
    initial: [...opts.query, ...(restart.length ? restart : backfill)],
    // A window that has ended is not asked for again; the backfill covers the outage.
    reconnectQuery: () => {
      if (cp) cp.replaying = true;
      const gap = cp ? gapBackfill(cp, opts, false) : [];
      return [...opts.query.filter(([k]) => k !== 'start_time'), ...(gap.length ? gap : backfill)];
    },
    accept: (msg, at) => (cp ? cp.accept(msg.data?.id, at) : seen.accept(msg.data?.id)),
  };
}

export async function runVolumeStream(client: ApiClient, name: SourceName, opts: VolumeStreamOptions): Promise<StreamSummary> {
  const cp = opts.checkpoint;
  if (!cp) return runStream(client, volumeStreamSpec(client, name, opts), opts);
  const now = opts.now ?? Date.now;
  const onEvent: VolumeStreamOptions['onEvent'] = async (event, line) => {
    await opts.onEvent(event, line);
    cp.save(now());
  };
  try {
    return await runStream(client, volumeStreamSpec(client, name, opts), { ...opts, onEvent });
  } finally {
    cp.save(now(), true);
  }
}

/** GET /2/tweets/search/stream/rules/counts: how many filtered-stream rules the app and project hold, against their caps. */
export const ruleCountsRequest = (query: Params, style: NameStyle) => ({
  method: 'GET',
  path: joinPath('2', wire('path.posts', style), 'search', 'stream', 'rules', 'counts'),
  query,
  auth: 'app' as const,
});
