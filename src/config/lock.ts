// An advisory lock file around read-modify-write of the config, so two
// processes writing at once never lose each other's update. The lock holds the
// owner's pid; a lock whose owner is gone (kill -9) or that is older than
// STALE_MS is broken.
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import { CliError } from '../errors.js';

const STALE_MS = 15_000;
const TIMEOUT_MS = 20_000;

function ownerAlive(path: string): boolean {
  try {
    const pid = Number(readFileSync(path, 'utf8').split(' ')[0]);
    if (!Number.isInteger(pid) || pid <= 0) return false;
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

export function withFileLock<T>(target: string, fn: () => T): T {
  const lockPath = `${target}.lock`;
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx', 0o600);
      writeSync(fd, `${process.pid} ${new Date().toISOString()}`);
      closeSync(fd);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let age = 0;
      try {
        age = Date.now() - statSync(lockPath).mtimeMs;
      } catch {
        continue; // released between our open and stat
      }
      if (age > STALE_MS || (age > 200 && !ownerAlive(lockPath))) {
        rmSync(lockPath, { force: true });
        continue;
      }
      if (Date.now() - started > TIMEOUT_MS) {
        throw new CliError(`the config file is locked by another postctl process (${lockPath})`, { exitCode: 1, code: 'config_locked', hint: 'If no other postctl is running, remove the lock file.' });
      }
      sleepSync(Math.min(50, 5 + attempt * 2) + Math.random() * 10);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lockPath, { force: true });
  }
}
