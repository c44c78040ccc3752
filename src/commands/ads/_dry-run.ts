// `--dry-run` of the ads verbs that create or change one object: the method,
// URL and parameters that would be sent (as JSON with -o json), with the
// object's current values beside them when it was fetched for the checks;
// and the result of an update: the fields that changed, before and after.
import type { Context } from '../../entry/context.js';
import type { ApiClient, RequestOptions } from '../../http/client.js';
import { objectFields, showValue } from './_show.js';

export function printDryRun(
  ctx: Context,
  url: string,
  req: RequestOptions,
  params: Record<string, string>,
  before: Record<string, unknown> | undefined,
  what: string,
): void {
  if (ctx.format === 'table') {
    ctx.printer.write(`${req.method} ${url}\n`);
    const rows = Object.entries(params).map(([k, v]) => ({
      parameter: k,
      ...(before ? { current: showValue(k, before[k]) } : {}),
      value: showValue(k, v),
    }));
    ctx.printer.list(rows, [
      { header: 'parameter', key: 'parameter' },
      ...(before ? [{ header: 'current', key: 'current' }] : []),
      { header: 'value', key: 'value' },
    ]);
  } else {
    ctx.printer.value({
      dry_run: true,
      method: req.method,
      url,
      params,
      ...(before ? { current: Object.fromEntries(Object.keys(params).map((k) => [k, before[k] ?? null])) } : {}),
    });
  }
  ctx.log.info(`dry run: nothing was changed${before ? ` (the ${what} was fetched to check the rules)` : ''}`);
}

/** The updated object: the whole object in JSON, else the fields that changed (or were sent, without a fetch). */
export function printChange(
  ctx: Context,
  params: Record<string, string>,
  before: Record<string, unknown> | undefined,
  body: { data: Record<string, unknown> },
  what: string,
): void {
  const after = body.data;
  if (ctx.format !== 'table') {
    ctx.printer.object(after, undefined, body);
  } else if (before) {
    const rows = changedFields(before, after).map((k) => ({ field: k, before: showValue(k, before[k]), after: showValue(k, after[k]) }));
    ctx.printer.list(rows, [
      { header: 'field', key: 'field' },
      { header: 'before', key: 'before' },
      { header: 'after', key: 'after' },
    ]);
    if (!rows.length) ctx.log.info(`no field changed (the ${what} already had these values)`);
  } else {
    const rows = Object.keys(params).map((k) => ({ field: k, after: showValue(k, after[k]) }));
    ctx.printer.list(rows, [
      { header: 'field', key: 'field' },
      { header: 'after', key: 'after' },
    ]);
  }
}

/** Fields whose value differs (updated_at always moves, so it is left out). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.filter((k) => k !== 'updated_at' && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

/**
 * Sends a create (or with --dry-run prints it) and shows the object made;
 * `done` words the success line from the new object.
 */
export async function sendCreate(
  ctx: Context,
  client: ApiClient,
  req: RequestOptions,
  params: Record<string, string>,
  dryRun: boolean | undefined,
  done: (made: Record<string, unknown>) => string,
): Promise<number> {
  if (dryRun) {
    printDryRun(ctx, client.baseUrl(req.api ?? 'ads') + req.path, req, params, undefined, 'object');
    return 0;
  }
  const res = await client.request<{ data: Record<string, unknown> }>(req);
  ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
  ctx.log.success(done(res.body.data));
  return 0;
}
