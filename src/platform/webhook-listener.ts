// A local receiver for webhook deliveries, for use behind the user's own tunnel
// or proxy: answers the service's CRC check (GET ?crc_token=… →
// {"response_token":"sha256=<base64 HMAC-SHA256(consumer secret, token)>"}) and
// accepts a POSTed event only when its signature header is the HMAC-SHA256 of
// the raw body with the same secret (src/platform/crc.ts). It returns events
// and refusals to the caller through callbacks and never prints.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { wire } from '../wire/names.js';
import { crcResponse, verifyWebhookSignature } from './crc.js';

/** Deliveries are small JSON documents; anything larger is refused (413) without being read to the end. */
const MAX_EVENT_BYTES = 5 * 1024 * 1024;

/** Either spelling of the signature header: the receiver does not know which service style sends to it. */
const SIGNATURE_HEADERS = [wire('header.webhooks_signature', 'official'), wire('header.webhooks_signature', 'neutral')];

export interface ListenerHooks {
  /** An accepted event (signature valid, body JSON). False: the handling failed, the sender is told 500 (it may retry). */
  onEvent(event: unknown, raw: Buffer): Promise<boolean>;
  /** A request refused: its status and why, for a line on stderr. */
  onRefused(status: number, why: string, remote: string): void;
  /** A CRC check answered. */
  onCrc(remote: string): void;
}

export interface WebhookListener {
  url: string;
  port: number;
  /** Stops accepting, lets requests in progress finish, then resolves. */
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(text);
}

/** The raw body, or undefined when it exceeds the limit (the rest is not read). */
async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_EVENT_BYTES) return undefined;
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_EVENT_BYTES) return undefined;
    parts.push(chunk as Buffer);
  }
  return Buffer.concat(parts);
}

async function handle(req: IncomingMessage, res: ServerResponse, secret: string, hooks: ListenerHooks): Promise<void> {
  const remote = req.socket.remoteAddress ?? 'unknown';
  const url = new URL(req.url ?? '/', 'http://localhost');
  const refuse = (status: number, why: string) => {
    hooks.onRefused(status, why, remote);
    send(res, status, { error: why });
  };
  if (req.method === 'GET') {
    const token = url.searchParams.get('crc_token');
    if (!token) return refuse(400, 'a GET must carry crc_token (the CRC check)');
    hooks.onCrc(remote);
    return send(res, 200, crcResponse(secret, token));
  }
  if (req.method !== 'POST') return refuse(405, `method ${req.method ?? '?'} is not GET (CRC) or POST (an event)`);
  const header = SIGNATURE_HEADERS.map((h) => req.headers[h]).find((v) => typeof v === 'string');
  const body = await readBody(req);
  if (body === undefined) return refuse(413, `the body is larger than ${MAX_EVENT_BYTES} bytes`);
  if (header === undefined) return refuse(401, `no ${SIGNATURE_HEADERS[0]} header`);
  const check = verifyWebhookSignature(secret, body, header);
  // The reason only, never the signature the body should have carried.
  if (!check.valid) return refuse(401, check.malformed ?? 'the signature does not match the body');
  let event: unknown;
  try {
    event = JSON.parse(body.toString('utf8'));
  } catch {
    return refuse(400, 'the body is not JSON');
  }
  const ok = await hooks.onEvent(event, body);
  if (!ok) return send(res, 500, { error: 'the event could not be handled' });
  send(res, 200, { accepted: true });
}

export function startWebhookListener(opts: { host: string; port: number; secret: string; hooks: ListenerHooks }): Promise<WebhookListener> {
  const server: Server = createServer((req, res) => {
    handle(req, res, opts.secret, opts.hooks).catch(() => {
      if (!res.headersSent) send(res, 500, { error: 'internal error' });
      else res.destroy();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
      resolve({
        url: `http://${host}:${port}/`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeIdleConnections();
          }),
      });
    });
  });
}
