// `postctl ads audience-estimate --input FILE | --line-item ID`: targeting
// criteria as a JSON array (or the body itself, {"targeting_criteria": [...]}),
// or read from a line item's own criteria; each checked as `ads targeting add`
// checks one; sent as {"targeting_criteria": [...]}. The table shows the range.
import { audienceEstimate } from '../../ads/accounts.js';
import { targetingListRequest, type TargetingCriterion } from '../../ads/targeting.js';
import type { AccountRef } from '../../ads/types.js';
import type { Context } from '../../entry/context.js';
import { UsageError, invalid } from '../../errors/cli-error.js';
import type { ApiClient } from '../../http/client.js';
import { adsCursor, pages } from '../../http/paginate.js';
import { MAX_DATA_BYTES, parseDataJson, readDataFile } from '../../input/structured.js';
import { estimateCriteria } from '../../validate/targeting.js';
import { accountOptions } from '../_ads-flags.js';
import { defineVerb } from '../define.js';
import { accountRef } from './_account.js';
import { throwIfProblems } from './_checks.js';

export default defineVerb({
  name: 'audience-estimate',
  description: "approximate audience size for targeting criteria given as JSON, or for a line item's own criteria (--line-item)",
  examples: [
    'postctl ads audience-estimate --line-item 8u94t',
    'postctl ads audience-estimate --input targeting.json',
    'cat targeting.json | postctl ads audience-estimate --input -',
  ],
  options: {
    input: {
      flags: '--input <file>',
      description: 'JSON file: an array of {targeting_type, targeting_value, operator_type}, or - for stdin',
    },
    lineItem: { flags: '--line-item <line_item_id>', description: "estimate the line item's own targeting criteria (read first)" },
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    if ((opts.input === undefined) === (opts.lineItem === undefined))
      throw new UsageError('give --input <file> (a JSON array of criteria, or - for stdin) or --line-item <line_item_id>');
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const body = opts.lineItem !== undefined ? await lineItemCriteria(client, account, opts.lineItem) : await readBody(ctx, opts.input!);
    const { criteria, problems } = estimateCriteria(body);
    throwIfProblems(problems, 'invalid audience estimate body');
    const res = await audienceEstimate(client, account, criteria);
    if (ctx.format !== 'table') {
      ctx.printer.value(ctx.format === 'json' ? res.body : res.body.data);
      return 0;
    }
    const size = (res.body?.data as { audience_size?: { min?: unknown; max?: unknown } } | undefined)?.audience_size;
    const n = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v.toLocaleString('en-US') : 'unknown');
    ctx.printer.write(`${n(size?.min)} to ${n(size?.max)} people\n`);
    if (opts.lineItem !== undefined) ctx.log.info(`from the ${criteria.length} targeting criteria of line item ${opts.lineItem}`);
    return 0;
  },
});

async function readBody(ctx: Context, input: string): Promise<unknown> {
  // Named 'body' as every other problem with it is (estimateCriteria).
  return parseDataJson('body', await readDataFile(input, MAX_DATA_BYTES, ctx.io.stdin));
}

/** The line item's live criteria, as the estimate's objects (type, value, operator). */
async function lineItemCriteria(client: ApiClient, account: AccountRef, id: string): Promise<unknown> {
  if (!/^[0-9a-z]{1,32}$/.test(id)) throw invalid('line_item_id', `must be an ads id (got ${JSON.stringify(id)})`);
  const req = targetingListRequest(account, [
    ['line_item_ids', id],
    ['count', '1000'],
  ]);
  const out: Array<Record<string, string>> = [];
  for await (const page of pages<TargetingCriterion>(client, req, adsCursor))
    for (const c of page.items)
      if (c && !c.deleted && typeof c.targeting_type === 'string' && typeof c.targeting_value === 'string')
        out.push({ targeting_type: c.targeting_type, targeting_value: c.targeting_value, operator_type: c.operator_type ?? 'EQ' });
  if (!out.length)
    throw new UsageError(`line item ${id} has no targeting criteria to estimate`, 'add some with `postctl ads targeting add`.');
  return out;
}
