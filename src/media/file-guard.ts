// A file that changes while it is uploaded would be sent cut or mixed, and
// finalized as if nothing happened. The guard compares the open file's size and
// modification time with what the upload was planned from, before every append
// and before finalize, and keeps a SHA-256 of every chunk sent, so a resumed
// upload can prove the chunks confirmed by an earlier run are still the file's.
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { CliError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import type { InputIdentity } from '../bulk/state.js';

export const chunkHash = (chunk: Buffer): string => createHash('sha256').update(chunk).digest('hex');

export function fileChanged(path: string, why: string, mediaId: string): CliError {
  return new CliError(`${path} changed during the upload (${why}); media ${mediaId} was not finalized`, {
    exitCode: EXIT.INVALID_INPUT,
    code: 'file_changed',
    hint: 'upload the file again once nothing writes to it (without --resume: a new upload session).',
  });
}

/** Throws exit 6 when the open file no longer has the size and modification time it was planned with. */
export async function checkUnchanged(fh: FileHandle, identity: InputIdentity, mediaId: string, when: string): Promise<void> {
  const now = await fh.stat();
  const why =
    now.size !== identity.size
      ? `${when}: size ${identity.size} → ${now.size} bytes`
      : Math.floor(now.mtimeMs) !== identity.mtime_ms
        ? `${when}: modified at ${new Date(now.mtimeMs).toISOString()}`
        : undefined;
  if (why) throw fileChanged(identity.path, why, mediaId);
}

/** Re-reads the chunks an earlier run confirmed and compares their hashes (a resumed upload). */
export async function checkConfirmedChunks(
  fh: FileHandle,
  hashes: Readonly<Record<string, unknown>>,
  chunkBytes: number,
  identity: InputIdentity,
  mediaId: string,
): Promise<void> {
  const buffer = Buffer.alloc(Math.min(chunkBytes, identity.size));
  for (const [index, expected] of Object.entries(hashes)) {
    const offset = Number(index) * chunkBytes;
    const length = Math.min(chunkBytes, identity.size - offset);
    const { bytesRead } = await fh.read(buffer, 0, length, offset);
    if (bytesRead !== length || chunkHash(buffer.subarray(0, length)) !== expected)
      throw fileChanged(identity.path, `chunk ${index} differs from the one sent earlier`, mediaId);
  }
}
