// `postctl ads audience-estimate --input FILE`: targeting criteria as a JSON
// array (or the body itself, {"targeting_criteria": [...]}), each checked as
// `ads targeting add` checks one; sent as {"targeting_criteria": [...]}.
import { readFile } from 'node:fs/promises';
import { audienceEstimate } from '../../ads/accounts.js';
import { UsageError, invalid } from '../../errors.js';
import { readStdin } from '../../prompt.js';
import { estimateCriteria } from '../../validate/targeting.js';
import { accountOptions } from '../_ads-flags.js';
import { defineVerb } from '../define.js';
import { accountRef } from './_account.js';
import { throwIfProblems } from './_checks.js';

export default defineVerb({
  name: 'audience-estimate',
  description: 'approximate audience size for targeting criteria given as JSON (the same objects `ads targeting add --file` takes)',
  examples: ['postctl ads audience-estimate --input targeting.json', 'cat targeting.json | postctl ads audience-estimate --input -'],
  options: {
    input: {
      flags: '--input <file>',
      description: 'JSON file: an array of {targeting_type, targeting_value, operator_type}, or - for stdin (required)',
    },
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    if (!opts.input) throw new UsageError('--input <file> is required (a JSON array of objects, or - for stdin)');
    const text = opts.input === '-' ? await readStdin(ctx.io.stdin) : await readFile(opts.input, 'utf8');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (e) {
      throw invalid('body', `${opts.input === '-' ? 'stdin' : opts.input} is not valid JSON: ${(e as Error).message}`);
    }
    const { criteria, problems } = estimateCriteria(body);
    throwIfProblems(problems, 'invalid audience estimate body');
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await audienceEstimate(client, account, criteria);
    ctx.printer.value(ctx.format === 'json' ? res.body : res.body.data);
    return 0;
  },
});
