// Sends the batches of an upload: skips the ones a resume already confirmed,
// writes them out on a dry run, and otherwise posts each one until the API
// confirms its counts or it has failed for good (count mismatches resent,
// rejected items dropped and the rest resent, failures in a row ending the
// run). It owns the summary counters those steps update.
import { once } from 'node:events';
import { ApiError } from '../errors/api-error.js';
import type { Pacer } from '../bulk/pacer.js';
import { Interrupted } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import type { ApiResponse } from '../http/client.js';
import type { Progress } from '../output/progress.js';
import { countsOf, itemErrors, requestErrors } from './batch-response.js';
import { subsetBody, type Batch } from './encode.js';
import type { RejectSink } from './rejects.js';
import type { UploadState } from '../bulk/state.js';

/** Sends of one batch whose counts do not match before it is reported failed. */
export const MISMATCH_ATTEMPTS = 3;
/** Rounds of dropping items the API rejected and resending the rest. */
const REPAIR_ROUNDS = 3;
/** Failed batches in a row (after the client's own retries) that end the run. */
export const GIVE_UP_AFTER = 5;
/** Failures listed in the summary; the rejects file has every line. */
const FAILURES_KEPT = 100;

interface Failure {
  batch: number;
  /** Input lines: one, or "first-last" of the batch. */
  lines: string;
  users: number;
  error: string;
}

export interface UploadSummary {
  read: number;
  invalid: number;
  invalid_values: number;
  sent: number;
  accepted: number;
  failed: number;
  already_confirmed: number;
  batches: number;
  batches_sent: number;
  batches_confirmed: number;
  batches_failed: number;
  batches_skipped: number;
  count_mismatches: number;
  requests: number;
  retries: number;
  complete: boolean;
  /** When the job stopped early: input from this line on was never sent (null when it ran to the end). */
  not_sent_from_line: number | null;
  failures: Failure[];
}

function emptySummary(): UploadSummary {
  return {
    read: 0,
    invalid: 0,
    invalid_values: 0,
    sent: 0,
    accepted: 0,
    failed: 0,
    already_confirmed: 0,
    batches: 0,
    batches_sent: 0,
    batches_confirmed: 0,
    batches_failed: 0,
    batches_skipped: 0,
    count_mismatches: 0,
    requests: 0,
    retries: 0,
    complete: false,
    not_sent_from_line: null,
    failures: [],
  };
}

export interface SenderDeps {
  /** Posts one request body (the users endpoint of the target; 5xx come back as responses). */
  post: (body: Buffer) => Promise<ApiResponse>;
  pacer: Pacer;
  rejects: RejectSink;
  state?: UploadState;
  progress: Progress;
  signal: AbortSignal;
  verbose: (message: string) => void;
  /** Takes back a batch's buffer once its request is done with it. */
  recycle: (buffer: Buffer) => void;
  /** Dry run: write each batch's operation here instead of sending it. */
  dryRunOut?: NodeJS.WritableStream;
}

/** A batch being delivered: the users still in play and the attempts spent on it. */
interface InFlight {
  batch: Batch;
  body: Buffer;
  lines: Int32Array;
  /** Users still in play, as indexes into the batch (the API may reject some). */
  keep?: number[];
  mismatches: number;
  repairs: number;
}

type Step = 'again' | 'done';

const span = (lines: Int32Array): string => (lines.length === 1 ? String(lines[0]) : `${lines[0]}-${lines[lines.length - 1]}`);

const stop = (res: ApiResponse) =>
  new ApiError({ status: res.status, method: res.method, url: res.url, body: res.body, requestId: res.headers['x-request-id'] });

export class BatchSender {
  readonly summary: UploadSummary = emptySummary();
  /** The last input line of the batches taken: batches go out in file order, so the rest were never sent. */
  lastTaken = 0;
  /** Failed batches in a row; a confirmed batch resets it. */
  private inARow = 0;
  /** The last error a batch failed with after the client's retries (5xx, network, 429 past --max-wait). */
  private lastThrown: unknown;
  private thrownFailures = 0;

  constructor(private readonly deps: SenderDeps) {}

  /** One batch from the pool: skipped, written (dry run) or delivered. */
  async send(batch: Batch): Promise<void> {
    const { summary, deps } = this;
    if (batch.lines.length) this.lastTaken = Math.max(this.lastTaken, batch.lines[batch.lines.length - 1]!);
    if (deps.state?.isConfirmed(batch.index)) {
      summary.already_confirmed += batch.count;
      summary.batches_skipped++;
      deps.progress.tick(batch.count);
      deps.recycle(batch.buffer);
      return;
    }
    if (deps.dryRunOut) return this.write(batch, deps.dryRunOut);
    await this.deliver(batch);
    // undici is done with the body once the response is in: the buffer can take the next batch.
    deps.recycle(batch.buffer);
  }

  /** Nothing got through, and only for server or network reasons: that error says more than "partial failure". */
  get onlyError(): unknown {
    const s = this.summary;
    return s.failed && !s.accepted && this.thrownFailures === s.batches_sent ? this.lastThrown : undefined;
  }

  private async write(batch: Batch, out: NodeJS.WritableStream): Promise<void> {
    // One operation per line: the body without its enclosing [ ].
    this.summary.sent += batch.count;
    out.write(batch.body.subarray(1, batch.body.length - 1));
    if (!out.write('\n')) await once(out, 'drain');
    this.deps.progress.tick(batch.count);
  }

