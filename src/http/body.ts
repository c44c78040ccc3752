// Reading a response body into memory, bounded: a hostile or broken server can
// answer a token request with 400 MB or a page with 200 MB. Past the cap the
// body is abandoned (the connection closed) and the request fails with exit 7,
// in constant memory: never buffered whole first.
import type { Readable } from 'node:stream';
import { NetworkError, isWriteMethod, type Sent } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';

/** The default cap on a response body read into memory (POSTCTL_MAX_BODY_MB overrides it). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * A write answered 2xx with a body postctl could not read (not JSON, or too large): something said yes, but
 * maybe a proxy rather than the API — whether it acted is unknown; a POST (not safe to repeat) exits 9.
 */
export function unreadWrite(method: string, status: number): { sent?: Sent; exitCode?: number } {
  if (!isWriteMethod(method) || status < 200 || status > 299) return {};
  return { sent: 'unknown', ...(method.toUpperCase() === 'POST' ? { exitCode: EXIT.MAYBE_SENT } : {}) };
}

export function bodyTooLarge(method: string, url: string, status: number, limit: number, seen?: number): NetworkError {
  const mb = (limit / 1024 / 1024).toFixed(limit % (1024 * 1024) ? 1 : 0);
  return new NetworkError(
    `${method} ${new URL(url).pathname} answered HTTP ${status} with a body larger than ${mb} MB${seen ? ` (${seen} bytes announced)` : ''}; it was not read`,
    {
      ...unreadWrite(method, status),
      hint: 'No API answer is this large: check the base URL and proxy. Raise POSTCTL_MAX_BODY_MB only if the answer is expected.',
    },
  );
}

/** The whole body, or a thrown exit-7 error once more than `limit` bytes arrive (or are announced). */
export async function readCapped(
  body: Readable,
  limit: number,
  announced: string | undefined,
  fail: (seen?: number) => Error,
): Promise<Buffer> {
  const length = announced === undefined ? Number.NaN : Number(announced);
  if (Number.isFinite(length) && length > limit) {
    body.destroy();
    throw fail(length);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      body.destroy();
      throw fail();
    }
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}
