// The ads batch endpoints (campaign-management reference: POST
// batch/accounts/:account_id/{campaigns,line_items,targeting_criteria}): items
// go in order, at most the reference's batch size per request, as
// [{operation_type: "Create" | "Update" | "Delete", params}] JSON. A batch
// succeeds or fails as a whole; when it fails, the items the API named
// (operation_errors, one list per item in request order) are FAILED and the
// others NOT_CREATED (NOT_UPDATED, NOT_DELETED): innocent, they went down with
// their batch and can be sent again as they are.
import { ApiError } from '../errors/api-error.js';
import { CliError } from '../errors/cli-error.js';
import type { ApiClient, RequestOptions } from '../http/client.js';
import { idSegment, joinPath } from '../http/path.js';
import { ADS_VERSION } from './common.js';
import type { AccountRef } from './types.js';

export type BatchResource = 'campaigns' | 'line_items' | 'targeting_criteria';

/** "The current maximum batch size is 40" (campaigns, line items); 500 for targeting criteria. */
export const BATCH_SIZE: Record<BatchResource, number> = { campaigns: 40, line_items: 40, targeting_criteria: 500 };

// A micro amount beyond 2^53 is a BigInt, written as its digits (stringifyJson).
type BatchParams = Record<string, string | number | bigint | boolean>;

/** Parameters the reference types `int` or `long` besides the `…_local_micro` amounts (line item create). */
const INTEGER_PARAMS = new Set(['frequency_cap', 'duration_in_days']);
/** Parameters the reference types `boolean`. */
const BOOLEAN_PARAMS = new Set(['standard_delivery']);

/**
 * Parameter text as a batch item's JSON, typed as the reference types the parameters: integers as numbers
 * (digit for digit: a BigInt beyond 2^53), booleans as true/false, the rest — lists too, comma-separated
 * (`"placements": "ALL_ON_TWITTER"`, as its batch examples send them) — as strings.
 */
export function wireParams(params: Readonly<Record<string, string>>): BatchParams {
  const out: BatchParams = {};
  for (const [k, v] of Object.entries(params)) {
    if ((k.endsWith('_local_micro') || INTEGER_PARAMS.has(k)) && /^(0|[1-9]\d*)$/.test(v))
      out[k] = Number.isSafeInteger(Number(v)) ? Number(v) : BigInt(v);
    else if (BOOLEAN_PARAMS.has(k) && (v === 'true' || v === 'false')) out[k] = v === 'true';
    else out[k] = v;
  }
  return out;
}

export interface BatchItem {
  /** Input line (1-based). */
  line: number;
  params: BatchParams;
  /** The input line as read, for the file of failed lines. */
  raw: string;
  /** The fields it changes, as they were (for the change journal), when they were read. */
  old?: Record<string, unknown>;
}

/** "Possible values: Create, Delete, Update" (operation_type of the batch endpoints). */
export type BatchOperation = 'Create' | 'Update' | 'Delete';
/** What an item of each operation is when its batch succeeded, and when it went down with a failed one. */
export const DONE = { Create: 'CREATED', Update: 'UPDATED', Delete: 'DELETED' } as const;
const INNOCENT = { Create: 'NOT_CREATED', Update: 'NOT_UPDATED', Delete: 'NOT_DELETED' } as const;

type ItemStatus = (typeof DONE)[BatchOperation] | (typeof INNOCENT)[BatchOperation] | 'FAILED' | 'NOT_SENT';

export interface ItemResult {
  line: number;
  batch: number;
  status: ItemStatus;
  id?: string;
  error?: string;
}

export function batchRequest(
  account: AccountRef,
  resource: BatchResource,
  items: readonly BatchItem[],
  operation: BatchOperation = 'Create',
): RequestOptions {
  return {
    api: account.api,
    method: 'POST',
    path: joinPath(ADS_VERSION, 'batch', 'accounts', idSegment(account.id, 'ads', 'account_id'), resource),
    json: items.map((i) => ({ operation_type: operation, params: i.params })),
    ...(items.some((i) => i.old) ? { note: { oldItems: items.map((i) => i.old) } } : {}),
  };
}

interface ErrorItem {
  message?: unknown;
  parameter?: unknown;
  code?: unknown;
}

const describe = (e: ErrorItem): string =>
  [e.code, e.parameter ? `(${String(e.parameter)})` : '', e.message].filter((x) => x !== undefined && x !== '').join(' ');

/** What a failed batch's error body says about each item, in order. */
function failedBatch(items: readonly BatchItem[], batch: number, body: unknown, fallback: string, operation: BatchOperation): ItemResult[] {
  const b = (body && typeof body === 'object' ? body : {}) as { operation_errors?: unknown; errors?: ErrorItem[] };
  const perItem = Array.isArray(b.operation_errors) ? (b.operation_errors as unknown[]) : [];
  const guilty = items.map((_, i) => (Array.isArray(perItem[i]) ? (perItem[i] as ErrorItem[]) : []));
  const culprits = items.filter((_, i) => guilty[i]!.length).map((it) => it.line);
  if (!culprits.length) {
    const msg = Array.isArray(b.errors) && b.errors.length ? b.errors.map(describe).join('; ') : fallback;
    return items.map((it) => ({ line: it.line, batch, status: 'FAILED', error: msg }));
  }
  return items.map((it, i) =>
    guilty[i]!.length
      ? { line: it.line, batch, status: 'FAILED', error: guilty[i]!.map(describe).join('; ') }
      : {
          line: it.line,
          batch,
          status: INNOCENT[operation],
          error: `not ${DONE[operation].toLowerCase()}: its batch failed because of line ${culprits.join(', ')}`,
        },
  );
}

