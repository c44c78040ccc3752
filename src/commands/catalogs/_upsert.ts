// The steps of `catalogs upsert`: open the feed (spooling streams to a file it
// can read twice), validate it, print a dry run, or send it and report one
// result per product. The batching and sending engine is src/catalogs/upsert.ts.
import { createReadStream } from 'node:fs';
import { PRODUCT_STATUSES, UPSERT_BATCH } from '../../catalogs/api.js';
import { FEED_FORMATS, formatFromName, sniffFormat, spoolToTemp, type FeedFormat } from '../../catalogs/feed.js';
import {
  batches,
  problemsError,
  validateFeed,
  type Batch,
  type FeedSource,
  type Outcome,
  type OutcomeStatus,
} from '../../catalogs/upsert.js';
import { UploadState, defaultStatePath, inputIdentity } from '../../bulk/state.js';
import type { Context } from '../../entry/context.js';
import { InputError, PartialFailure, UsageError, formatProblem } from '../../errors/cli-error.js';
import { EXIT } from '../../errors/exit-codes.js';
import type { ApiClient } from '../../http/client.js';
import { inputKind, isStdinPath } from '../../input/file-kind.js';
import type { ListStream } from '../../output/printer.js';
import type { Column } from '../../output/printer.js';
import type { Progress } from '../../output/progress.js';

export type Report = Awaited<ReturnType<typeof validateFeed>>;

/** Rows kept for the table shown to people (problem rows only); -o jsonl has every result. */
const TABLE_ROWS = 1000;

const text = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : v && typeof v === 'object' && 'message' in v
      ? String((v as { message: unknown }).message)
      : JSON.stringify(v);
const plural = (n: number, one: string, many = `${one}s`): string => (n === 1 ? one : many);

const COLUMNS: Column<Outcome>[] = [
  { header: 'line', key: 'line' },
  { header: 'id', key: 'id' },
  { header: 'status', key: 'status' },
  { header: 'product_key', key: 'product_key' },
  { header: 'errors', get: (o) => o.errors.map(text).join('; ') },
  { header: 'warnings', get: (o) => o.warnings.map(text).join('; ') },
];

/**
 * The feed as a file that can be read twice (validate, then send). Stdin and
 * any other stream — a pipe, fifo, `<(…)`, /dev/stdin — is copied once to a
 * private temporary file, removed by `cleanup` (also on Ctrl-C, SIGTERM, SIGHUP).
 */
