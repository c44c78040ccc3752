// Bulk creation from a JSON Lines file through the batch endpoints
// (src/ads/batch.ts): every line is checked first and all problems are
// reported with their line (exit 6, nothing sent); then the items go in file
// order, the reference's batch size per request; the report has one row per
// input line; lines not created can be written to --failed FILE, as they were
// read, to send again; any line not created is exit 8.
import {
  sendBatches,
  batchRequest,
  wireParams,
  BATCH_SIZE,
  DONE,
  type BatchItem,
  type BatchOperation,
  type BatchResource,
  type ItemResult,
} from '../../ads/batch.js';
import type { AccountRef } from '../../ads/types.js';
import { writeDurably } from '../../bulk/state.js';
import type { Context } from '../../entry/context.js';
import { PartialFailure, UsageError, type InputProblem } from '../../errors/cli-error.js';
import { openInput, readLines } from '../../input/lines.js';
import { parseJson } from '../../json/lossless.js';
import type { LineItemParam, LineItemParams, TypedUnits } from '../../validate/line-item.js';
import { toMicros } from '../../validate/money.js';
import type { OptionTable } from '../define.js';
import { throwIfProblems } from './_checks.js';

export const bulkOptions = {
  file: {
    flags: '--file <file>',
    description: 'create from a JSON Lines file (one object of API parameters per line; - for stdin) in batches',
  },
  failed: { flags: '--failed <file>', description: 'with --file: write the lines not created to this file, as read, ready to send again' },
} as const satisfies OptionTable;

/** --file and --failed of the update and delete verbs (the batch endpoints' Update and Delete operations). */
export function bulkChangeOptions(what: 'update' | 'delete', example: string) {
  return {
    file: {
      flags: '--file <file>',
      description: `${what} from a JSON Lines file (one object a line: ${example}; - for stdin) in batches, instead of the argument`,
    },
    failed: {
      flags: '--failed <file>',
      description: `with --file: write the lines not ${what}d to this file, as read, ready to send again`,
    },
  } as const satisfies OptionTable;
}

/** Lines above this are refused: the API's own limits (200 to 8,000 active campaigns, 100 line items each) are far below. */
const MAX_ITEMS = 100_000;

/** A line's object as parameter strings: API names from `table`, or a money key (daily_budget, total_budget, bid) converted exactly. */
export function objectParams(
  table: readonly LineItemParam[],
  obj: Record<string, unknown>,
  line: number,
  extra: readonly string[] = [],
): { params: LineItemParams; typed: TypedUnits; problems: InputProblem[] } {
  const params: LineItemParams = {};
  const typed: TypedUnits = {};
  const problems: InputProblem[] = [];
  for (const [key, value] of Object.entries(obj)) {
    const param = table.find((p) => p.name === key);
    const money = table.find((p) => p.money?.replace(/-/g, '_') === key);
    // An integer beyond 2^53 (a BigInt from the lossless parse) is its exact digits.
    const text =
      Array.isArray(value) && value.every((v) => typeof v === 'string')
        ? value.join(',')
        : typeof value === 'bigint'
          ? value.toString()
          : value;
    if (typeof text !== 'string' && typeof text !== 'number' && typeof text !== 'boolean') {
      problems.push({ line, field: key, message: 'must be a string, a number, true/false or a list of strings' });
    } else if (money) {
      if (params[money.name] !== undefined) problems.push({ line, field: money.name, message: `give ${key} or ${money.name}, not both` });
      try {
        params[money.name] = toMicros(String(text)).toString();
        typed[money.name] = key;
      } catch (e) {
        problems.push({ line, field: money.name, message: `${key} ${(e as Error).message}` });
      }
    } else if (param || extra.includes(key)) {
      if (params[key] !== undefined) problems.push({ line, field: key, message: `give ${key} or its decimal amount, not both` });
      params[key] = String(text);
    } else problems.push({ line, field: key, message: 'is not a parameter of this endpoint' });
  }
  return { params, typed, problems };
}

