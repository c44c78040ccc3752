// The file `compliance jobs get --download FILE` writes, by the safe-file rule: never through a symbolic link,
// a new file created exclusively (0600), and an existing one replaced only when the person says so — asked on
// a terminal, `--force` otherwise — by a temporary file renamed over it once the whole download is there.
import { constants } from 'node:fs';
import { lstat, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { openExclusiveTemp } from '../../../bulk/state.js';
import { UsageError } from '../../../errors/cli-error.js';
import type { Context } from '../../../entry/context.js';

export interface DownloadFile {
  handle: FileHandle;
  /** Puts the download in place (an existing file is replaced now). */
  commit(): Promise<void>;
  /** Removes what was written. */
  abort(): Promise<void>;
}

const NOTHING = 'nothing was downloaded.';

/**
 * Checks `path` before anything is sent: whether it may be written, and whether it exists (then it is replaced
 * with --force or a yes on a terminal). Undefined: the person said no.
 */
export async function downloadTarget(path: string, force: boolean, ctx: Context): Promise<{ exists: boolean } | undefined> {
  const st = await lstat(path).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return undefined;
    throw new UsageError(`cannot write ${path}: ${e.message}`, NOTHING);
  });
  if (st?.isSymbolicLink())
    throw new UsageError(
      `refusing to write ${path}: it is a symbolic link (postctl does not write through links)`,
      `pass another path; ${NOTHING}`,
    );
  if (st && !st.isFile()) throw new UsageError(`refusing to write ${path}: it is not a regular file`, `pass another path; ${NOTHING}`);
  if (!st || force) return { exists: Boolean(st) };
  if (!ctx.prompt.interactive)
    throw new UsageError(`refusing to replace ${path}: it exists`, `pass --force to replace it, or another path; ${NOTHING}`);
  return (await ctx.prompt.confirm(`Replace ${path}?`, false)) ? { exists: true } : undefined;
}

/** Opens the download's file: the path itself when new (O_EXCL, O_NOFOLLOW), else a temporary file beside it. */
export async function openDownload(path: string, exists: boolean): Promise<DownloadFile> {
  if (exists) {
    const { tmp, fh } = await openExclusiveTemp(path);
    return { handle: fh, commit: () => rename(tmp, path), abort: () => rm(tmp, { force: true }) };
  }
  let handle: FileHandle;
  try {
    handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o600);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new UsageError(
      `cannot write ${path}: ${code === 'EEXIST' ? 'something was put there meanwhile' : (e as Error).message}`,
      `pass another path; ${NOTHING}`,
    );
  }
  return { handle, commit: async () => undefined, abort: () => rm(path, { force: true }) };
}
