// `postctl stream rules list [rule_ids…]`: every rule, or these ids (checked first, exit 6).
import { EXIT } from '../../../errors/exit-codes.js';
import { listRules } from '../../../platform/stream-rules.js';
import { commaList } from '../../../validate/rules.js';
import { ruleIdProblems } from '../../../validate/search.js';
import { defineVerb } from '../../define.js';
import { COLUMNS } from './_report.js';

export default defineVerb({
  name: 'list [rule_ids...]',
  description: 'list the rules (all, or these ids)',
  examples: ['postctl stream rules list', 'postctl stream rules list -o json'],
  options: {},
  async run(args, _opts, ctx) {
    const ids = args.flatMap((a) => commaList(a));
    if (ids.length) ruleIdProblems(ids).throwIfAny('invalid rule ids');
    const env = await listRules(await ctx.client(), ids);
    ctx.printer.list(env.data ?? [], COLUMNS, env);
    return EXIT.OK;
  },
});
