// Runs one verb: builds the context, imports the implementation, maps the result to an exit code.
import type { VerbSpec } from './commands/define.js';
import { Context, type GlobalOptions } from './context.js';
import { Interrupted } from './errors.js';
import { processIO } from './io.js';
import { setErrorContext } from './render-state.js';

export async function runVerb(spec: VerbSpec, args: string[], opts: Record<string, any>, globals: GlobalOptions): Promise<void> {
  const io = processIO({ noInput: globals.input === false });
  const ctx = await Context.create(io, globals);
  setErrorContext({ format: ctx.format, verbose: Boolean(globals.verbose), chalk: ctx.chalk, redact: (s) => ctx.redactor.text(s) });
  const onSigint = () => {
    ctx.abort.abort(new Interrupted());
    // A second Ctrl-C does not wait for cleanup.
    process.once('SIGINT', () => process.exit(130));
  };
  process.once('SIGINT', onSigint);
  try {
    const mod = await spec.load();
    const code = await mod.run(args, opts, ctx);
    process.exitCode = typeof code === 'number' ? code : 0;
  } finally {
    process.removeListener('SIGINT', onSigint);
    await ctx.close();
  }
}
