// Runs one verb: builds the context, imports the implementation, maps the result to an exit code.
import type { VerbSpec } from './commands/define.js';
import { Context, type GlobalOptions } from './context.js';
import { Interrupted } from './errors.js';
import { EXIT } from './exit-codes.js';
import { processIO } from './io.js';
import { setErrorContext } from './render-state.js';

type Signal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';
const SIGNAL_EXIT: Record<Signal, number> = { SIGINT: EXIT.INTERRUPTED, SIGTERM: EXIT.TERMINATED, SIGHUP: EXIT.HANGUP };
const SIGNALS = Object.keys(SIGNAL_EXIT) as Signal[];
/** How long the clean-up after a signal may take before the process exits anyway. */
const STOP_GRACE_MS = 10_000;

export async function runVerb(spec: VerbSpec, args: string[], opts: Record<string, unknown>, globals: GlobalOptions): Promise<void> {
  const io = processIO({ noInput: globals.input === false });
  const ctx = await Context.create(io, globals);
  setErrorContext({ format: ctx.format, verbose: Boolean(globals.verbose), chalk: ctx.chalk, redact: (s) => ctx.redactor.text(s) });
  // SIGTERM (cron, systemd, timeout) and SIGHUP (terminal closed) stop a job
  // the way Ctrl-C does — summary, NOT_SENT list, state flushed, temporary
  // files removed — and exit with the shell's code for the signal.
  let stopping = false;
  const onSignal = (sig: Signal) => {
    const code = SIGNAL_EXIT[sig];
    // A second signal does not wait for cleanup.
    if (stopping) process.exit(code);
    stopping = true;
    // The clean-up has a bounded time: whatever it waits on (a blocked read, a hung server), the signal ends the process.
    setTimeout(() => process.exit(code), STOP_GRACE_MS).unref();
    ctx.abort.abort(new Interrupted(sig === 'SIGINT' ? 'interrupted' : `stopped by ${sig}`, code));
  };
  for (const sig of SIGNALS) process.on(sig, onSignal);
  try {
    const mod = await spec.load();
    let code: number | void;
    try {
      code = await mod.run(args, opts, ctx);
    } catch (e) {
      // Code that sees the abort throws a plain Interrupted (130): the signal's own error has the right code.
      throw e instanceof Interrupted && ctx.signal.reason instanceof Interrupted ? ctx.signal.reason : e;
    }
    if (code === EXIT.INTERRUPTED && ctx.signal.reason instanceof Interrupted) code = ctx.signal.reason.exitCode;
    process.exitCode = typeof code === 'number' ? code : 0;
  } finally {
    for (const sig of SIGNALS) process.removeListener(sig, onSignal);
    await ctx.close();
  }
}
