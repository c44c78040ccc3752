// The change journal's file: journal.jsonl beside config.json, one JSON object
// a line, only ever appended. It holds what was changed (ids, parameters, the
// command line) and never credentials; the writer (src/ads/journal.ts) puts
// every line through the run's redactor. Read and appended under the safe-file
// rule: no link followed, a regular file of the user's, created 0600.
import { closeSync, constants, fstatSync, fsyncSync, openSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { configDir } from './paths.js';
import { ensureDir, HINT, readOrRefuse, refuseUnsafe, UnsafeFileError } from './safe-file.js';

/** The most a journal is read whole (a year of heavy use is far less). */
const MAX_BYTES = 256 * 1024 * 1024;

export function journalPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(configDir(env), 'journal.jsonl');
}

/** Appends the records, one line each, in one write. */
export function appendJournal(env: NodeJS.ProcessEnv, lines: readonly string[]): void {
  if (!lines.length) return;
  appendOrRefuse(journalPath(env), lines.map((l) => `${l}\n`).join(''), 'change journal', configDir(env));
}

/** Every record in the journal, oldest first; a line that is not a JSON object (a torn last line) is skipped. */
export function readJournal(env: NodeJS.ProcessEnv): Array<Record<string, unknown>> {
  const buf = readOrRefuse(journalPath(env), 'change journal', { max: MAX_BYTES, top: configDir(env) });
  if (!buf) return [];
  const out: Array<Record<string, unknown>> = [];
  for (const line of buf.toString('utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const v: unknown = JSON.parse(line);
      if (v && typeof v === 'object' && !Array.isArray(v)) out.push(v as Record<string, unknown>);
    } catch {
      // A line cut by a crash mid-write: the others still stand.
    }
  }
  return out;
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
function appendOrRefuse(path: string, data: string, what: string, top: string): void {
  try {
    appendSafe(path, data, top);
  } catch (e) {
    if (e instanceof UnsafeFileError) throw refuseUnsafe(e, what, HINT);
    throw e;
  }
}
