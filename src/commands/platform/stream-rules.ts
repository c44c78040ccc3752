// `postctl stream rules list | add | delete`. Rules are checked before
// sending (exit 6, nothing sent); problems the API reports per rule are
// warnings, and the run fails (6) when no rule was applied, 8 when some were.
import type { Context } from '../../context.js';
import { CliError, UsageError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { openInput, readLines } from '../../input/lines.js';
import { neutralize } from '../../output/sanitize.js';
import { addRules, deleteRules, listRules, type RulesEnvelope } from '../../platform/stream-rules.js';
import { describeProblem } from '../../platform/posts.js';
import { commaList } from '../../validate/rules.js';
import { ruleIdProblems, ruleProblems, type RuleInput } from '../../validate/search.js';

const COLUMNS = [
  { header: 'id', key: 'id' },
  { header: 'value', get: (r: Record<string, any>) => neutralize(String(r.value ?? '')) },
  { header: 'tag', get: (r: Record<string, any>) => (r.tag === undefined ? '' : neutralize(String(r.tag))) },
];

async function rulesFromFile(file: string, ctx: Context): Promise<RuleInput[]> {
  const out: RuleInput[] = [];
  for await (const { line, text } of readLines(openInput(file, ctx.io.stdin), { name: file === '-' ? 'stdin' : file })) {
    if (!text.trim() || text.trimStart().startsWith('#')) continue;
    const tab = text.indexOf('\t');
    out.push(tab >= 0 ? { value: text.slice(0, tab), tag: text.slice(tab + 1), line } : { value: text, line });
  }
  return out;
}

/** Prints the result and the API's per-rule problems; the exit code says how much was applied. */
function report(ctx: Context, env: RulesEnvelope, done: number, notDone: number, verb: string): number {
  if (ctx.format === 'json') ctx.printer.value(env);
  else ctx.printer.list(env.data ?? [], COLUMNS);
  for (const p of env.errors ?? []) ctx.log.warn(neutralize(describeProblem(p)));
  ctx.log.info(`${done} rule${done === 1 ? '' : 's'} ${verb}${notDone ? `, ${notDone} not` : ''}`);
  if (notDone && !done) throw new CliError(`no rule was ${verb}`, { exitCode: EXIT.INVALID_INPUT, code: 'rules_rejected' });
  if (notDone) throw new CliError(`${notDone} rule${notDone === 1 ? ' was' : 's were'} not ${verb}`, { exitCode: EXIT.PARTIAL, code: 'partial' });
  return EXIT.OK;
}

export const list = {
  async run(args: string[], _opts: Record<string, any>, ctx: Context): Promise<number> {
    const ids = args.flatMap((a) => commaList(a));
    if (ids.length) ruleIdProblems(ids).throwIfAny('invalid rule ids');
    const env = await listRules(await ctx.client(), ids);
    ctx.printer.list(env.data ?? [], COLUMNS, env);
    return EXIT.OK;
  },
};

export const add = {
  async run(args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    if (args.length && opts.file !== undefined) throw new UsageError('give rules as arguments or with --file, not both');
    const rules: RuleInput[] = opts.file !== undefined ? await rulesFromFile(String(opts.file), ctx) : args.map((value) => ({ value, ...(opts.tag !== undefined ? { tag: String(opts.tag) } : {}) }));
    ruleProblems(rules, opts.file !== undefined ? '--file' : 'rule').throwIfAny('invalid rules');
    const env = await addRules(await ctx.client(), rules, Boolean(opts.dryRun));
    const s = env.meta?.summary ?? {};
    const verb = opts.dryRun ? 'valid (dry run, nothing added)' : 'added';
    return report(ctx, env, Number(opts.dryRun ? s.valid ?? 0 : s.created ?? env.data?.length ?? 0), Number(opts.dryRun ? s.invalid ?? 0 : s.not_created ?? 0), verb);
  },
};

export const remove = {
  async run(args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
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
    return report(ctx, env, Number(s.deleted ?? 0), Number(s.not_deleted ?? 0), opts.dryRun ? 'deletable (dry run, nothing deleted)' : 'deleted');
  },
};