/** Reads and checks every line; throws one InputError (exit 6) naming every bad line. */
export async function readBulk(
  ctx: Context,
  file: string,
  check: (
    obj: Record<string, unknown>,
    line: number,
  ) => { params: Record<string, string | number | bigint | boolean>; problems: InputProblem[] },
): Promise<BatchItem[]> {
  const items: BatchItem[] = [];
  const problems: InputProblem[] = [];
  for await (const { line, text } of readLines(openInput(file, ctx.io), { name: file })) {
    if (text.trim() === '') continue;
    let obj: unknown;
    try {
      // Lossless, as responses are read: an integer beyond 2^53 keeps every digit (src/json/lossless.ts).
      obj = parseJson(text);
    } catch (e) {
      problems.push({ line, field: 'line', message: `not valid JSON: ${(e as Error).message}` });
      continue;
    }
    if (!obj || typeof obj !== 'object' || Array.isArray(obj)) {
      problems.push({ line, field: 'line', message: 'must be one JSON object of parameters' });
      continue;
    }
    const r = check(obj as Record<string, unknown>, line);
    problems.push(...r.problems);
    if (!r.problems.length) items.push({ line, params: r.params, raw: text });
    if (items.length > MAX_ITEMS) throw new UsageError(`${file} has more than ${MAX_ITEMS} items; split it`);
  }
  const bad = [...new Set(problems.map((p) => p.line))];
  throwIfProblems(problems, `${file}: ${bad.length} invalid line${bad.length === 1 ? '' : 's'} (${bad.join(', ')}); nothing was sent`);
  if (!items.length) throw new UsageError(`${file} holds no items`);
  return items;
}

/** A line's parameters typed as the reference types them (one encoding with `ads apply`: src/ads/batch.ts). */
export function wireValues(params: Record<string, string>): Record<string, string | number | bigint | boolean> {
  return wireParams(params);
}

const COLUMNS = [
  { header: 'line', key: 'line' },
  { header: 'status', key: 'status' },
  { header: 'id', key: 'id' },
  { header: 'batch', key: 'batch' },
  { header: 'error', key: 'error' },
] as const;

/**
 * Sends (or with --dry-run prints) the batches of one operation (Create unless said); prints one row per line;
 * exit 8 when any line was not created (updated, deleted).
 */
export async function runBulk(
  ctx: Context,
  account: AccountRef,
  resource: BatchResource,
  items: BatchItem[],
  opts: { dryRun?: boolean; failed?: string; operation?: BatchOperation },
  /** Said after the summary when anything was created (e.g. that the new objects are paused). */
  note?: (created: number) => string | undefined,
): Promise<number> {
  const size = BATCH_SIZE[resource];
  const operation = opts.operation ?? 'Create';
  const done = DONE[operation];
  const word = done.toLowerCase();
  const client = await ctx.client();
  if (opts.dryRun) {
    const batches = [];
    for (let i = 0; i < items.length; i += size) {
      const req = batchRequest(account, resource, items.slice(i, i + size), operation);
      batches.push({
        method: req.method,
        url: client.baseUrl(account.api) + req.path,
        lines: items.slice(i, i + size).map((x) => x.line),
        body: req.json,
      });
    }
    ctx.printer.value({ dry_run: true, items: items.length, batches });
    ctx.log.info(`dry run: ${items.length} items checked, ${batches.length} batch request${batches.length === 1 ? '' : 's'} would be sent`);
    return 0;
  }
  const results: ItemResult[] = [];
  for await (const batch of sendBatches(client, account, resource, items, size, operation)) {
    results.push(...batch);
    const ok = batch.filter((r) => r.status === done).length;
    if (batch[0]?.batch) ctx.log.info(`batch ${batch[0].batch}: ${ok} of ${batch.length} ${word}`);
  }
  const notCreated = results.filter((r) => r.status !== done);
  ctx.printer.list(results, [...COLUMNS], { data: results });
  if (opts.failed && notCreated.length) {
    const byLine = new Map(items.map((i) => [i.line, i.raw]));
    // A temporary file renamed into place (0600): a link at the path is replaced, never written through.
    await writeDurably(opts.failed, notCreated.map((r) => `${byLine.get(r.line)}\n`).join(''));
  }
  const summary = `${results.length - notCreated.length} of ${results.length} ${word}`;
  const said = results.length > notCreated.length ? note?.(results.length - notCreated.length) : undefined;
  if (said) ctx.log.info(said);
  if (!notCreated.length) {
    ctx.log.success(summary);
    return 0;
  }
  throw new PartialFailure(
    `${summary}; not ${word}: line ${notCreated.map((r) => r.line).join(', ')}`,
    opts.failed
      ? `the lines not ${word} are in ${opts.failed}: fix the FAILED ones and send that file again.`
      : 'rerun those lines (--failed FILE writes them out).',
  );
}
