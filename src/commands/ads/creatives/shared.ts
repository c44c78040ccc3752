// Helpers shared by the creatives verbs: one-object
// output, delete confirmation, and turning list flags into query parameters.
import { listQuery, type ListFlags } from '../../../ads/common.js';
import type { Context } from '../../../context.js';
import type { Params } from '../../../http/encode.js';
import { cellValue } from '../../../output/cells.js';
import type { Column } from '../../../output/printer.js';
import { CARDS_Q_MAX } from '../../../creatives/pages.js';
import { idList } from '../../../validate/creatives-lists.js';
import { maxLength, Problems } from '../../../validate/rules.js';

/** Flag value or undefined (commander leaves absent options undefined). */
export function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** List filters first (checked, exit 6 on a bad value), then the shared list flags (count bounds, cursor). */
export function listParams(opts: Record<string, any>, bounds: { min: number; max: number }, filters: (p: Problems) => Params): Params {
  const problems = new Problems();
  const q = filters(problems);
  problems.throwIfAny('invalid list filters');
  return [...q, ...listQuery(opts as ListFlags, bounds)];
}

/** Pairs for the fields that are set, in the given order. */
export function pairs(fields: readonly string[], values: Record<string, string | undefined>): Params {
  const out: Params = [];
  for (const f of fields) if (values[f] !== undefined) out.push([f, values[f]!]);
  return out;
}

/** One object; the table leaves out fields the object does not have (null or absent), JSON keeps the envelope. */
export function printOne<T>(ctx: Context, body: { data: T }, fields: Column<T>[]): void {
  const shown = ctx.format === 'table' ? fields.filter((c) => {
    const v = cellValue(body.data, c);
    return v !== undefined && v !== null && v !== '';
  }) : fields;
  ctx.printer.object(body.data, shown as Column[], body);
}

/** y/N on a terminal, --yes otherwise; false when the user says no. */
export async function confirmDelete(ctx: Context, what: string, yes: boolean | undefined): Promise<boolean> {
  const ok = await ctx.prompt.confirm(`Delete ${what}?`, yes);
  if (!ok) ctx.log.info('nothing deleted');
  return ok;
}

/** card_ids (up to 200) and q (max 80): the filters of the poll and video conversation card lists. */
export function cardIdFilters(opts: Record<string, any>): (p: Problems) => Params {
  return (p) => {
    const q: Params = [];
    const ids = idList(p, 'card_ids', str(opts.cardIds));
    p.check('q', str(opts.q), [maxLength(CARDS_Q_MAX)]);
    if (ids) q.push(['card_ids', ids.join(',')]);
    if (str(opts.q) !== undefined) q.push(['q', opts.q]);
    return q;
  };
}
