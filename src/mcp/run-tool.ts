// Runs one tool call: the verb as a child process of the built CLI with `-o json --no-input`, its stdout the
// result and its last stderr line, on failure, the CLI's JSON error object. A child per call keeps every verb's
// process-wide state (signal handlers, exit code, stdin, cwd-relative state files) its own, and a cancelled call
// is the verb's Ctrl-C: SIGINT, its clean-up, then SIGKILL after the grace period.
import { spawn } from 'node:child_process';
import { EXIT, EXIT_CODE_DOCS } from '../errors/exit-codes.js';
import { neutralize } from '../output/sanitize.js';

export interface RunRequest {
  argv: string[];
  env: NodeJS.ProcessEnv;
  /** The child's working directory. */
  cwd?: string;
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

/** The launcher this process was started with (bin/postctl.js): the child runs the same build. */
function launcher(): string {
  return process.argv[1]!;
}

export function runCli(req: RunRequest): Promise<RunOutcome> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [launcher(), ...req.argv], { env: req.env, cwd: req.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let outBytes = 0;
    let tooLarge = false;
    let errText = '';
    let pending = '';
    let cancelled = false;
    child.stdout.on('data', (d: Buffer) => {
      outBytes += d.length;
      if (outBytes > req.maxOutputBytes) {
        if (!tooLarge) child.kill('SIGINT');
        tooLarge = true;
        return;
      }
      out.push(d);
    });
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      if (errText.length < 1_000_000) errText += d;
      pending += d;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const l of lines) if (l.trim()) req.onLine?.(neutralize(l));
    });
    const onAbort = () => {
      cancelled = true;
      child.kill('SIGINT');
      setTimeout(() => child.kill('SIGKILL'), req.graceMs).unref();
    };
    if (req.signal.aborted) onAbort();
    else req.signal.addEventListener('abort', onAbort, { once: true });
    child.on('close', (code, sig) => {
      req.signal.removeEventListener('abort', onAbort);
      const lines = errText.split('\n').filter((l) => l.trim());
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
      resolve({
        code: code ?? (sig === 'SIGINT' ? EXIT.INTERRUPTED : EXIT.INTERNAL),
        stdout: Buffer.concat(out).toString('utf8'),
        notes: lines.map((l) => neutralize(l)),
        error,
        cancelled,
        tooLarge,
      });
    });
    child.on('error', (e) => resolve({ code: EXIT.INTERNAL, stdout: '', notes: [e.message], cancelled, tooLarge }));
  });
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
