// Commands as a user pastes them: bash (pipefail) in a directory, with `postctl` on PATH as after `npm link`.
import { execFile } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, sharedCodeCache, tempDir } from './cli.js';

/** A fresh directory holding a `postctl` script that runs the built CLI (and whatever files the caller writes). */
export function linkedDir(prefix = 'postctl-shell-'): string {
  const dir = tempDir(prefix);
  writeFileSync(join(dir, 'postctl'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`);
  chmodSync(join(dir, 'postctl'), 0o755);
  return dir;
}

/**
 * Runs `command` in `dir` (its `postctl` first on PATH), stdout discarded; the exit code and stderr. After 30 s
 * the whole process group is killed (code null), so a command that never ends leaves no postctl behind.
 */
export function shellRun(command: string, dir: string, env: Record<string, string | undefined>): Promise<{ code: number; stderr: string }> {
  const full = sharedCodeCache({ ...env, PATH: `${dir}:${process.env.PATH}` }) as NodeJS.ProcessEnv;
  // detached: bash leads its own process group, so the timeout can end everything it started.
  const options = { env: full, cwd: dir, detached: true, encoding: 'utf8' as const };
  return new Promise((resolve) => {
    const child = execFile('bash', ['-o', 'pipefail', '-c', `${command} > /dev/null`], options, (e, _out, stderr) => {
      clearTimeout(timer);
      resolve(e ? { code: e.code as number, stderr } : { code: 0, stderr: '' });
    });
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 30_000);
  });
}