export async function feedSource(
  opts: { file?: string; format?: FeedFormat },
  ctx: Context,
): Promise<{ src: FeedSource; cleanup: () => Promise<void> }> {
  const file: string = opts.file ?? '-';
  let path = file;
  let cleanup = async () => undefined as void;
  if (file === '-' && ctx.io.stdinTTY) throw new UsageError('no feed given', 'pass --file FEED, or pipe the feed into stdin.');
  if (file === '-' || (await inputKind(file)).kind === 'stream') {
    const spooled = await spoolToTemp(isStdinPath(file) ? ctx.io.stdin : createReadStream(file), ctx.signal, ctx.env.TMPDIR || undefined);
    path = spooled.path;
    cleanup = spooled.remove;
  }
  try {
    const format: FeedFormat = opts.format ?? (file !== '-' ? formatFromName(file) : undefined) ?? (await sniffFormat(path));
    if (!FEED_FORMATS.includes(format)) throw new InputError(`unknown --format ${format}`);
    return { src: { path, name: file === '-' ? 'stdin' : file, format }, cleanup };
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/**
 * The resume state of an upsert (--resume or --state; a regular --file only):
 * the same discipline as audience uploads — tied to the feed's path, size and
 * mtime and to what decides the batches; confirmed batches are skipped.
 */
export async function upsertState(
  opts: { file?: string | undefined; resume?: boolean | undefined; state?: string | undefined },
  options: Record<string, unknown>,
  ctx: Context,
): Promise<UploadState | undefined> {
  if (!(await resumeNeedsFile(opts))) return undefined;
  const file = opts.file ?? '-';
  return UploadState.open(opts.state ?? defaultStatePath(file), await inputIdentity(file), options, {
    resume: Boolean(opts.resume),
    readOnly: false,
    warn: (m) => ctx.log.warn(m),
    info: (m) => ctx.log.info(m),
  });
}

/**
 * Whether the run keeps a state (--resume or --state); they need a regular --file
 * (exit 2 before the feed is read otherwise: stdin or a pipe has no identity).
 */
export async function resumeNeedsFile(opts: {
  file?: string | undefined;
  resume?: boolean | undefined;
  state?: string | undefined;
}): Promise<boolean> {
  if (!opts.resume && opts.state === undefined) return false;
  const file = opts.file ?? '-';
  if (isStdinPath(file) || (await inputKind(file)).kind !== 'file')
    throw new UsageError(
      `--resume and --state need a regular --file: ${file === '-' ? 'stdin' : file} cannot be checked for changes between runs`,
    );
  return true;
}

/** The batches a resumed run still has to send (those its state does not record as confirmed). */
export async function* unconfirmed(source: AsyncIterable<Batch>, state: UploadState | undefined): AsyncGenerator<Batch> {
  for await (const b of source) if (!state?.isConfirmed(b.index)) yield b;
}

/** Validates every product; without --skip-invalid any problem stops here (exit 6). */
export async function validated(src: FeedSource, skipInvalid: boolean | undefined, ctx: Context): Promise<Report> {
  const checking = ctx.progress(`validating ${src.name}`);
  let report: Report;
  try {
    report = await validateFeed(src, () => checking.tick());
  } finally {
    // Also when the feed cannot be read: the progress timer must not outlive a run in a server (postctl mcp).
    checking.done();
  }
  // An empty feed is bad input (the file), not bad usage (the command line).
  if (report.records === 0)
    throw new InputError(`${src.name} holds no products`, [], 'check that the file is the feed you meant; it has no product rows.');
  if (report.problemCount && !skipInvalid) throw problemsError(report, src);
  if (report.problemCount) {
    const products = report.invalidLines.size;
    ctx.log.warn(
      `${report.problemCount} ${plural(report.problemCount, 'problem')} in ${products} ${plural(products, 'product')}; skipping ${plural(products, 'it', 'them')} (--skip-invalid):`,
    );
    for (const p of report.problems.slice(0, 20)) ctx.log.info(`  - ${formatProblem(p)}`);
    if (report.problemCount > 20)
      ctx.log.info(`  … and ${report.problemCount - 20} more (every invalid product is in the results as INVALID)`);
  }
  return report;
}

/** --dry-run: the batches that would be sent, one row each; nothing is sent. */
export async function printDryRun(catalogId: string, src: FeedSource, report: Report, ctx: Context): Promise<number> {
  const requests = Math.ceil(report.valid / UPSERT_BATCH);
  const out = ctx.printer.stream<{ batch: number; lines: number[]; ids: string[]; body: unknown }>(
    [
      { header: 'batch', key: 'batch' },
      { header: 'products', get: (b) => b.lines.length },
      { header: 'lines', get: (b) => (b.lines.length > 1 ? `${b.lines[0]}–${b.lines[b.lines.length - 1]}` : String(b.lines[0])) },
      {
        header: 'ids',
        get: (b) => (b.ids.length > 4 ? `${b.ids.slice(0, 3).join(', ')}, … ${b.ids[b.ids.length - 1]}` : b.ids.join(', ')),
      },
    ],
    { catalog_id: catalogId, dry_run: true },
  );
  for await (const b of batches(src, report, () => undefined)) {
    out.add([
      {
        batch: b.index + 1,
        lines: b.items.map((i) => i.line),
        ids: b.items.map((i) => String(i.product.id)),
        body: { products: b.items.map((i) => i.product) },
      },
    ]);
  }
  out.end({ requests });
  ctx.log.info(
    `dry run: ${report.valid} valid ${plural(report.valid, 'product')} in ${requests} ${plural(requests, 'request')} of up to ${UPSERT_BATCH}; nothing was sent`,
  );
  if (report.problemCount)
    throw new PartialFailure(`${report.invalidLines.size} invalid ${plural(report.invalidLines.size, 'product')} would be skipped`);
  return EXIT.OK;
}

/**
 * Where the results go as they arrive: counted, streamed (-o json/jsonl/csv) or
 * kept for the table (problem rows only), and ticked on the progress line.
 */
export class Outcomes {
  readonly counts: Record<OutcomeStatus, number> = {
    CREATE_SUCCESS: 0,
    UPDATE_SUCCESS: 0,
    NO_CHANGE: 0,
    ERROR: 0,
    INVALID: 0,
    NOT_SENT: 0,
  };
  /** Batches with results; the others are reported NOT_SENT if the job stops. */
  readonly settled = new Set<number>();
  readonly tableRows: Outcome[] = [];
  shownRows = 0;
  private readonly table: boolean;
  private readonly out: ListStream<Outcome> | undefined;
  private readonly progress: Progress;

  constructor(
    private readonly ctx: Context,
    catalogId: string,
    valid: number,
  ) {
    this.table = ctx.format === 'table';
    this.out = this.table ? undefined : ctx.printer.stream<Outcome>(COLUMNS, { catalog_id: catalogId });
    this.progress = ctx.progress('upserting', valid);
  }

  emit(outcomes: Outcome[]): void {
    let sent = 0;
    for (const o of outcomes) {
      this.counts[o.status]++;
      if (o.status !== 'INVALID' && o.status !== 'NOT_SENT') sent++;
      if (this.table && (o.errors.length || o.warnings.length)) {
        this.shownRows++;
        if (this.tableRows.length < TABLE_ROWS) this.tableRows.push(o);
      }
    }
    this.out?.add(outcomes);
    if (sent) this.progress.tick(sent);
  }

  /** Ends the progress line and the output; returns the summary by status. */
  end(): Record<string, number> {
    const { counts } = this;
    this.progress.done();
    const summary = Object.fromEntries(
      [...PRODUCT_STATUSES, ...(counts.INVALID ? (['INVALID'] as const) : []), ...(counts.NOT_SENT ? (['NOT_SENT'] as const) : [])].map(
        (s) => [s, counts[s]],
      ),
    );
    this.out?.end({ summary });
    if (this.table && this.tableRows.length) {
      this.tableRows.sort((a, b) => a.line - b.line);
      this.ctx.printer.list(this.tableRows, COLUMNS);
    }
    return summary;
  }
}

/** The one-line account on stderr, then the exit: the job's failure, 8 when products failed, else 0. */
export function finish(
  run: { catalogId: string; client: ApiClient; requests: number; seconds: number; failure: unknown; records: number },
  results: Outcomes,
  ctx: Context,
): number {
  const { counts } = results;
  const summary = results.end();
  const reported = counts.CREATE_SUCCESS + counts.UPDATE_SUCCESS + counts.NO_CHANGE + counts.ERROR;
  const parts = Object.entries(summary).map(([k, v]) => `${v} ${k}`);
  const { client, requests } = run;
  ctx.log.info(
    `catalog ${run.catalogId}: ${reported} ${plural(reported, 'product')} sent in ${requests || client.stats.requests} ${plural(requests, 'request')} (${client.stats.retries} retries) in ${run.seconds.toFixed(2)} s: ${parts.join(', ')}`,
  );
  if (ctx.format === 'table' && results.shownRows > results.tableRows.length)
    ctx.log.info(`${results.shownRows - results.tableRows.length} more products with errors or warnings: use -o jsonl for every result`);
  if (run.failure !== undefined) {
    const notSent = counts.NOT_SENT;
    if (notSent > 0)
      ctx.log.warn(
        `stopped early: ${notSent} valid ${notSent === 1 ? 'product was' : 'products were'} not sent (status NOT_SENT in the results; rerun the upsert to send them — it is idempotent)`,
      );
    throw run.failure;
  }
  if (counts.ERROR || counts.INVALID) {
    throw new PartialFailure(
      `${counts.ERROR + counts.INVALID} of ${run.records} ${plural(run.records, 'product')} failed (${counts.ERROR} ERROR${counts.INVALID ? `, ${counts.INVALID} INVALID` : ''})`,
      counts.ERROR ? 'the errors of each product are in the results (-o jsonl for every result).' : undefined,
    );
  }
  return EXIT.OK;
}
