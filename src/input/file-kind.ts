// What a --file path is, checked before anything is read or sent: a directory
// is bad input naming the path (exit 6); pipes, fifos, process substitution
// (/dev/fd/N) and /dev/stdin are streams — they can be read once only, from
// their current position, so callers spool them or read them in one pass.
import { stat } from 'node:fs/promises';
import { InputError } from '../errors/cli-error.js';

/**
 * Paths that name this process's stdin. They are read from the stdin stream
 * itself: opening them again fails when stdin is a socket (ENXIO), which is
 * what many process supervisors and Node's own child processes hand over.
 */
export function isStdinPath(path: string): boolean {
  return path === '-' || path === '/dev/stdin' || path === '/dev/fd/0' || path === '/proc/self/fd/0';
}

export type InputKind = { kind: 'file'; size: number; mtimeMs: number } | { kind: 'stream' };

export async function inputKind(path: string): Promise<InputKind> {
  if (isStdinPath(path)) return { kind: 'stream' };
  let s: Awaited<ReturnType<typeof stat>>;
  try {
    s = await stat(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    // Exit 6 like every unreadable input file (README, exit codes): the input was rejected before sending.
    throw new InputError(
      `cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (e as Error).message}`,
    );
  }
  if (s.isDirectory()) throw new InputError(`${path} is a directory, not a file`, [], 'pass the path of the input file itself.');
  if (s.isFile()) return { kind: 'file', size: s.size, mtimeMs: s.mtimeMs };
  return { kind: 'stream' };
}
