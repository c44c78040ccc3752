// The rule for a file a person names as input — a file part (`-F key=@file`), a body (`--input file`), a data
// file (a card, an estimate body, a twurl or xurl store) and every path an MCP tool opens: a regular file only,
// and at most a size cap. /proc and /sys hold "regular" files that are the process's environment, memory maps
// and kernel state (/proc/self/environ has every secret of the environment), /dev holds devices that never
// end (/dev/zero), and a FIFO blocks until someone writes: none of them is an input a person meant.
import { constants, realpathSync, type Stats } from 'node:fs';
import { open, realpath, stat } from 'node:fs/promises';
import { sep } from 'node:path';
import { InputError } from '../errors/cli-error.js';

/** The default size cap of an input file; callers whose files are small by nature pass their own. */
export const MAX_DATA_BYTES = 16 * 1024 * 1024;

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

/** A file over its cap (exit 6), said before or while reading, never after memory runs out. */
export function tooBig(name: string, bytes: number, max: number): InputError {
  return new InputError(`${name} is ${bytes} bytes or more, more than the ${max} such a file can be; nothing was read or sent`, [
    { field: 'file', message: `larger than ${max} bytes` },
  ]);
}

const KIND: Array<[keyof Stats, string]> = [
  ['isFIFO', 'a FIFO'],
  ['isCharacterDevice', 'a device'],
  ['isBlockDevice', 'a device'],
  ['isSocket', 'a socket'],
  ['isDirectory', 'a directory'],
];
const kindOf = (st: Stats) => KIND.find(([m]) => (st[m] as () => boolean).call(st))?.[1] ?? 'not a regular file';

const notRegular = (what: string, path: string, why: string) =>
  new InputError(`${what}: ${path} ${why}; nothing was sent`, [], 'name a regular file of yours, or use - (stdin) for a stream.');

/**
 * The bytes of `path` when it is a regular file outside /proc, /sys and /dev, at most `maxBytes` (exit 6
 * otherwise). The kind is told from the path's target before anything is opened (opening a device can
 * itself do something), then the file is opened without blocking (a FIFO swapped in meanwhile never waits
 * for a writer), checked again by what was opened (fstat), and read up to the cap plus one byte.
 */
export async function readRegularFile(path: string, what: string, maxBytes = MAX_DATA_BYTES): Promise<Buffer> {
  let real: string;
  let st: Stats;
  try {
    real = await realpath(path);
    st = await stat(real);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new InputError(
      `${what}: cannot read ${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (e as Error).message}`,
    );
  }
  if (!st.isFile()) throw notRegular(what, path, `is ${kindOf(st)}, not a regular file`);
  const special = specialPath(real);
  if (special) throw notRegular(what, path, special.replace(/^it /, 'is '));
  if (st.size > maxBytes) throw tooBig(path, st.size, maxBytes);
  const fh = await open(real, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    const opened = await fh.stat();
    if (!opened.isFile()) throw notRegular(what, path, `is ${kindOf(opened)}, not a regular file`);
    // The size may grow while read: read to the end, never past the cap plus one byte.
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const buf = Buffer.alloc(Math.min(Math.max(opened.size - total, 64 * 1024), maxBytes + 1 - total));
      const { bytesRead } = await fh.read(buf, 0, buf.length, total);
      if (!bytesRead) return Buffer.concat(chunks, total);
      total += bytesRead;
      if (total > maxBytes) throw tooBig(path, total, maxBytes);
      chunks.push(buf.subarray(0, bytesRead));
    }
  } finally {
    await fh.close();
  }
}
