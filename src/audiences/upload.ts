// The upload job: file → normalized → hashed → batched → sent, with bounded
// concurrency, paced to the 1,500 requests/minute limit and the rate-limit
// headers. Every batch's counts are checked (success_count = total_count =
// users sent; a mismatch is retried), item errors are mapped back to input
// lines, and confirmed batches are recorded for --resume. Memory holds only
// the batches in flight.
import { Pacer } from '../bulk/pacer.js';
import type { Clock } from '../world/world.js';
import { runPool } from '../bulk/pool.js';
import { Interrupted } from '../errors/cli-error.js';
import type { ApiClient, ApiName } from '../http/client.js';
import type { Progress } from '../output/progress.js';
import type { NameStyle } from '../wire/names.js';
import { USERS_LIMITS } from '../validate/audiences.js';
import { postUsers, type UploadTargetKind } from './api.js';
import { Batcher, envelope, NO_WRAP, UserEncoder, type Batch } from './encode.js';
import { BatchSender, type UploadSummary } from './batch-sender.js';
import { HashWorker } from './hash-worker.js';
import { prefetch } from '../bulk/prefetch.js';
import type { NormalizeOptions } from './normalize.js';
import type { RejectSink } from './rejects.js';
import { readBatches, type ReadCounts, type SourceSpec } from './source.js';
import type { UploadState } from '../bulk/state.js';

/** Finished batches kept ready ahead of the requests in flight. */
const READ_AHEAD = 4;

export interface UploadPlan {
  target: { kind: UploadTargetKind; account: string; id: string; api: ApiName };
  source: SourceSpec;
  normalize: NormalizeOptions;
  operation: 'Update' | 'Delete';
  /** effective_at / expires_at, sent in every operation's params when set. */
  params: Record<string, string | undefined>;
  batchSize: number;
  concurrency: number;
  dryRun: boolean;
  /** Size of the input file, when it is one (progress estimate). */
  inputBytes?: number;
  /** Hash on a worker thread (plain lines): a second core for the heaviest step. */
  hashThread?: boolean;
  /** Wire spelling of the user objects' keys (src/wire/names.ts). */
  names?: NameStyle;
}

export interface UploadDeps {
  client?: ApiClient;
  rejects: RejectSink;
  state?: UploadState;
  progress: Progress;
  signal: AbortSignal;
  /** The run's clock: the pacer's window and waits. */
  clock?: Clock;
  /** Dry-run output (stdout), with backpressure. */
  out: NodeJS.WritableStream;
  verbose: (message: string) => void;
}

export type { UploadSummary } from './batch-sender.js';
export { countsOf, itemErrors } from './batch-response.js';

/** Runs the job. A run that stops early (interrupt, fatal API error) still returns its summary, with the error. */
export async function upload(plan: UploadPlan, deps: UploadDeps): Promise<{ summary: UploadSummary; error?: unknown }> {
  const { signal, progress } = deps;
  const names = plan.names ?? 'official';
  const encoder = new UserEncoder(plan.normalize, (r) => deps.rejects.add(r), names);
  const wrap = plan.source.format === 'lines' ? UserEncoder.wrapOf(plan.source.type!, names) : NO_WRAP;
  const batcher = new Batcher(Math.min(plan.batchSize, USERS_LIMITS.maxUsers), envelope(plan.operation, plan.params), wrap);
  const counts: ReadCounts = { read: 0, invalid: 0, bytesRead: () => 0 };
  const sender = newSender(plan, deps, batcher);
  const { summary } = sender;
  const startRequests = deps.client?.stats.requests ?? 0;
  const startRetries = deps.client?.stats.retries ?? 0;
  const hasher = plan.hashThread && plan.source.format === 'lines' && encoder.hashes(plan.source.type!) ? new HashWorker() : undefined;
  // A few batches ready ahead of the lanes: reading and hashing go on while the requests wait.
  const ahead = prefetch(
    counted(readBatches(plan.source, encoder, batcher, deps.rejects, counts, hasher), plan, counts, sender.summary, progress),
    READ_AHEAD,
  );
  let error: unknown;
  try {
    await runPool(ahead, plan.dryRun ? 1 : plan.concurrency, (batch) => sender.send(batch), signal);
    if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Interrupted();
    summary.complete = true;
  } catch (e) {
    error = e;
  } finally {
    await ahead.close();
    await hasher?.close();
  }
  summary.read = counts.read;
  summary.invalid = counts.invalid;
  summary.invalid_values = encoder.invalidValues;
  summary.requests = (deps.client?.stats.requests ?? 0) - startRequests;
  summary.retries = (deps.client?.stats.retries ?? 0) - startRetries;
  if (summary.complete) progress.setTotal(summary.read - summary.invalid);
  else summary.not_sent_from_line = sender.lastTaken + 1;
  progress.done();
  if (error === undefined) error = sender.onlyError;
  return error === undefined ? { summary } : { summary, error };
}

function newSender(plan: UploadPlan, deps: UploadDeps, batcher: Batcher): BatchSender {
  const { target } = plan;
  return new BatchSender({
    post: (body) => postUsers(deps.client!, { id: target.account, api: target.api }, target.kind, target.id, body),
    pacer: new Pacer({ max: USERS_LIMITS.requests, windowMs: USERS_LIMITS.windowMs }, deps.signal, deps.clock),
    rejects: deps.rejects,
    state: deps.state,
    progress: deps.progress,
    signal: deps.signal,
    verbose: deps.verbose,
    recycle: (buffer) => batcher.recycle(buffer),
    dryRunOut: plan.dryRun ? deps.out : undefined,
  });
}

/** Counts the batches read and keeps the progress total estimated from the share of the file read. */
async function* counted(
  batches: AsyncIterable<Batch>,
  plan: UploadPlan,
  counts: ReadCounts,
  summary: UploadSummary,
  progress: Progress,
): AsyncGenerator<Batch> {
  for await (const batch of batches) {
    summary.batches++;
    const bytes = counts.bytesRead();
    // Users to expect, from the share of the file read so far (an estimate for the ETA).
    if (bytes > 0 && plan.inputBytes) progress.setTotal(Math.max(counts.read, Math.round((counts.read * plan.inputBytes) / bytes)));
    yield batch;
  }
}
