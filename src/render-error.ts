// Renders any thrown value for people (`error: …`, `hint: …`) or, with JSON
// output, as one `{"error":{…}}` line on stderr. Stack traces only with --verbose.
import { CliError, InputError, formatProblem } from './errors.js';
import { EXIT } from './exit-codes.js';
import type { ErrorContext } from './render-state.js';
import { stringifyJson } from './json/stringify.js';

const MAX_PROBLEMS_SHOWN = 50;

export function toCliError(e: unknown): CliError {
  if (e instanceof CliError) return e;
  const err = e as NodeJS.ErrnoException;
  if (err?.code === 'ENOENT' || err?.code === 'EACCES' || err?.code === 'EISDIR') {
    return new CliError(`${err.code === 'ENOENT' ? 'no such file' : err.code === 'EACCES' ? 'permission denied' : 'is a directory'}: ${err.path ?? err.message}`, { exitCode: EXIT.USAGE, code: 'file', cause: e });
  }
  return new CliError(`internal error: ${err?.message ?? String(e)}`, { exitCode: EXIT.INTERNAL, code: 'internal', cause: e, hint: 'run again with --verbose for a stack trace, and report it if it persists.' });
}

export function renderError(e: unknown, ctx: ErrorContext, stderr: NodeJS.WritableStream, redact: (s: string) => string = (s) => s): number {
  const err = toCliError(e);
  {
    const red = (s: string) => (ctx.chalk ? ctx.chalk.red(s) : s);
    const cyan = (s: string) => (ctx.chalk ? ctx.chalk.cyan(s) : s);
    let text = `${red('error:')} ${err.message}\n`;
    if (err instanceof InputError && err.problems.length > 1) {
      for (const p of err.problems.slice(0, MAX_PROBLEMS_SHOWN)) text += `  - ${formatProblem(p)}\n`;
      if (err.problems.length > MAX_PROBLEMS_SHOWN) text += `  … and ${err.problems.length - MAX_PROBLEMS_SHOWN} more (use -o json for all)\n`;
    }
    if (err.hint) text += `${cyan('hint:')} ${err.hint}\n`;
    stderr.write(redact(text));
  }
  if (ctx.verbose && (err.exitCode === EXIT.INTERNAL || err.cause)) {
    const stack = (err.cause as Error | undefined)?.stack ?? err.stack;
    if (stack) stderr.write(redact(stack) + '\n');
  }
  // With JSON output the last stderr line is the error as one JSON object.
  if (ctx.format === 'json' || ctx.format === 'jsonl') stderr.write(redact(stringifyJson({ error: err.toJSON() })) + '\n');
  return err.exitCode;
}
