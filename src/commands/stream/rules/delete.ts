// `postctl stream rules delete [rule_ids…] | --all`: ids checked first (exit 6);
// asks first unless --yes; --dry-run lists the rules that would go and sends no
// change; --if-exists counts a rule already gone as done.
import { UsageError } from '../../../errors/cli-error.js';
import { EXIT } from '../../../errors/exit-codes.js';
import { deleteRules, listRules, splitGone } from '../../../platform/stream-rules.js';
import { commaList } from '../../../validate/rules.js';
import { ruleIdProblems } from '../../../validate/search.js';
import { defineVerb } from '../../define.js';
import { report } from './_report.js';

export default defineVerb({
  name: 'delete [rule_ids...]',
  description: 'delete rules by id (or --all); asks first unless --yes; --dry-run lists the rules that would be deleted',
  examples: [
    'postctl stream rules delete 1165037377523306498 --yes',
    'postctl stream rules delete --all --yes',
    'postctl stream rules delete --all --dry-run',
  ],
  options: {
    all: { flags: '--all', description: 'delete every rule' },
    dryRun: { flags: '--dry-run', description: 'list the rules that would be deleted (read only) and delete nothing' },
    ifExists: { flags: '--if-exists', description: 'a rule that is already gone counts as deleted: exit 0' },
    yes: { flags: '-y, --yes', description: 'do not ask for confirmation' },
  },
  async run(args, opts, ctx) {
    if (args.length && opts.all) throw new UsageError('give rule ids or --all, not both');
    let ids = args.flatMap((a) => commaList(a));
    if (!opts.all) ruleIdProblems(ids).throwIfAny('invalid rule ids');
    const client = await ctx.client();
    // --all: the ids of every rule first, so --dry-run and the confirmation name what goes.
    const listed = opts.all || opts.dryRun ? ((await listRules(client, opts.all ? [] : ids)).data ?? []) : [];
    if (opts.all) ids = listed.map((r) => r.id);
    if (!ids.length) {
      ctx.log.info('no rules to delete');
      return EXIT.OK;
    }
    if (opts.dryRun) {
      const found = new Set(listed.map((r) => r.id));
      const missing = ids.filter((id) => !found.has(id));
      const errors = opts.ifExists
        ? []
        : missing.map((id) => ({ type: 'about:blank', title: 'Not Found Error', detail: `Rule [${id}] does not exist` }));
      for (const id of opts.ifExists ? missing : []) ctx.log.info(`rule ${id} is already gone`);
      return report(
        ctx,
        { data: listed, ...(errors.length ? { errors } : {}) },
        listed.length,
        errors.length,
        'to delete (dry run, nothing sent)',
      );
    }
    if (!(await ctx.prompt.confirm(`Delete ${ids.length} rule${ids.length === 1 ? '' : 's'}?`, opts.yes))) return EXIT.OK;
    let env = await deleteRules(client, ids, false);
    let gone: string[] = [];
    if (opts.ifExists) ({ env, gone } = splitGone(env));
    for (const id of gone) ctx.log.info(`rule ${id} is already gone`);
    const s = env.meta?.summary ?? {};
    return report(ctx, env, Number(s.deleted ?? 0) + gone.length, Math.max(0, Number(s.not_deleted ?? 0) - gone.length), 'deleted');
  },
});
