// The world a run lives in: its streams, environment, clock, sleep, outside abort signal, config root and HTTP
// transport. The launcher builds the real one (processWorld); a test builds its own (test/helpers/world.ts), so a
// verb runs in-process against the emulator with a clock it controls. Nothing below the launcher reads
// process-wide state for these: it reads the world it was given.
import type { Dispatcher } from 'undici';
// The one abortable timer sleep (an abort rejects at once with the signal's reason).
import { sleep } from '../http/backoff.js';

export interface Clock {
  /** Milliseconds since the epoch, as Date.now(). */
  now(): number;
  /** Waits ms (rejects with the signal's reason when it aborts first). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface World {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdinTTY: boolean;
  stdoutTTY: boolean;
  stderrTTY: boolean;
  env: NodeJS.ProcessEnv;
  /**
   * Where the run's config lives; absent: from env (POSTCTL_CONFIG_DIR, XDG_CONFIG_HOME, HOME: src/config/paths.ts).
   * Given, it is the run's POSTCTL_CONFIG_DIR.
   */
  configRoot?: string | undefined;
  /** The directory relative paths of the run resolve against. */
  cwd: string;
  clock: Clock;
  /** Aborts the run from outside (the launcher's signal handlers; a test's stop). */
  signal?: AbortSignal | undefined;
  /** The HTTP transport every client of the run uses; undefined: undici's own agent per client. */
  dispatcher?: Dispatcher | undefined;
  /** The command line after the program (the change journal records it). */
  argv: readonly string[];
  /**
   * Turns the process's stop signals into `stop` while a verb runs (the launcher's: SIGINT, SIGTERM, SIGHUP with
   * a bounded clean-up); returns the undo. A test world has none: it stops a run through `signal`.
   */
  trapSignals?: ((stop: (reason: import('../errors/cli-error.js').Interrupted) => void) => () => void) | undefined;
}

/** The machine's clock (moved already by the launcher when POSTCTL_NOW is set: bin/clock.js). */
export const SYSTEM_CLOCK: Clock = { now: () => Date.now(), sleep };
