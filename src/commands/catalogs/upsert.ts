// `catalogs upsert <catalog_id> --file FEED`: validate every product, then send
// the valid ones in batches of 25 and report one result per product.
import { createReadStream } from 'node:fs';
import { adsApi } from '../../ads/common.js';
import { PRODUCT_STATUSES, UPSERT_BATCH } from '../../catalogs/api.js';
import { FEED_FORMATS, formatFromName, sniffFormat, spoolToTemp, type FeedFormat } from '../../catalogs/feed.js';
import { batches, problemsError, sendBatches, validateFeed, type FeedSource, type Outcome, type OutcomeStatus } from '../../catalogs/upsert.js';
import type { Context } from '../../context.js';
import { InputError, PartialFailure, UsageError, formatProblem } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { inputKind, isStdinPath } from '../../input/file-kind.js';
import type { Column } from '../../output/printer.js';
import { integerBetween } from '../../validate/rules.js';

/** Rows kept for the table shown to people (problem rows only); -o jsonl has every result. */
const TABLE_ROWS = 1000;

const text = (v: unknown): string => (typeof v === 'string' ? v : v && typeof v === 'object' && 'message' in v ? String((v as { message: unknown }).message) : JSON.stringify(v));

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
async function source(opts: Record<string, any>, ctx: Context): Promise<{ src: FeedSource; cleanup: () => Promise<void> }> {
  const file: string = opts.file ?? '-';
  let path = file;
  let cleanup = async () => undefined as void;
  if (file === '-' && ctx.io.stdinTTY) throw new UsageError('no feed given', 'pass --file FEED, or pipe the feed into stdin.');
  if (file === '-' || (await inputKind(file)).kind === 'stream') {
    const spooled = await spoolToTemp(isStdinPath(file) ? ctx.io.stdin : createReadStream(file), ctx.signal);
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

export async function run([catalogId]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
  const bad = integerBetween(1, 32)(String(opts.concurrency ?? '4'));
  if (bad) throw new InputError(`--concurrency ${bad}`);
  const concurrency = Number(opts.concurrency ?? 4);
  const { src, cleanup } = await source(opts, ctx);
  try {
    return await upsert(catalogId!, src, concurrency, opts, ctx);
  } finally {
    await cleanup();
  }
}

async function upsert(catalogId: string, src: FeedSource, concurrency: number, opts: Record<string, any>, ctx: Context): Promise<number> {
  const checking = ctx.progress(`validating ${src.name}`);
  const report = await validateFeed(src, () => checking.tick());
  checking.done();
  // An empty feed is bad input (the file), not bad usage (the command line).
  if (report.records === 0) throw new InputError(`${src.name} holds no products`, [], 'check that the file is the feed you meant; it has no product rows.');
  if (report.problemCount && !opts.skipInvalid) throw problemsError(report, src);
  if (report.problemCount) {
    ctx.log.warn(`${report.problemCount} problem${report.problemCount === 1 ? '' : 's'} in ${report.invalidLines.size} product${report.invalidLines.size === 1 ? '' : 's'}; skipping ${report.invalidLines.size === 1 ? 'it' : 'them'} (--skip-invalid):`);
    for (const p of report.problems.slice(0, 20)) ctx.log.info(`  - ${formatProblem(p)}`);
    if (report.problemCount > 20) ctx.log.info(`  … and ${report.problemCount - 20} more (every invalid product is in the results as INVALID)`);
  }

  if (opts.dryRun) {
    const requests = Math.ceil(report.valid / UPSERT_BATCH);
    const out = ctx.printer.stream<{ batch: number; lines: number[]; ids: string[]; body: unknown }>(
      [
        { header: 'batch', key: 'batch' },
        { header: 'products', get: (b) => b.lines.length },
        { header: 'lines', get: (b) => (b.lines.length > 1 ? `${b.lines[0]}–${b.lines[b.lines.length - 1]}` : String(b.lines[0])) },
        { header: 'ids', get: (b) => (b.ids.length > 4 ? `${b.ids.slice(0, 3).join(', ')}, … ${b.ids[b.ids.length - 1]}` : b.ids.join(', ')) },
      ],
      { catalog_id: catalogId, dry_run: true },
    );
    for await (const b of batches(src, report, () => undefined)) {
      out.add([{ batch: b.index + 1, lines: b.items.map((i) => i.line), ids: b.items.map((i) => String(i.product.id)), body: { products: b.items.map((i) => i.product) } }]);
    }
    out.end({ requests });
    ctx.log.info(`dry run: ${report.valid} valid product${report.valid === 1 ? '' : 's'} in ${requests} request${requests === 1 ? '' : 's'} of up to ${UPSERT_BATCH}; nothing was sent`);
    if (report.problemCount) throw new PartialFailure(`${report.invalidLines.size} invalid product${report.invalidLines.size === 1 ? '' : 's'} would be skipped`);
    return EXIT.OK;
  }

  const api = adsApi(opts);
  const client = await ctx.client();
  const counts: Record<OutcomeStatus, number> = { CREATE_SUCCESS: 0, UPDATE_SUCCESS: 0, NO_CHANGE: 0, ERROR: 0, INVALID: 0, NOT_SENT: 0 };
  /** Batches with results; the others are reported NOT_SENT if the job stops. */
  const settled = new Set<number>();
  const tableRows: Outcome[] = [];
  let shownRows = 0;
  const table = ctx.format === 'table';
  const out = table ? undefined : ctx.printer.stream<Outcome>(COLUMNS, { catalog_id: catalogId });
  const progress = ctx.progress('upserting', report.valid);
  const emit = (outcomes: Outcome[]) => {
    let sent = 0;
    for (const o of outcomes) {
      counts[o.status]++;
      if (o.status !== 'INVALID' && o.status !== 'NOT_SENT') sent++;
      if (table && (o.errors.length || o.warnings.length)) {
        shownRows++;
        if (tableRows.length < TABLE_ROWS) tableRows.push(o);
      }
    }
    out?.add(outcomes);
    if (sent) progress.tick(sent);
  };
  const started = Date.now();
  let failure: unknown;
  let requests = 0;
  try {
    const onOutcomes = (outcomes: Outcome[], batch: number) => {
      settled.add(batch);
      emit(outcomes);
    };
    const stats = await sendBatches(batches(src, report, (o) => emit([o])), { client, api, catalogId, concurrency, signal: ctx.signal, onOutcomes });
    requests = stats.requests;
  } catch (e) {
    failure = e;
  }
  if (failure !== undefined) {
    // Name every product the job did not get to, so a rerun (or a person) knows
    // exactly what is missing. The feed is read again: batches are deterministic.
    for await (const b of batches(src, report, () => undefined)) {
      if (settled.has(b.index)) continue;
      emit(b.items.map(({ line, product }) => ({ line, id: String(product.id), status: 'NOT_SENT' as const, product_key: null, errors: [], warnings: [] })));
    }
  }
  progress.done();
  const seconds = (Date.now() - started) / 1000;
  const summary = Object.fromEntries([...PRODUCT_STATUSES, ...(counts.INVALID ? (['INVALID'] as const) : []), ...(counts.NOT_SENT ? (['NOT_SENT'] as const) : [])].map((s) => [s, counts[s]]));
  out?.end({ summary });
  if (table && tableRows.length) {
    tableRows.sort((a, b) => a.line - b.line);
    ctx.printer.list(tableRows, COLUMNS);
  }
  const reported = counts.CREATE_SUCCESS + counts.UPDATE_SUCCESS + counts.NO_CHANGE + counts.ERROR;
  const parts = Object.entries(summary).map(([k, v]) => `${v} ${k}`);
  ctx.log.info(`catalog ${catalogId}: ${reported} product${reported === 1 ? '' : 's'} sent in ${requests || client.stats.requests} request${requests === 1 ? '' : 's'} (${client.stats.retries} retries) in ${seconds.toFixed(2)} s: ${parts.join(', ')}`);
  if (table && shownRows > tableRows.length) ctx.log.info(`${shownRows - tableRows.length} more products with errors or warnings: use -o jsonl for every result`);
  if (failure !== undefined) {
    const notSent = counts.NOT_SENT;
    if (notSent > 0) ctx.log.warn(`stopped early: ${notSent} valid product${notSent === 1 ? ' was' : 's were'} not sent (status NOT_SENT in the results; rerun the upsert to send them — it is idempotent)`);
    throw failure;
  }
  if (counts.ERROR || counts.INVALID) {
    throw new PartialFailure(
      `${counts.ERROR + counts.INVALID} of ${report.records} product${report.records === 1 ? '' : 's'} failed (${counts.ERROR} ERROR${counts.INVALID ? `, ${counts.INVALID} INVALID` : ''})`,
      counts.ERROR ? 'the errors of each product are in the results (-o jsonl for every result).' : undefined,
    );
  }
  return EXIT.OK;
}
