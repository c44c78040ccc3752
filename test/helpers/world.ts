// The test world: a verb run in-process (src/entry/run-cli.ts) with the streams, environment, clock, stop
// signal and transport a test gives it — the emulator's own servers through a Dispatcher with no socket
// (src/emulator/in-process.ts). Waits pass on a TestClock: a 15-minute rate-limit wait is a step of the clock
// the emulator reads too, over in microseconds.
import { Readable, Writable } from 'node:stream';
import type { Dispatcher } from 'undici';
import { runClockOffset } from '../../bin/clock.js';
import { runCli as runInWorld } from '../../src/entry/run-cli.js';
import type { Clock, World } from '../../src/world/world.js';
import type { CommandTree } from '../../src/commands/define.js';

/** The whole CLI for the verbs that describe it (completion, mcp), as src/cli.ts installs it. */
const TREE: CommandTree = {
  program: async () => (await import('../../src/entry/program.js')).buildProgram(),
  manifests: async () => {
    const { TOP_WORDS } = await import('../../src/commands/groups.js');
    return (await Promise.all(TOP_WORDS.map((t) => t.load()))).map((m) => m.MANIFEST);
  },
};
import type { CliResult } from './cli.js';

/** Turns of the event loop let pass before the next sleeper wakes: I/O under way (a reply in memory, a loopback socket) lands first. */
const SETTLE_TURNS = 20;

/**
 * A clock whose waits are steps: sleep(ms) moves it ms ahead and resolves soon after, in the order of the
 * waking times (earliest first, the clock set to that sleeper's time), a few turns of the event loop apart
 * so what one wake set off (a request, a reply) happens before the next sleeper wakes. A server delay of
 * 40 s and a client's 60 s watch thus end in the order they would in time. Between waits it follows the
 * machine's clock (so a test's own timers and the server's timestamps agree).
 */
export class TestClock implements Clock {
  /** How far ahead of the machine's clock the waits have moved it, in ms. */
  skew = 0;
  /** Every wait asked of it, in order (a test reads what a run waited for). */
  readonly waits: number[] = [];
  private sleepers: Array<{ wake: number; seq: number; wakeUp: () => void }> = [];
  private seq = 0;
  private pumping = false;
  constructor(private readonly base: () => number = Date.now) {}
  now(): number {
    return this.base() + this.skew;
  }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      this.waits.push(ms);
      // Waits that run side by side overlap, as they do in time: each wakes at its own time, not after the others.
      const sleeper = {
        wake: this.now() + Math.max(0, ms),
        seq: this.seq++,
        wakeUp: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      // A wait given up leaves at once: it moves the clock no further.
      const onAbort = () => {
        this.sleepers = this.sleepers.filter((s) => s !== sleeper);
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.sleepers.push(sleeper);
      this.pump();
    });
  }
  /** Wakes the earliest sleeper once the loop has settled, then the next, until none is left. */
  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    const step = (turns: number): void => {
      if (turns > 0) return void setImmediate(step, turns - 1);
      this.pumping = false;
      if (!this.sleepers.length) return;
      let first = this.sleepers[0]!;
      for (const s of this.sleepers) if (s.wake < first.wake || (s.wake === first.wake && s.seq < first.seq)) first = s;
      this.sleepers = this.sleepers.filter((s) => s !== first);
      this.skew = Math.max(this.skew, first.wake - this.base());
      first.wakeUp();
      if (this.sleepers.length) this.pump();
    };
    setImmediate(step, SETTLE_TURNS - 1);
  }
  /** A clock that is this one moved by `offsetMs` (POSTCTL_NOW): waits still step this one. */
  moved(offsetMs: number): Clock {
    return { now: () => this.now() + offsetMs, sleep: (ms, signal) => this.sleep(ms, signal) };
  }
}

export interface WorldRun {
  env: Record<string, string | undefined>;
  input?: string | Buffer | undefined;
  /** The run's directory, entered for the run (relative paths in argv resolve there); runs with one take turns. */
  cwd?: string | undefined;
  /** The run's directory as the world says it (files postctl names itself go there), without entering it. */
  worldCwd?: string | undefined;
  clock?: TestClock | undefined;
  dispatcher?: Dispatcher | undefined;
  /** Stops the run from outside, as a signal does the process (the verb sees an Interrupted). */
  signal?: AbortSignal | undefined;
  timeoutMs?: number | undefined;
}

/** A stream that keeps what is written, synchronously (so a run's last line is there when it returns). */
class Collected extends Writable {
  private chunks: Buffer[] = [];
  override _write(chunk: Buffer | string, encoding: BufferEncoding, cb: (e?: Error | null) => void): void {
    this.chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk);
    cb();
  }
  get text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/** stdin: the given bytes, then its end (a child's stdin closed after the input). */
function stdinOf(input: string | Buffer | undefined): Readable {
  const stream = new Readable({ read() {} });
  if (input?.length) stream.push(typeof input === 'string' ? Buffer.from(input) : input);
  stream.push(null);
  return stream;
}

/** One command line run in-process: the same result shape as a child's (test/helpers/cli.ts). */
export async function runInProcess(args: string[], run: WorldRun): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(run.env)) if (v !== undefined) env[k] = v;
  const clock = run.clock ?? new TestClock();
  // POSTCTL_NOW moves this run's clock, as the launcher moves a process's; a value it cannot read is the
  // verb's exit 6 (src/entry/run-verb.ts), on the unmoved clock.
  const offset = env.POSTCTL_NOW ? runClockOffset(env.POSTCTL_NOW, clock.now()) : 0;
  const stdout = new Collected();
  const stderr = new Collected();
  const stop = new AbortController();
  run.signal?.addEventListener('abort', () => stop.abort(run.signal?.reason), { once: true });
  const world: World = {
    stdin: stdinOf(run.input),
    stdout,
    stderr,
    stdinTTY: false,
    stdoutTTY: false,
    stderrTTY: false,
    env,
    cwd: run.cwd ?? run.worldCwd ?? process.cwd(),
    clock: typeof offset === 'number' && offset !== 0 ? clock.moved(offset) : clock,
    signal: stop.signal,
    dispatcher: run.dispatcher,
    argv: args,
  };
  const timer = setTimeout(() => stop.abort(new Error(`in-process run timed out: postctl ${args.join(' ')}`)), run.timeoutMs ?? 45_000);
  let code: number;
  try {
    const go = () => runInWorld(args, world, { tree: TREE });
    code = run.cwd ? await inDirectory(run.cwd, go) : await go();
  } finally {
    clearTimeout(timer);
  }
  stdout.end();
  stderr.end();
  const out = stdout.text;
  const err = stderr.text;
  return {
    code,
    signal: null,
    stdout: out,
    stderr: err,
    json: () => JSON.parse(out),
    errorJson: () => JSON.parse(err.trim().split('\n').pop() ?? ''),
  };
}

let directoryTurn: Promise<unknown> = Promise.resolve();

/**
 * Runs `fn` with the process in `dir`: relative paths in argv resolve there, as in a child started there. The
 * working directory is the process's, so runs that need one take turns (tests running side by side).
 */
function inDirectory<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const turn = directoryTurn.then(async () => {
    const before = process.cwd();
    process.chdir(dir);
    try {
      return await fn();
    } finally {
      process.chdir(before);
    }
  });
  directoryTurn = turn.catch(() => undefined);
  return turn;
}
