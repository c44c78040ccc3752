// The process's streams and what they are connected to. Everything that decides
// "is a person there?" reads from here.
import { isatty } from 'node:tty';

export interface IO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdoutTTY: boolean;
  stderrTTY: boolean;
  stdinTTY: boolean;
  /** stdin and stdout are TTYs, CI is unset, and neither --no-input nor POSTCTL_NO_INPUT was given. */
  interactive: boolean;
  env: NodeJS.ProcessEnv;
  /** The run's clock; absent: the machine's (src/world/world.ts). */
  clock?: import('../world/world.js').Clock;
}

function truthyEnv(v: string | undefined): boolean {
  return v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
}

export function processIO(opts: { noInput?: boolean } = {}, env: NodeJS.ProcessEnv = process.env): IO {
  const stdoutTTY = Boolean(process.stdout.isTTY);
  const stderrTTY = Boolean(process.stderr.isTTY);
  // isatty(0), not process.stdin.isTTY: the first read of process.stdin builds its stream, and for a file
  // such as cron's /dev/null that is an fs.ReadStream, which on Node 22+ loads fs/promises, readline and
  // the REPL history (eleven built-in modules) in a call that never reads stdin. Same uv_guess_handle test.
  const stdinTTY = isatty(0);
  const interactive = stdinTTY && stdoutTTY && !truthyEnv(env.CI) && !opts.noInput && !truthyEnv(env.POSTCTL_NO_INPUT);
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    get stdin() {
      return process.stdin;
    },
    stdoutTTY,
    stderrTTY,
    stdinTTY,
    interactive,
    env,
  };
}
