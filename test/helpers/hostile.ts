// A hostile loopback server for one test file: 127.0.0.1, OS-assigned port; the
// handler decides every answer, and every request is recorded (method, path,
// query) so a test can assert how many were sent.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { baseEnv, tempDir } from './cli.js';

export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
}

export type Handler = (req: IncomingMessage, res: ServerResponse, seen: Seen) => unknown;

export interface Hostile {
  url: string;
  requests: Seen[];
  /** Replaces the handler (per test). */
  handle(h: Handler): void;
  close(): Promise<void>;
  /** Env for the CLI: every API URL at this server, app and user credentials, a private config dir. */
  env(extra?: Record<string, string | undefined>): Record<string, string | undefined>;
}

export async function hostileServer(): Promise<Hostile> {
  let handler: Handler = (_req, res) => res.end('{}');
  const requests: Seen[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://127.0.0.1');
      const seen = { method: req.method ?? 'GET', path: u.pathname, query: u.searchParams, body: Buffer.concat(chunks).toString() };
      requests.push(seen);
      Promise.resolve(handler(req, res, seen)).catch(() => res.destroy());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    handle: (h) => {
      handler = h;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    env: (extra = {}) => ({
      ...baseEnv(tempDir()),
      POSTCTL_API_URL: url,
      POSTCTL_ADS_URL: url,
      POSTCTL_ADS_SANDBOX_URL: url,
      POSTCTL_BEARER_TOKEN: 'hostile-bearer-token-0123456789',
      POSTCTL_CONSUMER_KEY: 'ck',
      POSTCTL_CONSUMER_SECRET: 'cs',
      POSTCTL_ACCESS_TOKEN: '1-at',
      POSTCTL_ACCESS_TOKEN_SECRET: 'ats',
      POSTCTL_ADS_ACCOUNT: '18ce54d4x5t',
      ...extra,
    }),
  };
}

/** A JSON answer. */
export function json(res: ServerResponse, body: unknown, status = 200): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** Env that makes the CLI child write its peak RSS (KiB) to a file; read it with `peakRssMb(file)`. */
export function rssEnv(file: string): Record<string, string> {
  const preload = new URL('./rss-preload.mjs', import.meta.url).href;
  return { NODE_OPTIONS: `--import=${preload}`, POSTCTL_TEST_RSS_FILE: file };
}

/** The two streaming verbs and the path each connects to. */
export const STREAMS = [
  ['stream connect', ['stream', 'connect'], '/2/tweets/search/stream'],
  ['events stream', ['events', 'stream'], '/2/activity/stream'],
] as const;
