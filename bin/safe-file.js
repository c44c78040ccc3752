// The one rule for every file postctl reads or writes in its own directories
// (config and credentials, locks, the field-name and compiled-code caches,
// resume state): what is read must be a regular file (never a FIFO, a device or
// a socket, which could block the run or never end), reached without a
// symbolic link, owned by the user and writable by no one else, and no larger
// than a cap checked before reading; the directories from the file up to the
// directory postctl was pointed at must be the user's, writable by no one
// else, and not links (the top one may be a link the user made). Files are
// written to a temporary file with a random name in the same directory, created
// with O_EXCL and O_NOFOLLOW (nothing planted at a guessable name is written
// through), synced, then renamed into place.
//
// A violation throws UnsafeFileError naming the path and why; the caller
// decides: a cache ignores the file, credentials and state stop the command
// (exit 2). Plain CommonJS: the launcher (bin/code-cache.js) requires it before
// any bundle is loaded; the TypeScript sources import the same file
// (bin/safe-file.d.ts gives its types). The POSIX owner and mode checks are
// skipped on Windows, which has neither.
'use strict';
const { randomBytes } = require('node:crypto');
const fs = require('node:fs');
const { basename, dirname, join, resolve } = require('node:path');

const { O_RDONLY, O_WRONLY, O_CREAT, O_EXCL } = fs.constants;
// Not defined on Windows, where they do not apply.
const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = fs.constants.O_NONBLOCK ?? 0;
const posix = process.platform !== 'win32' && typeof process.getuid === 'function';

class UnsafeFileError extends Error {
  /** @param {string} path @param {string} why */
  constructor(path, why) {
    super(`${path}: ${why}`);
    this.name = 'UnsafeFileError';
    this.path = path;
    this.why = why;
  }
}

const kind = (st) =>
  st.isSymbolicLink()
    ? 'a symbolic link'
    : st.isFIFO()
      ? 'a FIFO'
      : st.isSocket()
        ? 'a socket'
        : st.isDirectory()
          ? 'a directory'
          : st.isCharacterDevice() || st.isBlockDevice()
            ? 'a device'
            : 'not a regular file';

const octal = (mode) => (mode & 0o777).toString(8).padStart(3, '0');

/** Owner and write permission of what `st` describes (a file or a directory). */
function checkOwnerMode(path, st) {
  if (!posix) return;
  const uid = process.getuid();
  if (st.uid !== uid) throw new UnsafeFileError(path, `it is owned by uid ${st.uid}, not by you (uid ${uid})`);
  if (st.mode & 0o022)
    throw new UnsafeFileError(path, `it is writable by ${st.mode & 0o002 ? 'others' : 'its group'} (mode ${octal(st.mode)})`);
}

/**
 * Checks `dir` and every directory above it up to and including `top` (the
 * directory postctl was pointed at; `dir` must be inside it or equal): each is
 * a directory of the user's that no one else can write to, and none below
 * `top` is a symbolic link. Throws UnsafeFileError.
 */
function checkDirs(dir, top) {
  const end = resolve(top);
  for (let d = resolve(dir); ; d = dirname(d)) {
    const st = fs.lstatSync(d);
    if (st.isSymbolicLink() && d !== end) throw new UnsafeFileError(d, 'it is a symbolic link');
    const real = st.isSymbolicLink() ? fs.statSync(d) : st;
    if (!real.isDirectory()) throw new UnsafeFileError(d, `it is not a directory (${kind(real)})`);
    checkOwnerMode(d, real);
    if (d === end || dirname(d) === d) return;
  }
}

/** Creates `dir` (0700, with its parents) and checks it as checkDirs does. */
function ensureDir(dir, top) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  checkDirs(dir, top);
}

/**
 * The bytes of `path`, or undefined when nothing is there. `max`: the most a
 * real file of this kind holds; `top`: check the directories up to it first.
 * Opened without following a link and without blocking (a FIFO never waits for
 * a writer); what was opened is checked (fstat), then read up to the cap.
 * Throws UnsafeFileError.
 */
function readSafe(path, { max, top }) {
  if (top !== undefined) {
    try {
      checkDirs(dirname(path), top);
    } catch (e) {
      if (e.code === 'ENOENT') return undefined; // no directory yet: no file
      throw e;
    }
  }
  let fd;
  try {
    fd = fs.openSync(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW);
  } catch (e) {
    if (e.code === 'ENOENT') return undefined;
    if (e.code === 'ELOOP' || e.code === 'EMLINK') throw new UnsafeFileError(path, 'it is a symbolic link');
    throw e;
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile()) throw new UnsafeFileError(path, `it is not a regular file (${kind(st)})`);
    checkOwnerMode(path, st);
    if (st.size > max) throw new UnsafeFileError(path, `it is ${st.size} bytes, more than the ${max} it can be`);
    // Read to the cap and one byte past it: a file that grows while being read is refused, not read on.
    const buf = Buffer.allocUnsafe(Math.min(max, st.size) + 1);
    let n = 0;
    for (let got; n < buf.length && (got = fs.readSync(fd, buf, n, buf.length - n, null)) > 0; ) n += got;
    if (n > max) throw new UnsafeFileError(path, `it is more than the ${max} bytes it can be`);
    return buf.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}

/** A random name beside `path` for its temporary file (hidden, so a listing does not show it). */
const tempPath = (path) => join(dirname(path), `.${basename(path)}.${randomBytes(8).toString('hex')}.tmp`);

/** The open() flags of a temporary file: created here and now, never through a link. */
const TEMP_FLAGS = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW;

/** A new file beside `path` under a random name, created exclusively (0600 unless `mode`): `{ fd, tmp }`. */
function createTemp(path, mode = 0o600) {
  const tmp = tempPath(path);
  return { fd: fs.openSync(tmp, TEMP_FLAGS, mode), tmp };
}

/**
 * Writes `data` to `path` atomically: a random-named temporary file created
 * with O_EXCL beside it, synced, renamed over it (a link at `path` is replaced,
 * never followed). `top`: create and check the directories up to it first.
 */
function writeSafe(path, data, { top, mode = 0o600 } = {}) {
  if (top !== undefined) ensureDir(dirname(path), top);
  const { fd, tmp } = createTemp(path, mode);
  try {
    try {
      fs.writeFileSync(fd, data);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, path);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

module.exports = { TEMP_FLAGS, UnsafeFileError, ensureDir, readSafe, tempPath, writeSafe };
