// `postctl stream rules add [values…]`: rules from arguments or --file, checked
// before sending (exit 6, nothing sent); --dry-run asks the API to check only;
// --if-missing reports a rule that is already there instead of failing, so a
// setup script can be run again.
import { UsageError } from '../../../errors/cli-error.js';
import { addRules, splitExisting } from '../../../platform/stream-rules.js';
import { ruleProblems, type RuleInput } from '../../../validate/search.js';
import { defineVerb } from '../../define.js';
import { report, rulesFromFile } from './_report.js';

export default defineVerb({
  name: 'add [values...]',
  description: 'add rules (each at most 2,048 characters); --dry-run asks the API to check them without adding',
  examples: [
    'postctl stream rules add "coffee -is:retweet" --tag coffee',
    'postctl stream rules add --file rules.txt --dry-run',
    'postctl stream rules add "coffee -is:retweet" --if-missing',
  ],
  options: {
    tag: { flags: '--tag <tag>', description: 'label for the rules given as arguments' },
    file: {
      flags: '--file <path>',
      description: 'one rule per line (- for stdin); "value<TAB>tag" sets a tag; blank lines and # comments skipped',
    },
    dryRun: { flags: '--dry-run', description: 'dry_run=true: the API validates the rules and adds nothing' },
    ifMissing: {
      flags: '--if-missing',
      description: 'a rule that already exists is reported ("existing": true, with its id) and counts as done: exit 0',
    },
  },
  async run(args, opts, ctx) {
    if (args.length && opts.file !== undefined) throw new UsageError('give rules as arguments or with --file, not both');
    const rules: RuleInput[] =
      opts.file !== undefined
        ? await rulesFromFile(opts.file, ctx)
        : args.map((value) => ({ value, ...(opts.tag !== undefined ? { tag: opts.tag } : {}) }));
    ruleProblems(rules, opts.file !== undefined ? '--file' : 'rule').throwIfAny('invalid rules');
    let env = await addRules(await ctx.client(), rules, Boolean(opts.dryRun));
    let existing = 0;
    if (opts.ifMissing) ({ env, existing } = splitExisting(env));
    const s = env.meta?.summary ?? {};
    const verb = opts.dryRun ? 'valid (dry run, nothing added)' : 'added';
    const done = Number(opts.dryRun ? (s.valid ?? 0) : (s.created ?? 0));
    const notDone = Number(opts.dryRun ? (s.invalid ?? 0) : (s.not_created ?? 0));
    if (existing) ctx.log.info(`${existing} rule${existing === 1 ? '' : 's'} already there`);
    return report(ctx, env, done + (opts.dryRun ? 0 : existing), Math.max(0, notDone - (opts.dryRun ? 0 : existing)), verb);
  },
});
