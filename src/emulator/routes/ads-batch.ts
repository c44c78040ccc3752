// The emulator's model of the ads batch endpoints (campaign-management
// reference, "Batch Requests"): a JSON array of {operation_type, params}, at
// most `max` items, checked item by item with the single endpoint's own rules;
// all-or-nothing (one bad item fails the whole batch: `operation_errors` holds
// one list per item, in request order, and nothing is created); replies keep the
// request's order.
import { adsError, fail } from '../replies.js';
import { EmuHttpError, type EmuRequest, type EmuResponse } from '../types.js';

export interface BatchOp {
  operation_type: string;
  params: Record<string, unknown>;
}

/**
 * The JSON type of each batch parameter, from the reference's single POST endpoints (campaigns, line items,
 * targeting criteria): `long` and `int` are JSON integers, `boolean` true/false; every other parameter is a
 * `string` (placements and categories too: comma-separated, as the batch examples send "ALL_ON_TWITTER").
 */
const EMU_INTEGER = new Set([
  'daily_budget_amount_local_micro',
  'total_budget_amount_local_micro',
  'bid_amount_local_micro',
  'frequency_cap',
  'duration_in_days',
]);
const EMU_BOOLEAN = new Set(['standard_delivery']);

/** A parameter whose JSON type is not the reference's is the item's error, as a mistyped field is on the wire. */
function checkType(name: string, v: unknown): void {
  const want = EMU_INTEGER.has(name) ? 'integer' : EMU_BOOLEAN.has(name) ? 'boolean' : 'string';
  const ok = want === 'integer' ? typeof v === 'number' && Number.isInteger(v) : typeof v === want;
  if (!ok) fail(adsError(400, 'INVALID_PARAMETER', `${name} must be a JSON ${want} (got ${Array.isArray(v) ? 'array' : typeof v})`, name));
}

/** Query-style parameters from a batch item, each checked for its JSON type (numbers and booleans as their text). */
export function itemQuery(params: Record<string, unknown>): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    checkType(k, v);
    q.set(k, String(v));
  }
  return q;
}

/**
 * Runs `prepare` on every item (it throws an ads error for a bad one) and only
 * when all pass, `commit` on the prepared values in order.
 */
export function runBatch<T>(
  req: EmuRequest,
  max: number,
  operations: readonly string[],
  prepare: (op: BatchOp, index: number) => T,
  commit: (prepared: T[]) => unknown[],
): EmuResponse {
  if (!/application\/json/.test(String(req.headers['content-type'])))
    fail(adsError(400, 'INVALID_PARAMETER', 'Batch requests need Content-Type: application/json', 'body', req));
  const body = req.json<unknown>();
  if (!Array.isArray(body) || body.length === 0)
    fail(adsError(400, 'INVALID_PARAMETER', 'The body must be a non-empty JSON array', 'body', req));
  if (body.length > max) fail(adsError(400, 'TOO_MANY_OPERATIONS', `A batch holds at most ${max} items (got ${body.length})`, 'body', req));
  const prepared: T[] = [];
  const opErrors: unknown[][] = [];
  body.forEach((raw, i) => {
    const op = raw as BatchOp;
    try {
      if (!op || typeof op !== 'object' || !op.params || typeof op.params !== 'object' || Array.isArray(op.params))
        fail(adsError(400, 'INVALID_PARAMETER', 'each item needs operation_type and a params object', 'params'));
      if (!operations.includes(op.operation_type))
        fail(adsError(400, 'INVALID_PARAMETER', `operation_type must be one of ${operations.join(', ')}`, 'operation_type'));
      prepared.push(prepare(op, i));
      opErrors.push([]);
    } catch (e) {
      if (!(e instanceof EmuHttpError)) throw e;
      opErrors.push(((e.response.body as { errors?: unknown[] })?.errors ?? []) as unknown[]);
    }
  });
  if (opErrors.some((x) => x.length))
    return {
      status: 400,
      body: {
        errors: [{ code: 'BATCH_FAILED', message: 'The batch was not processed: see operation_errors' }],
        operation_errors: opErrors,
      },
    };
  const data = commit(prepared);
  return { status: 200, body: { data, request: body.map((op: BatchOp) => ({ params: op.params, operation_type: op.operation_type })) } };
}
