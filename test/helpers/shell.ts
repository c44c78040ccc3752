// Commands as a user pastes them: bash (pipefail) in a directory, with `postctl` on PATH as after `npm link`.
import { execFile } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { BIN, tempDir } from './cli.js';

const exec = promisify(execFile);

/** A fresh directory holding a `postctl` script that runs the built CLI (and whatever files the caller writes). */
export function linkedDir(prefix = 'postctl-shell-'): string {
  const dir = tempDir(prefix);
  writeFileSync(join(dir, 'postctl'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`);
  chmodSync(join(dir, 'postctl'), 0o755);
  return dir;
}

/** Runs `command` in `dir` (its `postctl` first on PATH), stdout discarded; the exit code and stderr. */
export function shellRun(command: string, dir: string, env: Record<string, string | undefined>): Promise<{ code: number; stderr: string }> {
  const full = { ...env, PATH: `${dir}:${process.env.PATH}` } as NodeJS.ProcessEnv;
  return exec('bash', ['-o', 'pipefail', '-c', `${command} > /dev/null`], { env: full, cwd: dir, timeout: 30_000 }).then(
    () => ({ code: 0, stderr: '' }),
    (e: { code: number; stderr: string }) => ({ code: e.code, stderr: e.stderr }),
  );
}
