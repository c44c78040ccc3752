// Runs one tool call in-process: the verb's command line (`-o json --no-input`) in a world of its own (its
// stdout collected as the result, its stderr as progress lines and, on failure, the CLI's JSON error object on
// the last line; no stdin; the call's environment, working directory and stop signal), through the launcher's
// runner. In-process, not a child of the built CLI: a child cost 380–550 ms of start-up a call and opened its own
// connections, where here the loaded modules and the server's one keep-alive agent serve every call. The verbs
// read no process-wide state (streams, env, cwd, clock, signals: all are the world's, src/world/world.ts), so
// calls side by side do not see each other's. A cancelled call is the verb's Ctrl-C: its signal aborts (its
// requests with it), it cleans up and answers 130; one that has not ended after the grace period is left
// behind, its output dropped, and the call answers as cancelled.
import { Readable, Writable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { Dispatcher } from 'undici';
import { Interrupted } from '../errors/cli-error.js';
import { EXIT, EXIT_CODE_DOCS } from '../errors/exit-codes.js';
import { neutralize } from '../output/sanitize.js';
import type { Clock, World } from '../world/world.js';

/** The launcher's runner: one command line in a world, its exit code (commands/define.ts CommandTree.run). */
export type Runner = (args: readonly string[], world: World) => Promise<number>;

export interface RunRequest {
  argv: string[];
  env: NodeJS.ProcessEnv;
  /** The run's working directory (files the verb names itself, such as a stats job's state, go there). */
  cwd: string;
  clock: Clock;
  /** The server's one transport, shared by every call. */
  dispatcher: Dispatcher | undefined;
  run: Runner;
  signal: AbortSignal;
  /** Each stderr line as it comes (progress, retries, warnings). */
  onLine?: (line: string) => void;
  maxOutputBytes: number;
  graceMs: number;
}

export interface RunOutcome {
  code: number;
  stdout: string;
  /** stderr without the trailing JSON error line. */
  notes: string[];
  error?: Record<string, unknown>;
  cancelled: boolean;
  tooLarge: boolean;
}

/** stderr lines kept for the result (the last 20 are shown), and the longest line kept whole (an error object). */
const KEEP_LINES = 200;
const MAX_LINE = 1_000_000;

/** stdout up to a cap: past it, what comes is dropped and `over` is called once (the run is stopped). */
class CappedOutput extends Writable {
  private chunks: Buffer[] = [];
  private bytes = 0;
  tooLarge = false;
  /** The call has answered: what a verb left behind still writes is dropped. */
  answered = false;
  constructor(
    private readonly max: number,
    private readonly over: () => void,
  ) {
    super();
  }
  override _write(chunk: Buffer | string, encoding: BufferEncoding, cb: (e?: Error | null) => void): void {
    const b = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
    if (!this.tooLarge && !this.answered) {
      this.bytes += b.length;
      if (this.bytes > this.max) {
        this.tooLarge = true;
        this.chunks = [];
        this.over();
      } else this.chunks.push(b);
    }
    cb();
  }
  get text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/** stderr split into lines as they come: each handed on, the last ones kept. */
class LineOutput extends Writable {
  readonly lines: string[] = [];
  private pending = '';
  /** The call has answered: later lines (a timer a verb left running) reach no one. */
  answered = false;
  // A character split across two writes is decoded whole.
  private readonly decoder = new StringDecoder('utf8');
  constructor(private readonly onLine: ((line: string) => void) | undefined) {
    super({ decodeStrings: false });
  }
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, cb: (e?: Error | null) => void): void {
    if (this.answered) return cb();
    this.pending += typeof chunk === 'string' ? chunk : this.decoder.write(chunk);
    const parts = this.pending.split('\n');
    this.pending = parts.pop()!.slice(0, MAX_LINE);
    for (const l of parts) this.line(l);
    cb();
  }
  private line(l: string): void {
    if (!l.trim()) return;
    this.lines.push(l.slice(0, MAX_LINE));
    if (this.lines.length > KEEP_LINES) this.lines.shift();
    this.onLine?.(neutralize(l));
  }
  flushLine(): void {
    this.line(this.pending);
    this.pending = '';
  }
}

export async function runTool(req: RunRequest): Promise<RunOutcome> {
  const stop = new AbortController();
  let cancelled = false;
  const stdout = new CappedOutput(req.maxOutputBytes, () => stop.abort(new Interrupted('the output passed the result cap')));
  const stderr = new LineOutput(req.onLine);
  const world: World = {
    stdin: Readable.from([]),
    stdout,
    stderr,
    stdinTTY: false,
    stdoutTTY: false,
    stderrTTY: false,
    env: req.env,
    cwd: req.cwd,
    clock: req.clock,
    signal: stop.signal,
    dispatcher: req.dispatcher,
    argv: req.argv,
    // No traps: the server's own signals stop the server, which stops its calls through `signal`.
    trapSignals: undefined,
  };
  const onAbort = () => {
    cancelled = true;
    stop.abort(new Interrupted('cancelled by the MCP client'));
  };
  if (req.signal.aborted) onAbort();
  else req.signal.addEventListener('abort', onAbort, { once: true });
  // A stopped verb has the grace period for its clean-up; one still running then is left behind.
  let timer: NodeJS.Timeout | undefined;
  const abandoned = new Promise<number>((resolve) => {
    const start = () => {
      timer = setTimeout(() => resolve(EXIT.INTERRUPTED), req.graceMs);
      timer.unref();
    };
    if (stop.signal.aborted) start();
    else stop.signal.addEventListener('abort', start, { once: true });
  });
  let code: number;
  try {
    code = await Promise.race([req.run(req.argv, world), abandoned]);
  } catch (e) {
    // The runner renders every failure of a verb; what reaches here is a fault of the runner itself.
    stderr.write(`${(e as Error)?.message ?? String(e)}\n`);
    code = EXIT.INTERNAL;
  } finally {
    clearTimeout(timer);
    req.signal.removeEventListener('abort', onAbort);
  }
  stderr.flushLine();
  stdout.answered = true;
  stderr.answered = true;
  const lines = [...stderr.lines];
  let error: Record<string, unknown> | undefined;
  const last = lines.at(-1);
  if (code !== 0 && last?.startsWith('{')) {
    try {
      error = JSON.parse(last) as Record<string, unknown>;
      lines.pop();
    } catch {
      error = undefined;
    }
  }
  return {
    code,
    stdout: stdout.tooLarge ? '' : stdout.text,
    notes: lines.map((l) => neutralize(l)),
    error,
    cancelled,
    tooLarge: stdout.tooLarge,
  };
}

/** The documented meaning of an exit code (`postctl help exit-codes`). */
export function exitMeaning(code: number): string {
  return EXIT_CODE_DOCS.find(([c]) => c === code)?.[1] ?? 'unknown exit code';
}

/**
 * stdout as JSON: one document (an object, or a list wrapped as `{ items }`), else JSON lines as `{ items }`,
 * else the text itself as `{ text }`. structuredContent must be an object.
 */
export function structured(stdout: string): Record<string, unknown> {
  const text = stdout.trim();
  if (!text) return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { items: v };
  } catch {
    try {
      return { items: text.split('\n').map((l) => JSON.parse(l) as unknown) };
    } catch {
      return { text: neutralize(text, true) };
    }
  }
}
