// An advisory lock file around read-modify-write of the config, so two
// processes writing at once never lose each other's update. The lock holds the
// owner's pid and start time; a lock whose owner is gone (kill -9) or that is
// older than STALE_MS is broken — by renaming it aside and checking that the
// file moved is the one judged stale, so a fresh owner's lock is never removed.
import { closeSync, linkSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { CliError } from '../errors.js';

const STALE_MS = 15_000;
const TIMEOUT_MS = 20_000;

function pidAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Removes the lock if it is stale; true when the caller should try to acquire again at once. */
function breakIfStale(lockPath: string): boolean {
  let content: string;
  let age: number;
  try {
    content = readFileSync(lockPath, 'utf8');
    age = Date.now() - statSync(lockPath).mtimeMs;
  } catch {
    return true; // released meanwhile
  }
  const pid = Number(content.split(' ')[0]);
  // An empty file is an owner killed between creating and writing it.
  const dead = content === '' ? age > 1000 : !pidAlive(pid);
  if (!dead && age <= STALE_MS) return false;
  const aside = `${lockPath}.${process.pid}.${Date.now()}.stale`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return true; // someone else broke it first
  }
  let moved = '';
  try {
    moved = readFileSync(aside, 'utf8');
  } catch {
    /* vanished */
  }
  if (moved !== content) {
    // A new owner's lock was moved: put it back unless the slot was taken again.
    try {
      linkSync(aside, lockPath);
    } catch {
      /* taken: that owner now holds the slot */
    }
  }
  rmSync(aside, { force: true });
  return moved === content;
}

/** One attempt: 'held' when the lock is ours, 'retry' to try again at once, 'wait' to sleep first. */
function tryAcquire(lockPath: string, started: number): 'held' | 'retry' | 'wait' {
  try {
    const fd = openSync(lockPath, 'wx', 0o600);
    writeSync(fd, `${process.pid} ${new Date().toISOString()}`);
    closeSync(fd);
    return 'held';
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    if (breakIfStale(lockPath)) return 'retry';
    if (Date.now() - started > TIMEOUT_MS) {
      throw new CliError(`the config file is locked by another postctl process (${lockPath})`, {
        exitCode: 1,
        code: 'config_locked',
        hint: 'If no other postctl is running, remove the lock file.',
      });
    }
    return 'wait';
  }
}

const pause = (attempt: number) => Math.min(50, 5 + attempt * 2) + Math.random() * 10;

export function withFileLock<T>(target: string, fn: () => T): T {
  const lockPath = `${target}.lock`;
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    const r = tryAcquire(lockPath, started);
    if (r === 'held') break;
    if (r === 'wait') sleepSync(pause(attempt));
  }
  try {
    return fn();
  } finally {
    rmSync(lockPath, { force: true });
  }
}

/**
 * The same lock held across asynchronous work (an OAuth 2.0 token refresh, a
 * network call): waits without blocking the event loop. Use a target of its
 * own, not the config file's, since `ConfigStore.update` takes that one inside.
 */
export async function withFileLockAsync<T>(target: string, fn: () => Promise<T>): Promise<T> {
  const lockPath = `${target}.lock`;
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    const r = tryAcquire(lockPath, started);
    if (r === 'held') break;
    if (r === 'wait') await new Promise((res) => setTimeout(res, pause(attempt)));
  }
  try {
    return await fn();
  } finally {
    rmSync(lockPath, { force: true });
  }
}
