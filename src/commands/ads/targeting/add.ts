// `postctl ads targeting add --line-item <id> --type <TYPE> --value <v>`: one
// criterion, checked first (type, operator, the reference's value formats);
// or many from a JSON Lines file through the batch endpoint (500 per request).
import { addCriterionRequest } from '../../../ads/targeting.js';
import { UsageError, type InputProblem } from '../../../errors/cli-error.js';
import { checkAgeOnce, checkCriterion, OPERATORS, TARGETING_TYPES, type TargetingInput } from '../../../validate/targeting.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { bulkOptions, readBulk, runBulk } from '../_bulk.js';
import { throwIfProblems } from '../_checks.js';
import { fetchedProblems } from './_fetched.js';
import { sendCreate } from '../_dry-run.js';

const KEYS = ['line_item_id', 'targeting_type', 'targeting_value', 'operator_type'];

/** A line's object as a criterion: only the four parameters, each a string. */
function lineCriterion(obj: Record<string, unknown>, line: number): { c: TargetingInput; problems: InputProblem[] } {
  const problems: InputProblem[] = [];
  const c: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (!KEYS.includes(k)) problems.push({ line, field: k, message: `is not a parameter of a targeting criterion (${KEYS.join(', ')})` });
    else if (typeof v !== 'string' && typeof v !== 'number') problems.push({ line, field: k, message: 'must be a string' });
    else c[k] = String(v);
  }
  return { c, problems: [...problems, ...checkCriterion(c, line)] };
}

export default defineVerb({
  name: 'add',
  description: 'add a targeting criterion to a line item (find values with `ads targeting search`), or many from --file',
  examples: [
    'postctl ads targeting add --line-item 8u94t --type LOCATION --value 96683cc9126741d1',
    'postctl ads targeting add --line-item 8u94t --type BROAD_KEYWORD --value coffee --operator NE',
    'postctl ads targeting add --file criteria.jsonl',
  ],
  options: {
    lineItem: { flags: '--line-item <line_item_id>', description: 'line item to target (required without --file)' },
    type: { flags: '--type <targeting_type>', description: `targeting type: ${TARGETING_TYPES.join(', ')}` },
    value: {
      flags: '--value <targeting_value>',
      description: 'the value `ads targeting search` printed (a location key, interest id, language code…)',
    },
    operator: { flags: '--operator <operator_type>', description: `${OPERATORS.join(', ')} (default EQ; NE excludes)` },
    ...bulkOptions,
    fetch: {
      flags: '--no-fetch',
      description: 'skip the GETs that check a custom audience is targetable and a TV_SHOW line item has a LOCATION (the API still checks)',
    },
    dryRun: { flags: '--dry-run', description: 'check and print the request(s) that would be sent; change nothing' },
    ...writeOptions,
  },
  async run(_args, opts, ctx) {
    const given = { line_item_id: opts.lineItem, targeting_type: opts.type, targeting_value: opts.value, operator_type: opts.operator };
    if (opts.file !== undefined) {
      if (Object.values(given).some((v) => v !== undefined))
        throw new UsageError('give the criteria either in --file or as flags, not both');
      const seen: Array<{ line: number; c: TargetingInput }> = [];
      const items = await readBulk(ctx, opts.file, (obj, line) => {
        const r = lineCriterion(obj, line);
        seen.push({ line, c: r.c });
        return { params: withOperator(r.c as Record<string, string>), problems: r.problems };
      });
      throwIfProblems(checkAgeOnce(seen), `${opts.file}: invalid criteria; nothing was sent`);
      const account = await accountRef(ctx, opts);
      if (opts.fetch !== false)
        throwIfProblems(await fetchedProblems(await ctx.client(), account, seen), `${opts.file}: invalid criteria; nothing was sent`);
      return runBulk(ctx, account, 'targeting_criteria', items, opts);
    }
    if (opts.failed !== undefined) throw new UsageError('--failed goes with --file');
    throwIfProblems(checkCriterion(given), 'invalid targeting criterion');
    const params = withOperator(Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined)) as Record<string, string>);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    if (opts.fetch !== false) throwIfProblems(await fetchedProblems(client, account, [{ c: given }]), 'invalid targeting criterion');
    const done = () => `added ${String(params.targeting_type)} targeting to line item ${String(params.line_item_id)}`;
    return sendCreate(ctx, client, addCriterionRequest(account, params), params, opts.dryRun, done);
  },
});

/** operator_type is always sent, EQ included: the reference marks it required, whatever the API does without it. */
function withOperator(params: Record<string, string>): Record<string, string> {
  return { ...params, operator_type: params.operator_type ?? 'EQ' };
}