/** Errors that would repeat for every batch (credentials, account): the job stops. */
const fatal = (e: unknown): boolean => e instanceof ApiError && [401, 403, 404].includes(e.status);

/** Sends the items in order, `size` per request; yields each batch's results as it completes. */
export async function* sendBatches(
  client: ApiClient,
  account: AccountRef,
  resource: BatchResource,
  items: readonly BatchItem[],
  size = BATCH_SIZE[resource],
  operation: BatchOperation = 'Create',
): AsyncGenerator<ItemResult[]> {
  for (let start = 0, batch = 1; start < items.length; start += size, batch++) {
    const chunk = items.slice(start, start + size);
    try {
      const res = await client.request<{ data?: unknown }>(batchRequest(account, resource, chunk, operation));
      yield confirmReply(chunk, batch, res.body?.data, operation, resource);
    } catch (e) {
      // A change journal that cannot be written refused the batch before it was sent: it would refuse them all.
      if (!(e instanceof CliError) || e.code === 'file_untrusted') throw e;
      yield failedBatch(chunk, batch, e instanceof ApiError ? e.body : undefined, e.message, operation);
      if (fatal(e)) {
        const rest = items.slice(start + size).map((it) => ({ line: it.line, batch: 0, status: 'NOT_SENT' as const, error: e.message }));
        if (rest.length) yield rest;
        return;
      }
    }
  }
}

// What a successful batch reply confirms, item by item. The reply is held to
// what was sent: a Create is confirmed by the new object's id at its position; an
// Update or Delete by its own id coming back exactly once (and a Delete's object
// not saying deleted: false). A missing, repeated or unasked id is never a silent
// gap: the lines it touches are FAILED, saying what the reply got wrong, so the
// run ends with exit 8 and --failed holds them.

/** The id parameter an Update or Delete item names its object by. */
const ID_KEY: Record<BatchResource, string> = {
  campaigns: 'campaign_id',
  line_items: 'line_item_id',
  targeting_criteria: 'targeting_criterion_id',
};

interface ReplyItem {
  id?: unknown;
  deleted?: unknown;
}

const asItems = (data: unknown): ReplyItem[] =>
  Array.isArray(data) ? data.map((d) => (d && typeof d === 'object' ? (d as ReplyItem) : {})) : [];

/** A short, printable list of ids from a reply (they are shown to a person later, neutralised by the printer). */
const idList = (ids: string[]): string => {
  const shown = ids.slice(0, 5).map((id) => JSON.stringify(id.slice(0, 40)));
  return ids.length > 5 ? `${shown.join(', ')} and ${ids.length - 5} more` : shown.join(', ');
};

/** The results of one batch the API accepted, from its reply's `data`. */
export function confirmReply(
  chunk: readonly BatchItem[],
  batch: number,
  data: unknown,
  operation: BatchOperation,
  resource: BatchResource,
): ItemResult[] {
  const items = asItems(data);
  const failed = (it: BatchItem, error: string): ItemResult => ({ line: it.line, batch, status: 'FAILED', error });
  const done = (it: BatchItem, id: string): ItemResult => ({ line: it.line, batch, status: DONE[operation], id });
  if (operation === 'Create') {
    const ids = items.map((d) => (typeof d.id === 'string' ? d.id : undefined));
    if (items.length > chunk.length)
      return chunk.map((it) => failed(it, `the reply holds ${items.length} objects for ${chunk.length} sent: this batch is not confirmed`));
    const count = new Map<string, number>();
    for (const id of ids) if (id !== undefined) count.set(id, (count.get(id) ?? 0) + 1);
    return chunk.map((it, i) => {
      const id = ids[i];
      if (id === undefined) return failed(it, 'the reply did not confirm this item');
      if (count.get(id)! > 1) return failed(it, `the reply gave the id ${idList([id])} to more than one new object`);
      return done(it, id);
    });
  }
  const key = ID_KEY[resource];
  const sent = chunk.map((it) => String(it.params[key]));
  const asked = new Map<string, number>();
  for (const id of sent) asked.set(id, (asked.get(id) ?? 0) + 1);
  const got = new Map<string, ReplyItem[]>();
  const extra: string[] = [];
  for (const d of items) {
    const id = typeof d.id === 'string' ? d.id : JSON.stringify(d.id ?? null);
    if (!asked.has(id)) extra.push(id);
    else got.set(id, [...(got.get(id) ?? []), d]);
  }
  if (extra.length)
    return chunk.map((it) => failed(it, `the reply named ${idList(extra)}, not sent in this batch: this batch is not confirmed`));
  return chunk.map((it, i) => {
    const id = sent[i]!;
    const back = got.get(id) ?? [];
    if (!back.length) return failed(it, 'the reply did not confirm this item');
    if (back.length > asked.get(id)!) return failed(it, `the reply named this ${key} ${back.length} times`);
    if (back.length < asked.get(id)!) return failed(it, `the reply named this ${key} fewer times than it was sent`);
    if (operation === 'Delete' && back.some((d) => d.deleted === false)) return failed(it, 'the reply says it is not deleted');
    return done(it, id);
  });
}