  /** Sends one batch until it is confirmed or has failed for good. */
  async deliver(batch: Batch): Promise<void> {
    this.summary.sent += batch.count;
    this.summary.batches_sent++;
    const f: InFlight = { batch, body: batch.body, lines: batch.lines, mismatches: 0, repairs: 0 };
    while ((await this.attempt(f)) === 'again');
  }

  private async attempt(f: InFlight): Promise<Step> {
    const res = await this.post(f);
    if (!res) return 'done';
    if (res.status >= 200 && res.status < 300) return this.checkCounts(f, res);
    if (res.status === 401 || res.status === 403 || res.status === 404) throw stop(res);
    const repaired = this.repair(f, res);
    if (repaired) return repaired;
    this.failBatch(f.batch.index, f.lines, `rejected by the API: ${requestErrors(res)}`);
    if (++this.inARow >= GIVE_UP_AFTER) throw stop(res);
    return 'done';
  }

  /** One paced request; undefined when it failed (after the client's retries) and the batch is done. */
  private async post(f: InFlight): Promise<ApiResponse | undefined> {
    const { pacer } = this.deps;
    await pacer.acquire();
    let res: ApiResponse | undefined;
    try {
      res = await this.deps.post(f.body);
      pacer.release(res.rateLimit);
      // 5xx after the client's retries come back as responses (noThrow): the same as a thrown error here.
      if (res.status >= 500) throw stop(res);
      return res;
    } catch (e) {
      if (!res) pacer.release();
      this.thrown(f, e);
      return undefined;
    }
  }

  /** A request that failed outright: fatal errors end the run, others fail the batch. */
  private thrown(f: InFlight, e: unknown): void {
    if (e instanceof Interrupted || this.deps.signal.aborted) throw e;
    // Authorization and a missing audience fail every batch alike: stop at once.
    if (e instanceof ApiError && (e.exitCode === EXIT.AUTH || e.exitCode === EXIT.NOT_FOUND)) throw e;
    this.failBatch(f.batch.index, f.lines, (e as Error).message);
    this.lastThrown = e;
    this.thrownFailures++;
    if (++this.inARow >= GIVE_UP_AFTER) throw e;
  }

  /** A 2xx: confirmed when success_count = total_count = users sent, else resent a few times. */
  private checkCounts(f: InFlight, res: ApiResponse): Step {
    const { summary, deps } = this;
    const n = f.lines.length;
    const c = countsOf(res.body);
    if (c && c.success === n && c.total === n) {
      summary.accepted += n;
      summary.batches_confirmed++;
      this.inARow = 0;
      deps.state?.confirm(f.batch.index);
      deps.progress.tick(n);
      return 'done';
    }
    // The spec calls a count that differs from the users sent an error requiring a retry.
    summary.count_mismatches++;
    const what = c ? `success_count ${c.success}, total_count ${c.total}` : 'no success_count/total_count';
    if (++f.mismatches < MISMATCH_ATTEMPTS) {
      deps.verbose(`batch ${f.batch.index + 1}: sent ${n} users, the API answered ${what}; sending it again`);
      return 'again';
    }
    this.failBatch(f.batch.index, f.lines, `count mismatch after ${MISMATCH_ATTEMPTS} attempts: sent ${n} users, the API answered ${what}`);
    return 'done';
  }

  /**
   * The batch fails as a whole but the API named the users it rejects: drop
   * them and send the others again. Undefined when the answer names no usable
   * positions or the rounds are spent.
   */
  private repair(f: InFlight, res: ApiResponse): Step | undefined {
    const n = f.lines.length;
    const items = itemErrors(res.body);
    if (!(items.length && items.every((i) => Number.isInteger(i.index) && i.index >= 0 && i.index < n) && f.repairs++ < REPAIR_ROUNDS))
      return undefined;
    const { batch, lines } = f;
    const bad = new Map<number, string>();
    for (const i of items) bad.set(i.index, bad.has(i.index) ? `${bad.get(i.index)}; ${i.message}` : i.message);
    const perLine = new Map<number, string>();
    for (const [i, m] of bad) perLine.set(lines[i]!, `rejected by the API: ${m}`);
    this.fail(batch.index, new Int32Array([...bad.keys()].sort((a, b) => a - b).map((i) => lines[i]!)), 'rejected by the API', perLine);
    const current = f.keep ?? Array.from({ length: n }, (_, i) => i);
    const keep = current.filter((_, pos) => !bad.has(pos));
    f.keep = keep;
    if (!keep.length) {
      // Nothing left to send: the batch's outcome is final, so a resume skips it.
      this.deps.state?.confirm(batch.index);
      return 'done';
    }
    f.body = subsetBody(batch, keep);
    f.lines = new Int32Array(keep.map((i) => batch.lines[i]!));
    this.deps.verbose(`batch ${batch.index + 1}: the API rejected ${bad.size} users; sending the other ${keep.length} again`);
    return 'again';
  }

  private failBatch(batch: number, lines: Int32Array, error: string): void {
    this.summary.batches_failed++;
    this.fail(batch, lines, error);
  }

  /** Users that failed: counted, listed (the first FAILURES_KEPT), and every line in the rejects file. */
  private fail(batch: number, lines: Int32Array, error: string, perLine?: Map<number, string>): void {
    const { summary, deps } = this;
    summary.failed += lines.length;
    if (summary.failures.length < FAILURES_KEPT) summary.failures.push({ batch, lines: span(lines), users: lines.length, error });
    for (const line of lines) deps.rejects.add({ line, field: '', value: '', reason: `failed: ${perLine?.get(line) ?? error}` });
    deps.progress.tick(lines.length);
  }
}
