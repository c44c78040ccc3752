// The rule for a file named inside an argument (`-F key=@file`) and for every path an MCP tool opens: a
// regular file only. /proc and /sys hold "regular" files that are the process's environment, memory maps and
// kernel state (/proc/self/environ has every secret of the environment), /dev holds devices that never end
// (/dev/zero) and a FIFO blocks until someone writes: none of them is an input a person meant.
import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { sep } from 'node:path';
import { InputError } from '../errors/cli-error.js';

const SPECIAL_ROOTS = ['/proc', '/sys', '/dev'];

/** Why a real (link-free) path is not an input file, when it lies in a kernel or device filesystem. */
export function specialPath(real: string): string | undefined {
  const top = SPECIAL_ROOTS.find((r) => real === r || real.startsWith(r + sep));
  return top ? `it is under ${top}, not a regular file of yours` : undefined;
}

/** realpathSync, or undefined when nothing is there. */
export function realOrNothing(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

const refuse = (what: string, path: string, why: string) =>
  new InputError(`${what} ${path}: ${why}`, [], 'name a regular file; nothing was sent.');

/**
 * The text of `path` when it is a regular file outside /proc, /sys and /dev (exit 6 otherwise). Opened without
 * blocking (a FIFO never waits for a writer) and checked by what was opened (fstat), not by its name.
 */
export async function readRegularFile(path: string, what: string): Promise<string> {
  let real: string;
  try {
    real = await realpath(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw refuse(what, path, code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (e as Error).message);
  }
  const special = specialPath(real);
  if (special) throw refuse(what, path, special);
  const fh = await open(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw refuse(what, path, st.isFIFO() ? 'it is a FIFO, not a regular file' : 'it is not a regular file');
    return await fh.readFile('utf8');
  } finally {
    await fh.close();
  }
}
