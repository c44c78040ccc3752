// `postctl ads audience-estimate --input FILE`: the body is a JSON array of
// objects (their fields: not shown in the spec, so only the shape is checked).
import { readFile } from 'node:fs/promises';
import { audienceEstimate } from '../../ads/accounts.js';
import { UsageError, invalid } from '../../errors.js';
import { readStdin } from '../../prompt.js';
import { checkEstimateBody } from '../../validate/ads-core-params.js';
import { accountOptions } from '../_ads-flags.js';
import { defineVerb } from '../define.js';
import { accountRef } from './_account.js';
import { throwIfProblems } from './_checks.js';

export default defineVerb({
  name: 'audience-estimate',
  description: 'approximate audience size for targeting given as a JSON array of objects',
  examples: ['postctl ads audience-estimate --input targeting.json', 'cat targeting.json | postctl ads audience-estimate --input -'],
  options: [{ flags: '--input <file>', description: 'JSON file with an array of objects, or - for stdin (required)' }, ...accountOptions],
  async run(_args, opts, ctx) {
    if (!opts.input) throw new UsageError('--input <file> is required (a JSON array of objects, or - for stdin)');
    const text = opts.input === '-' ? await readStdin(ctx.io.stdin) : await readFile(opts.input, 'utf8');
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
  },
});
