// Renders any thrown value for people (`error: …`, `hint: …`) and, with JSON
// output or whenever stderr is not a terminal (cron, CI, a log file), also as
// one `{"error":{…}}` line on stderr, so a script can read the failure whatever
// -o is. Stack traces only with --verbose.
// Messages and hints carry text from the API and from input: control characters
// are neutralised here, once, for every error (JSON.stringify escapes them in
// the JSON line), and each line is clipped so a huge value cannot flood stderr.
import { CliError, InputError, formatProblem } from './cli-error.js';
import { EXIT } from './exit-codes.js';
import { clip, clipDeep, inertJson, neutralize } from '../output/sanitize.js';
import type { ErrorContext } from './context.js';
import { stringifyJson } from '../json/stringify.js';
import { parseJson } from '../json/lossless.js';

const MAX_PROBLEMS_SHOWN = 50;

export function toCliError(e: unknown): CliError {
  if (e instanceof CliError) return e;
  const err = e as NodeJS.ErrnoException;
  if (err?.code === 'EISDIR') {
    // A directory given where a file is read is bad input, like any unreadable input file.
    return new CliError(
      err.path ? `${err.path} is a directory, not a file` : 'a directory was given where a file is read: check the file paths',
      { exitCode: EXIT.INVALID_INPUT, code: 'file', cause: e },
    );
  }
  if (err?.code === 'ENOENT' || err?.code === 'EACCES') {
    // An input file that cannot be read is exit 6 in every verb (as a directory is, above).
    return new CliError(`${err.code === 'ENOENT' ? 'no such file' : 'permission denied'}: ${err.path ?? err.message}`, {
      exitCode: EXIT.INVALID_INPUT,
      code: 'file',
      cause: e,
    });
  }
  return new CliError(`internal error: ${err?.message ?? String(e)}`, {
    exitCode: EXIT.INTERNAL,
    code: 'internal',
    cause: e,
    hint: 'run again with --verbose for a stack trace, and report it if it persists.',
  });
}

/** One message line as shown to a person: long lines clipped, control characters made visible. */
const MAX_LINE = 2000;
const shown = (text: string): string =>
  neutralize(
    text
      .split('\n')
      .map((l) => clip(l, MAX_LINE))
      .join('\n'),
    true,
  );

/** The context's answer when the verb ran (its io), else the stream's own. */
const stderrIsTerminal = (ctx: ErrorContext, stderr: NodeJS.WritableStream): boolean =>
  ctx.stderrTTY ?? Boolean((stderr as NodeJS.WritableStream & { isTTY?: boolean }).isTTY);

export function renderError(
  e: unknown,
  ctx: ErrorContext,
  stderr: NodeJS.WritableStream,
  redact: (s: string) => string = (s) => s,
): number {
  const err = toCliError(e);
  {
    const red = (s: string) => (ctx.chalk ? ctx.chalk.red(s) : s);
    const cyan = (s: string) => (ctx.chalk ? ctx.chalk.cyan(s) : s);
    let text = `${red('error:')} ${shown(err.message)}\n`;
    if (err instanceof InputError && err.problems.length > 1) {
      for (const p of err.problems.slice(0, MAX_PROBLEMS_SHOWN)) text += `  - ${shown(formatProblem(p))}\n`;
      if (err.problems.length > MAX_PROBLEMS_SHOWN)
        text += `  … and ${err.problems.length - MAX_PROBLEMS_SHOWN} more (use -o json for all)\n`;
    }
    if (err.hint) text += `${cyan('hint:')} ${shown(err.hint)}\n`;
    stderr.write(redact(text));
  }
  if (ctx.verbose && (err.exitCode === EXIT.INTERNAL || err.cause)) {
    const stack = (err.cause as Error | undefined)?.stack ?? err.stack;
    if (stack) stderr.write(redact(stack) + '\n');
  }
  // With JSON output, or stderr not a terminal, the last stderr line is the error as one JSON object.
  // Clipped like the human lines (a 10 MB error detail is not a 26 MB line), C1 and bidi as \u escapes.
  if (ctx.format === 'json' || ctx.format === 'jsonl' || !stderrIsTerminal(ctx, stderr))
    stderr.write(inertJson(stringifyJson({ error: clipDeep(parseJson(redact(stringifyJson(err.toJSON()))), MAX_LINE) })) + '\n');
  return err.exitCode;
}
