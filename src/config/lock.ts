// An advisory lock file around read-modify-write of the config, so two
// processes writing at once never lose each other's update. The lock holds the
// owner's pid and start time; a lock whose owner is gone (kill -9) or that is
// older than the stale age is broken — by renaming it aside and checking that the
// file moved is the one judged stale, so a fresh owner's lock is never removed.
// A holder of the asynchronous lock (an OAuth 2.0 refresh that may take longer
// than the stale age) renews it with a heartbeat, so a living holder is never
// judged stale and a refresh token is never spent twice.
import { closeSync, constants, futimesSync, linkSync, lstatSync, openSync, renameSync, rmSync, utimesSync, writeSync } from 'node:fs';
import { CliError } from '../errors/cli-error.js';
import { envNumber } from './env-number.js';
import { readOrRefuse } from './safe-file.js';
import { realNow } from '../../bin/clock.js';

/**
 * The lock's text, or undefined when it is gone. Read by the safe-file rule: a FIFO, device or link
 * planted at the lock path is exit 2 naming it, never a read that waits for a writer.
 */
function readLock(lockPath: string): string | undefined {
  return readOrRefuse(lockPath, 'lock file', { max: 4096 })?.toString('utf8');
}

/** Age after which a lock that is not renewed is stale (POSTCTL_LOCK_STALE_MS; 15 s). */
const staleMs = (): number => envNumber(process.env, 'POSTCTL_LOCK_STALE_MS', { fallback: 15_000, min: 100, max: 3_600_000 });
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
  let content: string | undefined;
  let age: number;
  try {
    content = readLock(lockPath);
    if (content === undefined) return true; // released meanwhile
    // File times are the machine's: compared with its clock, not the run's (which POSTCTL_NOW may move).
    age = realNow() - lstatSync(lockPath).mtimeMs;
  } catch (e) {
    if (e instanceof CliError) throw e;
    return true; // released meanwhile
  }
  const pid = Number(content.split(' ')[0]);
  // An empty file is an owner killed between creating and writing it.
  const dead = content === '' ? age > 1000 : !pidAlive(pid);
  if (!dead && age <= staleMs()) return false;
  const aside = `${lockPath}.${process.pid}.${Date.now()}.stale`;
  try {
    renameSync(lockPath, aside);
  } catch {
    return true; // someone else broke it first
  }
  let moved = '';
  try {
    moved = readLock(aside) ?? '';
  } catch {
    /* vanished, or not a file: not the lock judged stale */
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
function tryAcquire(lockPath: string, started: number, waitMs = TIMEOUT_MS): 'held' | 'retry' | 'wait' {
  try {
    const fd = openSync(lockPath, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
    writeSync(fd, `${process.pid} ${new Date().toISOString()}`);
    // The lock's age is its mtime against realNow(): stamped here by the same clock, not left to the file
    // system's (another host's on a network file system; the kernel's under a faked libc clock).
    const at = new Date(realNow());
    futimesSync(fd, at, at);
    closeSync(fd);
    return 'held';
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    if (breakIfStale(lockPath)) return 'retry';
    if (Date.now() - started > waitMs) {
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
  const stale = staleMs();
  // A waiter gives up only after the holder could have finished: the lock is renewed, not aged out.
  for (let attempt = 0; ; attempt++) {
    const r = tryAcquire(lockPath, started, Math.max(TIMEOUT_MS, stale * 4));
    if (r === 'held') break;
    if (r === 'wait') await new Promise((res) => setTimeout(res, pause(attempt)));
  }
  const mine = readLock(lockPath) ?? '';
  const heartbeat = setInterval(() => renew(lockPath, mine), Math.max(30, Math.floor(stale / 3)));
  heartbeat.unref();
  try {
    return await fn();
  } finally {
    clearInterval(heartbeat);
    try {
      if (readLock(lockPath) === mine) rmSync(lockPath, { force: true });
    } catch {
      /* already gone */
    }
  }
}

/** The heartbeat: touches the lock while it is still this holder's (never another's that replaced it). */
function renew(lockPath: string, mine: string): void {
  try {
    if (readLock(lockPath) !== mine) return;
    const now = new Date(realNow());
    utimesSync(lockPath, now, now);
  } catch {
    /* released or broken: nothing to renew */
  }
}
