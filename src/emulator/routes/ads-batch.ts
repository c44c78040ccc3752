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

/** Query-style parameters from a batch item (numbers, booleans and lists as their text). */
export function itemQuery(params: Record<string, unknown>): URLSearchParams {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) q.set(k, Array.isArray(v) ? v.join(',') : String(v));
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
