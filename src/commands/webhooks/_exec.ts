// `webhooks listen --exec CMD`: one run of the user's command per event, the
// event as one JSON line on its stdin, its output passed through. Runs one at
// a time, in arrival order, so a handler never sees two events at once.
import { spawn } from 'node:child_process';
import type { Context } from '../../entry/context.js';

/** Runs `command` through the shell with `input` on stdin; resolves with its exit code (or the signal's name). */
function runOnce(ctx: Context, command: string, input: string): Promise<number | string> {
  return new Promise((resolve) => {
    const child = spawn(command, { shell: true, env: ctx.env, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.on('data', (d: Buffer) => ctx.io.stdout.write(d));
    child.stderr.on('data', (d: Buffer) => ctx.io.stderr.write(d));
    child.on('error', (e) => resolve(e.message));
    child.on('close', (code, signal) => resolve(code ?? signal ?? 'unknown'));
    // A command that does not read its stdin closes the pipe early: not an error of ours.
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}

/** A queue: each event's run starts when the one before it has ended. */
export function serialExec(ctx: Context, command: string): { run(line: string): Promise<boolean>; idle(): Promise<void> } {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    run(line) {
      const done = tail.then(async () => {
        const result = await runOnce(ctx, command, line);
        if (result === 0) return true;
        ctx.log.warn(
          `--exec ended with ${typeof result === 'number' ? `exit code ${result}` : result} for an event; answered 500 so the service may deliver it again`,
        );
        return false;
      });
      tail = done;
      return done;
    },
    idle: () => tail.then(() => undefined),
  };
}
