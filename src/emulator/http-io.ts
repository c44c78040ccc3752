// Reading request bodies and writing responses, including the slow, trickled
// and cut-off writes that transport faults ask for.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorObject } from './replies.js';
import { EmuHttpError, type EmuResponse } from './types.js';

export function readBody(req: IncomingMessage, limit = 50 * 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(new EmuHttpError(errorObject(413, 413, 'Request entity too large')));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How a response is written: in slow chunks, cut off halfway, or trickled a byte at a time. */
export interface WriteMode {
  slow?: boolean;
  cut?: boolean;
  trickleMs?: number;
}

/** One byte at a time, `intervalMs` apart, until the body is out or the client hangs up. */
async function trickle(res: ServerResponse, buf: Buffer, intervalMs: number): Promise<void> {
  for (let i = 0; i < buf.length; i++) {
    if (res.destroyed || res.socket?.destroyed) return;
    res.write(buf.subarray(i, i + 1));
    await sleep(intervalMs);
  }
  res.end();
}

/** Half the body, then the connection dies: the client sees a truncated response. */
async function cutOff(res: ServerResponse, buf: Buffer): Promise<void> {
  res.write(buf.subarray(0, Math.max(1, Math.floor(buf.length / 2))));
  await sleep(5);
  res.socket?.destroy();
}

/** Eight chunks, 15 ms apart. */
async function writeSlowly(res: ServerResponse, buf: Buffer): Promise<void> {
  const step = Math.max(1, Math.ceil(buf.length / 8));
  for (let i = 0; i < buf.length; i += step) {
    res.write(buf.subarray(i, i + step));
    await sleep(15);
  }
  res.end();
}

export async function writeResponse(res: ServerResponse, r: EmuResponse, opts: WriteMode = {}): Promise<void> {
  const isString = typeof r.body === 'string';
  const payload = r.body === undefined ? '' : isString ? (r.body as string) : JSON.stringify(r.body);
  const headers: Record<string, string> = {
    'content-type': r.contentType ?? (isString ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8'),
    ...r.headers,
  };
  const buf = Buffer.from(payload);
  headers['content-length'] = String(buf.length);
  res.writeHead(r.status, headers);
  if (opts.cut) return cutOff(res, buf);
  if (opts.trickleMs !== undefined) return trickle(res, buf, opts.trickleMs);
  if (opts.slow) return writeSlowly(res, buf);
  res.end(buf);
}
