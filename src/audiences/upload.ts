// The upload job: file → normalized → hashed → batched → sent, with bounded
// concurrency, paced to the 1,500 requests/minute limit and the rate-limit
// headers. Every batch's counts are checked (success_count = total_count =
// users sent; a mismatch is retried), item errors are mapped back to input
// lines, and confirmed batches are recorded for --resume. Memory holds only
// the batches in flight.
import { once } from 'node:events';
import { ApiError } from '../api-error.js';
import { Pacer } from '../bulk/pacer.js';
import { runPool } from '../bulk/pool.js';
import { Interrupted } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import type { ApiClient, ApiName, ApiResponse } from '../http/client.js';
import type { Progress } from '../output/progress.js';
import type { NameStyle } from '../wire/names.js';
import { USERS_LIMITS } from '../validate/audiences.js';
import { postUsers, type UploadTargetKind } from './api.js';
import { Batcher, envelope, NO_WRAP, UserEncoder, subsetBody, type Batch } from './encode.js';
import { HashWorker } from './hash-worker.js';
import { prefetch } from '../bulk/prefetch.js';
import type { NormalizeOptions } from './normalize.js';
import type { RejectSink } from './rejects.js';
import { readBatches, type ReadCounts, type SourceSpec } from './source.js';
import type { UploadState } from './state.js';

/** Sends of one batch whose counts do not match before it is reported failed. */
export const MISMATCH_ATTEMPTS = 3;
/** Rounds of dropping items the API rejected and resending the rest. */
const REPAIR_ROUNDS = 3;
/** Failed batches in a row (after the client's own retries) that end the run. */
const GIVE_UP_AFTER = 5;
/** Finished batches kept ready ahead of the requests in flight. */
const READ_AHEAD = 4;
/** Failures listed in the summary; the rejects file has every line. */
const FAILURES_KEPT = 100;

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
  /** Dry-run output (stdout), with backpressure. */
  out: NodeJS.WritableStream;
  verbose: (message: string) => void;
}

