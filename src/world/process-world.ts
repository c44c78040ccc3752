// The real world, built by the launchers (src/cli.ts, src/api-script.ts) and nowhere else: this process's streams,
// environment, working directory and clock, and its signals. The only module below the launchers that touches
// process-wide state; everything it builds reaches the verbs as a World.
import { isatty } from 'node:tty';
import { Interrupted } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { envNumber } from '../config/env-number.js';
import { SYSTEM_CLOCK, type World } from './world.js';

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

export function processWorld(argv: readonly string[] = process.argv.slice(2)): World {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    // A getter: the first read of process.stdin builds its stream (for cron's /dev/null an fs.ReadStream which on
    // Node 22+ loads a dozen built-in modules); a run that never reads stdin never pays for it.
    get stdin() {
      return process.stdin;
    },
    stdoutTTY: Boolean(process.stdout.isTTY),
    stderrTTY: Boolean(process.stderr.isTTY),
    // isatty(0), not process.stdin.isTTY: the same test without building the stream (above).
    stdinTTY: isatty(0),
    env: process.env,
    cwd: process.cwd(),
    clock: SYSTEM_CLOCK,
    argv,
    trapSignals: trapProcessSignals,
  };
}

/**
 * SIGTERM (cron, systemd, timeout) and SIGHUP (terminal closed) stop a job the way Ctrl-C does — summary,
 * NOT_SENT list, state flushed, temporary files removed — and exit with the shell's code for the signal. The
 * clean-up has a bounded time (POSTCTL_STOP_GRACE_MS, default 10 s): whatever it waits on (a blocked read, a hung
 * server), the signal ends the process then; a second signal ends it at once.
 */
function trapProcessSignals(stop: (reason: Interrupted) => void): () => void {
  const graceMs = envNumber(process.env, 'POSTCTL_STOP_GRACE_MS', { fallback: 10_000, min: 1, max: 600_000 });
  let stopping = false;
  const onSignal = (sig: Signal) => {
    if (stopping) dieBy(sig);
    stopping = true;
    setTimeout(() => dieBy(sig), graceMs).unref();
    stop(new Interrupted(sig === 'SIGINT' ? 'interrupted' : `stopped by ${sig}`, SIGNAL_EXIT[sig]));
  };
  for (const sig of SIGNALS) process.on(sig, onSignal);
  return () => {
    for (const sig of SIGNALS) process.removeListener(sig, onSignal);
  };
}

/** Piping into `head` ends quietly. */
export function quietOnEpipe(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
}
