// Checks the ads verbs share: the sandbox-only guard, and problems → one InputError.
import { UsageError, type InputProblem } from '../../errors/cli-error.js';
import { Problems } from '../../validate/rules.js';

/** Sandbox-only operations are refused before anything is sent. */
export function requireSandbox(opts: { sandbox?: boolean }, what: string): void {
  if (!opts.sandbox)
    throw new UsageError(
      `${what} is a sandbox-only operation`,
      'add --sandbox (it goes to the sandbox base URL, POSTCTL_ADS_SANDBOX_URL).',
    );
}

/** Throws one InputError (exit 6) listing every problem, each naming its field. */
export function throwIfProblems(problems: readonly InputProblem[], what = 'invalid input'): void {
  const p = new Problems();
  for (const x of problems) p.add(x.field ?? 'input', x.message, x.line !== undefined ? { line: x.line } : {});
  p.throwIfAny(what);
}