export interface Failure {
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

interface Counts {
  success: number;
  total: number;
}

/** success_count/total_count: `data` is an object (custom audiences) or an array of them (do-not-reach). */
export function countsOf(body: unknown): Counts | undefined {
  const data = (body as { data?: unknown } | null)?.data;
  const list = Array.isArray(data) ? data : data && typeof data === 'object' ? [data] : [];
  if (!list.length) return undefined;
  let success = 0;
  let total = 0;
  for (const d of list as Array<Record<string, unknown>>) {
    if (typeof d?.success_count !== 'number' || typeof d?.total_count !== 'number') return undefined;
    success += d.success_count;
    total += d.total_count;
  }
  return { success, total };
}

export interface ItemError {
  /** Position of the user in the request. */
  index: number;
  message: string;
}

/**
 * operation_errors, as positions of users in the request with a message. Both
 * shapes are read: a list of {index, message}, or a list parallel to the
 * items where empty entries mean "no error".
 */
export function itemErrors(body: unknown): ItemError[] {
  const raw = (body as { operation_errors?: unknown } | null)?.operation_errors;
  if (!Array.isArray(raw)) return [];
  const out: ItemError[] = [];
  const text = (e: unknown): string => {
    if (typeof e === 'string') return e;
    if (Array.isArray(e)) return e.map(text).filter(Boolean).join('; ');
    if (e && typeof e === 'object') {
      const o = e as Record<string, unknown>;
      return String(o.message ?? o.error_message ?? o.detail ?? o.code ?? JSON.stringify(o));
    }
    return '';
  };
  raw.forEach((e, pos) => {
    const o = e as Record<string, unknown> | null;
    if (o && typeof o === 'object' && !Array.isArray(o) && typeof o.index === 'number') out.push({ index: o.index, message: text({ ...o, index: undefined }) || 'rejected' });
    else if (e && (typeof e !== 'object' || Object.keys(e as object).length)) {
      const m = text(e);
      if (m) out.push({ index: pos, message: m });
    }
  });
  return out;
}

function requestErrors(res: ApiResponse): string {
  const errors = (res.body as { errors?: unknown } | null)?.errors;
  if (Array.isArray(errors) && errors.length) {
    return errors.map((e: any) => `${e?.code !== undefined ? `[${e.code}] ` : ''}${e?.message ?? JSON.stringify(e)}${e?.parameter ? ` (parameter: ${e.parameter})` : ''}`).join('; ');
  }
  return `HTTP ${res.status}`;
}

const span = (lines: Int32Array): string => (lines.length === 1 ? String(lines[0]) : `${lines[0]}-${lines[lines.length - 1]}`);

/** Runs the job. A run that stops early (interrupt, fatal API error) still returns its summary, with the error. */
export async function upload(plan: UploadPlan, deps: UploadDeps): Promise<{ summary: UploadSummary; error?: unknown }> {
  const { rejects, state, progress, signal } = deps;
  const summary: UploadSummary = {
    read: 0, invalid: 0, invalid_values: 0, sent: 0, accepted: 0, failed: 0, already_confirmed: 0,
    batches: 0, batches_sent: 0, batches_confirmed: 0, batches_failed: 0, batches_skipped: 0,
    count_mismatches: 0, requests: 0, retries: 0, complete: false, not_sent_from_line: null, failures: [],
  };
  const env = envelope(plan.operation, plan.params);
  const names = plan.names ?? 'official';
  const encoder = new UserEncoder(plan.normalize, (r) => rejects.add(r), names);
  const wrap = plan.source.format === 'lines' ? UserEncoder.wrapOf(plan.source.type!, names) : NO_WRAP;
  const batcher = new Batcher(Math.min(plan.batchSize, USERS_LIMITS.maxUsers), env, wrap);
  const counts: ReadCounts = { read: 0, invalid: 0, bytesRead: () => 0 };
  const pacer = new Pacer({ max: USERS_LIMITS.requests, windowMs: USERS_LIMITS.windowMs }, signal);
  const { target } = plan;
  let inARow = 0;
  /** The last error a batch failed with after the client's retries (5xx, network, 429 past --max-wait). */
  let lastThrown: unknown;
  let thrownFailures = 0;
  const startRequests = deps.client?.stats.requests ?? 0;
  const startRetries = deps.client?.stats.retries ?? 0;

  const fail = (batch: number, lines: Int32Array, error: string, perLine?: Map<number, string>) => {
    summary.failed += lines.length;
    if (summary.failures.length < FAILURES_KEPT) summary.failures.push({ batch, lines: span(lines), users: lines.length, error });
    for (const line of lines) rejects.add({ line, field: '', value: '', reason: `failed: ${perLine?.get(line) ?? error}` });
    progress.tick(lines.length);
  };
  const stop = (res: ApiResponse) => new ApiError({ status: res.status, method: res.method, url: res.url, body: res.body, requestId: res.headers['x-request-id'] });

  /** Sends one batch until it is confirmed or has failed for good. */
  const deliver = async (batch: Batch): Promise<void> => {
    summary.sent += batch.count;
    summary.batches_sent++;
    // Users still in play, as indexes into the batch (the API may reject some).
    let keep: number[] | undefined;
    let body = batch.body;
    let lines = batch.lines;
    let mismatches = 0;
    let repairs = 0;
    for (;;) {
      const n = lines.length;
      await pacer.acquire();
      let res: ApiResponse | undefined;
      try {
        res = await postUsers(deps.client!, { id: target.account, api: target.api }, target.kind, target.id, body);
        pacer.release(res.rateLimit);
        // 5xx after the client's retries come back as responses (noThrow): the same as a thrown error here.
        if (res.status >= 500) throw stop(res);
      } catch (e) {
        if (!res) pacer.release();
        if (e instanceof Interrupted || signal.aborted) throw e;
        // Authorization and a missing audience fail every batch alike: stop at once.
        if (e instanceof ApiError && (e.exitCode === EXIT.AUTH || e.exitCode === EXIT.NOT_FOUND)) throw e;
        summary.batches_failed++;
        fail(batch.index, lines, (e as Error).message);
        lastThrown = e;
        thrownFailures++;
        if (++inARow >= GIVE_UP_AFTER) throw e;
        return;
      }
      if (res.status >= 200 && res.status < 300) {
        const c = countsOf(res.body);
        if (c && c.success === n && c.total === n) {
          summary.accepted += n;
          summary.batches_confirmed++;
          inARow = 0;
          state?.confirm(batch.index);
          progress.tick(n);
          return;
        }
        // The spec calls a count that differs from the users sent an error requiring a retry.
        summary.count_mismatches++;
        const what = c ? `success_count ${c.success}, total_count ${c.total}` : 'no success_count/total_count';
        if (++mismatches < MISMATCH_ATTEMPTS) {
          deps.verbose(`batch ${batch.index + 1}: sent ${n} users, the API answered ${what}; sending it again`);
          continue;
        }
        summary.batches_failed++;
        fail(batch.index, lines, `count mismatch after ${MISMATCH_ATTEMPTS} attempts: sent ${n} users, the API answered ${what}`);
        return;
      }
      if (res.status === 401 || res.status === 403 || res.status === 404) throw stop(res);
      const items = itemErrors(res.body);
      if (items.length && items.every((i) => Number.isInteger(i.index) && i.index >= 0 && i.index < n) && repairs++ < REPAIR_ROUNDS) {
        // The batch fails as a whole: drop the users the API named and send the others again.
        const bad = new Map<number, string>();
        for (const i of items) bad.set(i.index, bad.has(i.index) ? `${bad.get(i.index)}; ${i.message}` : i.message);
        const perLine = new Map<number, string>();
        for (const [i, m] of bad) perLine.set(lines[i]!, `rejected by the API: ${m}`);
        fail(batch.index, new Int32Array([...bad.keys()].sort((a, b) => a - b).map((i) => lines[i]!)), 'rejected by the API', perLine);
        const current = keep ?? Array.from({ length: n }, (_, i) => i);
        keep = current.filter((_, pos) => !bad.has(pos));
        if (!keep.length) {
          // Nothing left to send: the batch's outcome is final, so a resume skips it.
          state?.confirm(batch.index);
          return;
        }
        body = subsetBody(batch, keep);
        lines = new Int32Array(keep.map((i) => batch.lines[i]!));
        deps.verbose(`batch ${batch.index + 1}: the API rejected ${bad.size} users; sending the other ${keep.length} again`);
        continue;
      }
      summary.batches_failed++;
      fail(batch.index, lines, `rejected by the API: ${requestErrors(res)}`);
      if (++inARow >= GIVE_UP_AFTER) throw stop(res);
      return;
    }
  };

  /** The last input line of the batches taken by a lane: batches go out in file order, so the rest were never sent. */
  let lastTaken = 0;
  const send = async (batch: Batch): Promise<void> => {
    if (batch.lines.length) lastTaken = Math.max(lastTaken, batch.lines[batch.lines.length - 1]!);
    if (state?.isConfirmed(batch.index)) {
      summary.already_confirmed += batch.count;
      summary.batches_skipped++;
      progress.tick(batch.count);
      batcher.recycle(batch.buffer);
      return;
    }
    if (plan.dryRun) {
      // One operation per line: the body without its enclosing [ ].
      summary.sent += batch.count;
      deps.out.write(batch.body.subarray(1, batch.body.length - 1));
      if (!deps.out.write('\n')) await once(deps.out, 'drain');
      progress.tick(batch.count);
      return;
    }
    await deliver(batch);
    // undici is done with the body once the response is in: the buffer can take the next batch.
    batcher.recycle(batch.buffer);
  };

  const hasher = plan.hashThread && plan.source.format === 'lines' && encoder.hashes(plan.source.type!) ? new HashWorker() : undefined;
  const source = (async function* () {
    for await (const batch of readBatches(plan.source, encoder, batcher, rejects, counts, hasher)) {
      summary.batches++;
      const bytes = counts.bytesRead();
      // Users to expect, from the share of the file read so far (an estimate for the ETA).
      if (bytes > 0 && plan.inputBytes) progress.setTotal(Math.max(counts.read, Math.round((counts.read * plan.inputBytes) / bytes)));
      yield batch;
    }
  })();

  // A few batches ready ahead of the lanes: reading and hashing go on while the requests wait.
  const ahead = prefetch(source, READ_AHEAD);
  let error: unknown;
  try {
    await runPool(ahead, plan.dryRun ? 1 : plan.concurrency, send, signal);
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
  else summary.not_sent_from_line = lastTaken + 1;
  progress.done();
  // Nothing got through, and only for server or network reasons: that error says more than "partial failure".
  if (error === undefined && summary.failed && !summary.accepted && thrownFailures === summary.batches_sent) error = lastThrown;
  return error === undefined ? { summary } : { summary, error };
}
