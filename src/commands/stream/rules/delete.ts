// `postctl stream rules delete [rule_ids…] | --all`: ids checked first (exit 6);
// asks first unless --yes; --dry-run asks the API to check only.
import { UsageError } from '../../../errors/cli-error.js';
import { EXIT } from '../../../errors/exit-codes.js';
import { deleteRules, listRules } from '../../../platform/stream-rules.js';
import { commaList } from '../../../validate/rules.js';
import { ruleIdProblems } from '../../../validate/search.js';
import { defineVerb } from '../../define.js';
import { report } from './_report.js';

export default defineVerb({
  name: 'delete [rule_ids...]',
  description: 'delete rules by id (or --all); asks first unless --yes; --dry-run asks the API to check only',
  examples: ['postctl stream rules delete 1165037377523306498 --yes', 'postctl stream rules delete --all --yes'],
  options: {
    all: { flags: '--all', description: 'delete every rule' },
    dryRun: { flags: '--dry-run', description: 'dry_run=true: the API checks the deletion and deletes nothing' },
    yes: { flags: '-y, --yes', description: 'do not ask for confirmation' },
  },
  async run(args, opts, ctx) {
    if (args.length && opts.all) throw new UsageError('give rule ids or --all, not both');
    let ids = args.flatMap((a) => commaList(a));
    if (!opts.all) ruleIdProblems(ids).throwIfAny('invalid rule ids');
    const client = await ctx.client();
    // --all: the ids of every rule first, so --dry-run and the confirmation name what goes.
    if (opts.all) ids = ((await listRules(client, [])).data ?? []).map((r) => r.id);
    if (!ids.length) {
      ctx.log.info('no rules to delete');
      return EXIT.OK;
    }
    if (!opts.dryRun && !(await ctx.prompt.confirm(`Delete ${ids.length} rule${ids.length === 1 ? '' : 's'}?`, opts.yes))) return EXIT.OK;
    const env = await deleteRules(client, ids, Boolean(opts.dryRun));
    const s = env.meta?.summary ?? {};
    return report(
      ctx,
      env,
      Number(s.deleted ?? 0),
      Number(s.not_deleted ?? 0),
      opts.dryRun ? 'deletable (dry run, nothing deleted)' : 'deleted',
    );
  },
});
