// `ads line-items update <id>`: only the parameters given are sent (never a
// read-modify-write of the whole object). Static rules first (nothing sent on
// failure), then — unless --no-fetch — the rules that depend on the line
// item's objective and placements, checked against a fresh GET.
import { getLineItem, updateLineItemRequest } from '../../../ads/line-items.js';
import type { LineItem } from '../../../ads/types.js';
import type { Context } from '../../../context.js';
import { UsageError } from '../../../errors.js';
import type { RequestOptions } from '../../../http/client.js';
import { checkAgainstLineItem, checkLineItemParams, paramsFromFlags, type LineItemParams } from '../../../validate/line-item.js';
import { showValue, throwIfProblems } from './shared.js';
import { accountRef } from '../../ads-account.js';

export async function run([id]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
  const { params, problems, typed } = paramsFromFlags(opts);
  if (Object.keys(params).length === 0 && problems.length === 0) throw new UsageError('nothing to update: give at least one parameter flag', 'see `postctl ads line-items update --help` for the flags.');
  const local = checkLineItemParams(params, typed);
  throwIfProblems([...problems, ...local.problems], 'invalid line item update');
  const account = await accountRef(ctx, opts);
  const client = await ctx.client();
  const warnings = [...local.warnings];
  let before: LineItem | undefined;
  if (opts.fetch !== false) {
    before = (await getLineItem(client, account, id!)).body.data;
    const dependent = checkAgainstLineItem(params, before, typed);
    throwIfProblems(dependent.problems, `invalid update for line item ${id} (objective ${before.objective ?? 'unknown'})`);
    warnings.push(...dependent.warnings);
  }
  for (const w of warnings) ctx.log.warn(w);
  const req = updateLineItemRequest(account, id!, params);
  if (opts.dryRun) {
    printDryRun(ctx, client.baseUrl(account.api) + req.path, req, params, before);
    return 0;
  }
  const res = await client.request<{ data: LineItem }>(req);
  const after = res.body.data;
  if (ctx.format !== 'table') {
    ctx.printer.object(after, undefined, res.body);
  } else if (before) {
    const rows = changedFields(before, after).map((k) => ({ field: k, before: showValue(k, before![k]), after: showValue(k, after[k]) }));
    ctx.printer.list(rows, [{ header: 'field', key: 'field' }, { header: 'before', key: 'before' }, { header: 'after', key: 'after' }]);
    if (!rows.length) ctx.log.info('no field changed (the line item already had these values)');
  } else {
    const rows = Object.keys(params).map((k) => ({ field: k, after: showValue(k, after[k]) }));
    ctx.printer.list(rows, [{ header: 'field', key: 'field' }, { header: 'after', key: 'after' }]);
  }
  ctx.log.success(`updated line item ${id} (${Object.keys(params).join(', ')})`);
  return 0;
}

/** Fields whose value differs (updated_at always moves, so it is left out). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys.filter((k) => k !== 'updated_at' && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
}

function printDryRun(ctx: Context, url: string, req: RequestOptions, params: LineItemParams, before: LineItem | undefined): void {
  if (ctx.format === 'table') {
    ctx.printer.write(`${req.method} ${url}\n`);
    const rows = Object.entries(params).map(([k, v]) => ({ parameter: k, ...(before ? { current: showValue(k, before[k]) } : {}), value: showValue(k, v) }));
    ctx.printer.list(rows, [{ header: 'parameter', key: 'parameter' }, ...(before ? [{ header: 'current', key: 'current' }] : []), { header: 'value', key: 'value' }]);
  } else {
    ctx.printer.value({ dry_run: true, method: req.method, url, params, ...(before ? { current: Object.fromEntries(Object.keys(params).map((k) => [k, before[k] ?? null])) } : {}) });
  }
  ctx.log.info(`dry run: nothing was changed${before ? ' (the line item was fetched to check the rules)' : ''}`);
}
