// The safe-file rule (bin/safe-file.js, shared with the launcher) for the files
// whose loss stops a command: the config with its credentials, its locks, and
// resume state. A violation there is exit 2 naming the path and why; caches
// call readSafe/writeSafe and ignore a violation.
import { closeSync, constants, fstatSync, fsyncSync, openSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { ensureDir, readSafe, UnsafeFileError, writeSafe } from '../../bin/safe-file.js';
import { CliError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';

// The TypeScript sources reach the rule through this module (the config layer every layer may use).
export { readSafe, TEMP_FLAGS, tempPath, UnsafeFileError, writeSafe } from '../../bin/safe-file.js';

/** `refusing to use the <what> <path>: <why>` (exit 2), for an UnsafeFileError. */
function refuseUnsafe(e: UnsafeFileError, what: string, hint: string): CliError {
  return new CliError(`refusing to use the ${what} ${e.path}: ${e.why}`, { exitCode: EXIT.USAGE, code: 'file_untrusted', hint, cause: e });
}

const HINT = 'remove or fix what is at that path (postctl only reads regular files of yours that no one else can change).';

/** readSafe, with a violation as exit 2 naming the path. */
export function readOrRefuse(path: string, what: string, opts: { max: number; top?: string }): Buffer | undefined {
  try {
    return readSafe(path, opts);
  } catch (e) {
    if (e instanceof UnsafeFileError) throw refuseUnsafe(e, what, HINT);
    throw e;
  }
}

/** writeSafe, with a violation of the directories as exit 2 naming the path. */
export function writeOrRefuse(path: string, data: string, what: string, opts: { top?: string; mode?: number } = {}): void {
  try {
    writeSafe(path, data, opts);
  } catch (e) {
    if (e instanceof UnsafeFileError) throw refuseUnsafe(e, what, HINT);
    throw e;
  }
}

const { O_WRONLY, O_APPEND, O_CREAT } = constants;
const O_NOFOLLOW = constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = constants.O_NONBLOCK ?? 0;

/**
 * Appends `data` to `path` (an append-only log, where a rename of a copy could lose a line another run
 * appended meanwhile): created 0600 when absent, opened without following a link and without blocking, and
 * what was opened checked (a regular file of the user's that no one else can write) before anything is written;
 * synced, so a line written before a request is on disk before the request leaves.
 */
export function appendSafe(path: string, data: string, top: string): void {
  ensureDir(dirname(path), top);
  let fd: number;
  try {
    fd = openSync(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK, 0o600);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EMLINK') throw new UnsafeFileError(path, 'it is a symbolic link');
    // A FIFO with no reader: opened without blocking, it refuses at once.
    if (code === 'ENXIO') throw new UnsafeFileError(path, 'it is not a regular file (a FIFO)');
    throw e;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new UnsafeFileError(path, 'it is not a regular file');
    if (typeof process.getuid === 'function' && process.platform !== 'win32') {
      if (st.uid !== process.getuid()) throw new UnsafeFileError(path, `it is owned by uid ${st.uid}, not by you`);
      if (st.mode & 0o022) throw new UnsafeFileError(path, `it is writable by others (mode ${(st.mode & 0o777).toString(8)})`);
    }
    writeSync(fd, data);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** appendSafe, with a violation as exit 2 naming the path. */
export function appendOrRefuse(path: string, data: string, what: string, top: string): void {
  try {
    appendSafe(path, data, top);
  } catch (e) {
    if (e instanceof UnsafeFileError) throw refuseUnsafe(e, what, HINT);
    throw e;
  }
}
