// `postctl stream rules add [values…]`: rules from arguments or --file, checked
// before sending (exit 6, nothing sent); --dry-run asks the API to check only.
import { UsageError } from '../../../errors/cli-error.js';
import { addRules } from '../../../platform/stream-rules.js';
import { ruleProblems, type RuleInput } from '../../../validate/search.js';
import { defineVerb } from '../../define.js';
import { report, rulesFromFile } from './_report.js';

export default defineVerb({
  name: 'add [values...]',
  description: 'add rules (each at most 2,048 characters); --dry-run asks the API to check them without adding',
  examples: ['postctl stream rules add "coffee -is:retweet" --tag coffee', 'postctl stream rules add --file rules.txt --dry-run'],
  options: {
    tag: { flags: '--tag <tag>', description: 'label for the rules given as arguments' },
    file: {
      flags: '--file <path>',
      description: 'one rule per line (- for stdin); "value<TAB>tag" sets a tag; blank lines and # comments skipped',
    },
    dryRun: { flags: '--dry-run', description: 'dry_run=true: the API validates the rules and adds nothing' },
  },
  async run(args, opts, ctx) {
    if (args.length && opts.file !== undefined) throw new UsageError('give rules as arguments or with --file, not both');
    const rules: RuleInput[] =
      opts.file !== undefined
        ? await rulesFromFile(opts.file, ctx)
        : args.map((value) => ({ value, ...(opts.tag !== undefined ? { tag: opts.tag } : {}) }));
    ruleProblems(rules, opts.file !== undefined ? '--file' : 'rule').throwIfAny('invalid rules');
    const env = await addRules(await ctx.client(), rules, Boolean(opts.dryRun));
    const s = env.meta?.summary ?? {};
    const verb = opts.dryRun ? 'valid (dry run, nothing added)' : 'added';
    return report(
      ctx,
      env,
      Number(opts.dryRun ? (s.valid ?? 0) : (s.created ?? env.data?.length ?? 0)),
      Number(opts.dryRun ? (s.invalid ?? 0) : (s.not_created ?? 0)),
      verb,
    );
  },
});
