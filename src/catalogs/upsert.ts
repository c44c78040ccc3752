// The product upsert job: validate the whole feed (pass 1), then read it again
// and send the valid products in batches of 25 with bounded concurrency, paced
// by the rate-limit headers (pass 2). Reading twice keeps memory constant:
// only ids, titles and the line numbers of invalid rows are kept, never products.
import type { Clock } from '../world/world.js';
import { ApiError } from '../errors/api-error.js';
import { InputError, formatProblem, type InputProblem } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import type { ApiClient, ApiName } from '../http/client.js';
import { Pacer } from '../bulk/pacer.js';
import { sleep } from '../http/backoff.js';
import { prefetch } from '../bulk/prefetch.js';
import { runPool } from '../bulk/pool.js';
import { prepareProduct, type Product } from '../validate/product.js';
import { FeedChecker, idOf as recordId, titleKeyOf, variantOf, type LineFacts } from './feed-checker.js';
import { PRODUCT_STATUSES, UPSERT_BATCH, upsertProducts, type ProductResponse } from './api.js';
import { clip } from '../output/sanitize.js';
import { openFeed, readFeed, type FeedFormat } from './feed.js';

/** Problems kept for the error report; beyond this only a count (memory stays bounded for any feed). */
const MAX_PROBLEMS_KEPT = 10_000;

/** INVALID: failed validation, never sent. NOT_SENT: valid, but the job stopped before its batch went out (or was confirmed). */
export type OutcomeStatus = ProductResponse['status'] | 'INVALID' | 'NOT_SENT';

export interface Outcome {
  line: number;
  id: string | null;
  status: OutcomeStatus;
  product_key: string | null;
  errors: unknown[];
  warnings: unknown[];
}

export interface FeedSource {
  path: string;
  /** Shown in messages ("feed.csv", "stdin"). */
  name: string;
  format: FeedFormat;
}

export interface ValidationReport {
  records: number;
  valid: number;
  invalidLines: Set<number>;
  /** Problems found across the feed (repeated ids, variants), by line, for INVALID outcomes. */
  crossProblems: Map<number, InputProblem[]>;
  problems: InputProblem[];
  problemCount: number;
}

const idOf = (record: Record<string, unknown> | undefined): string | undefined => (record ? recordId(record) : undefined);

/** Reads back the id and title of a few lines (to confirm feed-wide problems). */
async function factsAt(src: FeedSource, lines: Set<number>): Promise<Map<number, LineFacts>> {
  const facts = new Map<number, LineFacts>();
  if (lines.size === 0) return facts;
  for await (const rec of readFeed(openFeed(src.path), src.format, src.name)) {
    if (!lines.has(rec.line) || !rec.record) continue;
    const { product } = prepareProduct(rec.record);
    facts.set(rec.line, { id: recordId(product), titleKey: titleKeyOf(product), variant: variantOf(product) });
    if (facts.size === lines.size) break;
  }
  return facts;
}

/** Pass 1: every rule, every product; nothing is sent. */
export async function validateFeed(src: FeedSource, tick: () => void = () => undefined): Promise<ValidationReport> {
  const checker = new FeedChecker();
  const report: ValidationReport = {
    records: 0,
    valid: 0,
    invalidLines: new Set(),
    crossProblems: new Map(),
    problems: [],
    problemCount: 0,
  };
  const add = (p: InputProblem) => {
    report.problemCount++;
    report.invalidLines.add(p.line!);
    if (report.problems.length < MAX_PROBLEMS_KEPT) report.problems.push(p);
  };
  for await (const rec of readFeed(openFeed(src.path), src.format, src.name)) {
    report.records++;
    tick();
    if (rec.error !== undefined) {
      add({ line: rec.line, message: rec.error });
      continue;
    }
    const { product, problems } = prepareProduct(rec.record!);
    const id = recordId(product) ?? idOf(rec.record);
    for (const p of problems) add({ line: rec.line, field: p.field, ...(id ? { id } : {}), message: p.message });
    checker.observe(rec.line, product);
  }
  for (const p of checker.problems(await factsAt(src, checker.linesToConfirm()))) {
    add(p);
    const list = report.crossProblems.get(p.line!) ?? [];
    list.push(p);
    report.crossProblems.set(p.line!, list);
  }
  report.problems.sort((a, b) => a.line! - b.line!);
  report.valid = report.records - report.invalidLines.size;
  return report;
}

export function problemsError(report: ValidationReport, src: FeedSource): InputError {
  const lines = report.invalidLines.size;
  const more = report.problemCount - report.problems.length;
  const message = `${src.name}: ${report.problemCount} problem${report.problemCount === 1 ? '' : 's'} in ${lines} product${lines === 1 ? '' : 's'}; nothing was sent`;
  return new InputError(
    report.problemCount === 1 ? `${src.name}: ${formatProblem(report.problems[0]!)}; nothing was sent` : message,
    report.problems,
    `fix the feed, or pass --skip-invalid to send the ${report.valid} valid product${report.valid === 1 ? '' : 's'}${more > 0 ? ` (${more} further problems not listed)` : ''}.`,
  );
}

export interface Batch {
  index: number;
  items: Array<{ line: number; product: Product }>;
}

/**
 * Pass 2: the valid products in batches of 25, in feed order. Invalid rows
 * (known from pass 1) are handed to `onInvalid` as they are met.
 */
