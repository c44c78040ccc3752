// `ads audience-estimate --input FILE`: the body is a JSON array of objects
// (their fields: not shown in the spec, so only the shape is checked).
import { readFile } from 'node:fs/promises';
import { audienceEstimate } from '../../../ads/accounts.js';
import type { Context } from '../../../context.js';
import { UsageError, invalid } from '../../../errors.js';
import { readStdin } from '../../../prompt.js';
import { checkEstimateBody } from '../../../validate/ads-core-params.js';
import { throwIfProblems } from './shared.js';
import { accountRef } from '../../ads-account.js';

export async function run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
  if (!opts.input) throw new UsageError('--input <file> is required (a JSON array of objects, or - for stdin)');
  const text = opts.input === '-' ? await readStdin(ctx.io.stdin) : await readFile(String(opts.input), 'utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (e) {
    throw invalid('body', `${opts.input === '-' ? 'stdin' : opts.input} is not valid JSON: ${(e as Error).message}`);
  }
  throwIfProblems(checkEstimateBody(body), 'invalid audience estimate body');
  const account = await accountRef(ctx, opts);
  const client = await ctx.client();
  const res = await audienceEstimate(client, account, body as unknown[]);
  ctx.printer.value(ctx.format === 'json' ? res.body : res.body.data);
  return 0;
}
