// Runs one verb: builds the context, imports the implementation, maps the result to an exit code.
import { Context, type GlobalOptions } from './context.js';
import { InputError, Interrupted, UsageError } from '../errors/cli-error.js';
import { runClockOffset } from '../../bin/clock.js';
import { EXIT } from '../errors/exit-codes.js';
import { envNumber } from '../config/env-number.js';
import { processIO } from './io.js';
import { setErrorContext } from '../errors/context.js';
import { COMMON_FORMATS, type Format } from '../output/format.js';

/**
 * What the runner needs of a verb: its extra output formats and how to load what runs it. Spelt out
 * here (commands/define.ts's VerbSpec satisfies it) because define.ts imports this module lazily to run a
 * parsed verb, and importing define.ts back would close a circle.
 */
interface RunnableVerb {
  formats?: readonly Format[] | undefined;
  load(): Promise<{ run(args: string[], opts: Record<string, unknown>, ctx: Context): Promise<number | void> }>;
}

type Signal = 'SIGINT' | 'SIGTERM' | 'SIGHUP';
const SIGNAL_EXIT: Record<Signal, number> = { SIGINT: EXIT.INTERRUPTED, SIGTERM: EXIT.TERMINATED, SIGHUP: EXIT.HANGUP };
const SIGNALS = Object.keys(SIGNAL_EXIT) as Signal[];

/**
 * Ends the process by the signal itself, with its default action: the shell sees
 * 128 + the signal number. Not process.exit(): at exit libuv joins its thread
 * pool, and a thread blocked in open() (a FIFO with no writer) never returns, so
 * process.exit() would hang for ever — not even a second SIGTERM would end such a run.
 */
function dieBy(sig: Signal): never {
  process.removeAllListeners(sig);
  process.kill(process.pid, sig);
  // The default action is immediate; this is only reached if the signal is blocked.
  process.exit(SIGNAL_EXIT[sig]);
}

export async function runVerb(spec: RunnableVerb, args: string[], opts: Record<string, unknown>, globals: GlobalOptions): Promise<void> {
  const io = processIO({ noInput: globals.input === false });
  const ctx = await Context.create(io, globals);
  if (typeof opts.reason === 'string') ctx.journalRun.reason = opts.reason;
  // How long the clean-up after a signal may take before the process exits anyway (default 10 s).
  const graceMs = envNumber(io.env, 'POSTCTL_STOP_GRACE_MS', { fallback: 10_000, min: 1, max: 600_000 });
  setErrorContext({
    format: ctx.format,
    verbose: Boolean(globals.verbose),
    stderrTTY: ctx.io.stderrTTY,
    chalk: ctx.chalk,
    redact: (s) => ctx.redactor.text(s),
  });
  // SIGTERM (cron, systemd, timeout) and SIGHUP (terminal closed) stop a job
  // the way Ctrl-C does — summary, NOT_SENT list, state flushed, temporary
  // files removed — and exit with the shell's code for the signal.
  let stopping = false;
  const onSignal = (sig: Signal) => {
    const code = SIGNAL_EXIT[sig];
    // A second signal does not wait for cleanup.
    if (stopping) dieBy(sig);
    stopping = true;
    // The clean-up has a bounded time: whatever it waits on (a blocked read, a hung server), the signal ends the process.
    setTimeout(() => dieBy(sig), graceMs).unref();
    ctx.abort.abort(new Interrupted(sig === 'SIGINT' ? 'interrupted' : `stopped by ${sig}`, code));
  };
  for (const sig of SIGNALS) process.on(sig, onSignal);
  try {
    if (!COMMON_FORMATS.includes(ctx.format) && !spec.formats?.includes(ctx.format))
      throw new UsageError(
        `-o ${ctx.format} is not an output of this command (it is the report page of ads stats)`,
        'use -o table, json, jsonl or csv',
      );
    // The launcher moved the clock already (bin/clock.js); a value it could not read is refused here, for every verb.
    const clock = runClockOffset(io.env.POSTCTL_NOW, Date.now());
    if (typeof clock === 'string') throw new InputError(clock);
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