export async function* batches(src: FeedSource, report: ValidationReport, onInvalid: (o: Outcome) => void): AsyncGenerator<Batch> {
  let items: Batch['items'] = [];
  let index = 0;
  for await (const rec of readFeed(openFeed(src.path), src.format, src.name)) {
    const invalid = report.invalidLines.has(rec.line);
    const prepared = rec.record ? prepareProduct(rec.record) : undefined;
    if (!invalid && (!prepared || prepared.problems.length)) {
      throw new InputError(
        `${src.name} changed while it was being read (line ${rec.line} differs from the first pass); nothing more was sent`,
      );
    }
    if (invalid) {
      const messages = [
        ...(rec.error !== undefined ? [rec.error] : []),
        ...(prepared?.problems ?? []).map((p) => `${p.field}: ${p.message}`),
        ...(report.crossProblems.get(rec.line) ?? []).map((p) => `${p.field}: ${p.message}`),
      ];
      onInvalid({ line: rec.line, id: idOf(rec.record) ?? null, status: 'INVALID', product_key: null, errors: messages, warnings: [] });
      continue;
    }
    items.push({ line: rec.line, product: prepared!.product });
    if (items.length === UPSERT_BATCH) {
      yield { index: index++, items };
      items = [];
    }
  }
  if (items.length) yield { index: index++, items };
}

export interface SendOptions {
  client: ApiClient;
  api: ApiName;
  catalogId: string;
  concurrency: number;
  signal?: AbortSignal;
  /** The run's clock: the pacer's waits for announced resets. */
  clock?: Clock;
  /** Results of one batch; `batch` is its index (batches with results are settled). */
  onOutcomes: (outcomes: Outcome[], batch: number) => void;
}

export interface SendStats {
  requests: number;
}

/** Maps one response to an outcome per product of the batch, each reported once. */
function outcomesFor(batch: Batch, results: ProductResponse[] | undefined): Outcome[] {
  const byId = new Map<string, ProductResponse>();
  for (const r of results ?? []) if (r && typeof r.id === 'string' && !byId.has(r.id)) byId.set(r.id, r);
  return batch.items.map(({ line, product }) => {
    const id = String(product.id);
    const r = byId.get(id);
    if (!r)
      return {
        line,
        id,
        status: 'ERROR' as const,
        product_key: null,
        errors: ['the API returned no result for this product'],
        warnings: [],
      };
    // A status the spec does not list (e.g. PENDING) is not a success: that product failed, and the run exits 8.
    if (!(PRODUCT_STATUSES as readonly unknown[]).includes(r.status)) {
      const unknown = `the API answered status ${JSON.stringify(clip(String(r.status)))}, which is not one of ${PRODUCT_STATUSES.join(', ')}: counted as failed`;
      return {
        line,
        id,
        status: 'ERROR' as const,
        product_key: r.product_key ?? null,
        errors: [unknown, ...(r.errors ?? [])],
        warnings: r.warnings ?? [],
      };
    }
    return { line, id, status: r.status, product_key: r.product_key ?? null, errors: r.errors ?? [], warnings: r.warnings ?? [] };
  });
}

/**
 * Sends the batches. A 400 for a whole request marks its products ERROR with
 * the API's errors and the job goes on; authentication, not-found, rate-limit
 * exhaustion and network failures stop it (every later request would fail too).
 */
export async function sendBatches(source: AsyncIterable<Batch>, opts: SendOptions): Promise<SendStats> {
  // No request budget is stated for product upserts: the pacer follows the rate-limit headers.
  const pacer = new Pacer(undefined, opts.signal, opts.clock);
  const stats: SendStats = { requests: 0 };
  // Warm-up: the first request goes alone, so its rate-limit headers reach the
  // pacer before more are in flight; the other lanes then start spread over one
  // round trip, which keeps requests evenly spaced instead of arriving (and
  // being processed) in bursts of `concurrency`.
  let firstDone!: () => void;
  const first = new Promise<void>((resolve) => (firstDone = resolve));
  let roundTripMs = 0;
  /** A request failed in a way that stops the job: lanes not started yet stay idle. */
  let stopped = false;
  const sendOne = async (batch: Batch, index: number): Promise<void> => {
    if (index > 0 && index < opts.concurrency) {
      await first;
      if (stopped) return;
      await sleep(Math.min(roundTripMs, 1000) * (index / opts.concurrency), opts.signal);
    }
    const started = Date.now();
    let held = false;
    try {
      await pacer.acquire();
      held = true;
      stats.requests++;
      const res = await upsertProducts(
        opts.client,
        opts.api,
        opts.catalogId,
        batch.items.map((i) => i.product),
      );
      pacer.release(res.rateLimit);
      held = false;
      opts.onOutcomes(outcomesFor(batch, res.body?.data?.products_response), batch.index);
    } catch (e) {
      if (held) pacer.release();
      if (e instanceof ApiError && e.exitCode === EXIT.INVALID_INPUT) {
        const errors = e.errors.length ? e.errors : [e.message];
        opts.onOutcomes(
          batch.items.map(({ line, product }) => ({
            line,
            id: String(product.id),
            status: 'ERROR',
            product_key: null,
            errors,
            warnings: [],
          })),
          batch.index,
        );
        return;
      }
      stopped = true;
      throw e;
    } finally {
      // Whatever happened, the waiting lanes go on (or see the failure and stop).
      if (index === 0) {
        roundTripMs = Date.now() - started;
        firstDone();
      }
    }
  };
  // The next batches are read and prepared while requests are in flight.
  const ahead = prefetch(source, opts.concurrency);
  try {
    await runPool(ahead, opts.concurrency, sendOne, opts.signal);
  } finally {
    await ahead.close();
  }
  return stats;
}
