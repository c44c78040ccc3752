// What the `stream rules` verbs share: the table columns, reading rules from a
// file, and the closing report. Problems the API reports per rule are
// warnings, and the run fails (6) when no rule was applied, 8 when some were.
import type { Context } from '../../../entry/context.js';
import { CliError } from '../../../errors/cli-error.js';
import { EXIT } from '../../../errors/exit-codes.js';
import { openInput, readLines } from '../../../input/lines.js';
import type { Column } from '../../../output/printer.js';
import { neutralize } from '../../../output/sanitize.js';
import { describeProblem } from '../../../platform/posts.js';
import type { Rule, RulesEnvelope } from '../../../platform/stream-rules.js';
import type { RuleInput } from '../../../validate/search.js';

export const COLUMNS: Column<Rule>[] = [
  { header: 'id', key: 'id' },
  { header: 'value', get: (r) => neutralize(String(r.value ?? '')) },
  { header: 'tag', get: (r) => (r.tag === undefined ? '' : neutralize(String(r.tag))) },
];

/** One rule per line; "value<TAB>tag" sets a tag; blank lines and # comments skipped. */
export async function rulesFromFile(file: string, ctx: Context): Promise<RuleInput[]> {
  const out: RuleInput[] = [];
  for await (const { line, text } of readLines(openInput(file, ctx.io), { name: file === '-' ? 'stdin' : file })) {
    if (!text.trim() || text.trimStart().startsWith('#')) continue;
    const tab = text.indexOf('\t');
    out.push(tab >= 0 ? { value: text.slice(0, tab), tag: text.slice(tab + 1), line } : { value: text, line });
  }
  return out;
}

/** Prints the result and the API's per-rule problems; the exit code says how much was applied. */
export function report(ctx: Context, env: RulesEnvelope, done: number, notDone: number, verb: string): number {
  if (ctx.format === 'json') ctx.printer.value(env);
  else ctx.printer.list(env.data ?? [], COLUMNS);
  for (const p of env.errors ?? []) ctx.log.warn(neutralize(describeProblem(p)));
  ctx.log.info(`${done} rule${done === 1 ? '' : 's'} ${verb}${notDone ? `, ${notDone} not` : ''}`);
  if (notDone && !done) throw new CliError(`no rule was ${verb}`, { exitCode: EXIT.INVALID_INPUT, code: 'rules_rejected' });
  if (notDone)
    throw new CliError(`${notDone} rule${notDone === 1 ? ' was' : 's were'} not ${verb}`, { exitCode: EXIT.PARTIAL, code: 'partial' });
  return EXIT.OK;
}
