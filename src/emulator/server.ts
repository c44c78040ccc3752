// The offline API emulator: one HTTP server on 127.0.0.1 serving the platform
// API at /, the ads API at /ads and the ads sandbox at /ads-sandbox, plus an
// admin API at /_emulator for faults, the request log and the approve switch.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { authenticate, isResponse } from './authenticate.js';
import { handleAdmin } from './admin.js';
import { ADS_DEFAULT_LIMIT, DEFAULT_LIMIT } from './limits.js';
import { errorObject, problem } from './replies.js';
import { Router } from './router.js';
import { registerAllRoutes } from './routes/index.js';
import { EmulatorState, type EmulatorOptions } from './state.js';
import { EmuHttpError, type EmuApi, type EmuRequest, type EmuResponse } from './types.js';

export interface Emulator {
  url: string;
  port: number;
  urls: { api: string; ads: string; adsSandbox: string };
  state: EmulatorState;
  router: Router;
  /** Environment variables pointing postctl at this emulator with the seeded credentials. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

function splitApi(pathname: string): { api: EmuApi; path: string; prefix: string } {
  if (pathname === '/ads-sandbox' || pathname.startsWith('/ads-sandbox/')) return { api: 'sandbox', path: pathname.slice(12) || '/', prefix: '/ads-sandbox' };
  if (pathname === '/ads' || pathname.startsWith('/ads/')) return { api: 'ads', path: pathname.slice(4) || '/', prefix: '/ads' };
  return { api: 'platform', path: pathname, prefix: '' };
}

function readBody(req: IncomingMessage, limit = 50 * 1024 * 1024): Promise<Buffer> {
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One byte at a time, `intervalMs` apart, until the body is out or the client hangs up. */
async function trickle(res: ServerResponse, buf: Buffer, intervalMs: number): Promise<void> {
  for (let i = 0; i < buf.length; i++) {
    if (res.destroyed || res.socket?.destroyed) return;
    res.write(buf.subarray(i, i + 1));
    await sleep(intervalMs);
  }
  res.end();
}

async function writeResponse(res: ServerResponse, r: EmuResponse, opts: { slow?: boolean; cut?: boolean; trickleMs?: number } = {}): Promise<void> {
  const isString = typeof r.body === 'string';
  const payload = r.body === undefined ? '' : isString ? (r.body as string) : JSON.stringify(r.body);
  const headers: Record<string, string> = { 'content-type': r.contentType ?? (isString ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8'), ...r.headers };
  const buf = Buffer.from(payload);
  headers['content-length'] = String(buf.length);
  res.writeHead(r.status, headers);
  if (opts.cut) {
    // Half the body, then the connection dies: the client sees a truncated response.
    res.write(buf.subarray(0, Math.max(1, Math.floor(buf.length / 2))));
    await sleep(5);
    res.socket?.destroy();
    return;
  }
  if (opts.trickleMs !== undefined) return trickle(res, buf, opts.trickleMs);
  if (opts.slow) {
    const step = Math.max(1, Math.ceil(buf.length / 8));
    for (let i = 0; i < buf.length; i += step) {
      res.write(buf.subarray(i, i + step));
      await sleep(15);
    }
    res.end();
    return;
  }
  res.end(buf);
}

export async function startEmulator(options: EmulatorOptions & { port?: number; host?: string } = {}): Promise<Emulator> {
  const state = new EmulatorState(options);
  const router = new Router();
  registerAllRoutes(router, state);
  const host = options.host ?? '127.0.0.1';
  const logBodyBytes = options.logBodyBytes ?? 1024 * 1024;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? host}`);
    if (url.pathname.startsWith('/_emulator')) {
      const body = await readBody(req);
      return writeResponse(res, await handleAdmin(state, router, req.method ?? 'GET', url, body));
    }
    const method = (req.method ?? 'GET').toUpperCase();
    const { api, path } = splitApi(url.pathname);
    const entry = { seq: state.nextSeq(), time: Date.now(), method, api, path, query: [...url.searchParams] as Array<[string, string]>, body: '', status: 0 } as import('./state.js').LogEntry;
    state.log.push(entry);
    let raw: Buffer;
    try {
      raw = await readBody(req);
    } catch (e) {
      entry.status = 413;
      return writeResponse(res, e instanceof EmuHttpError ? e.response : errorObject(400, 400, 'Bad request'));
    }
    entry.body = raw.length <= logBodyBytes ? raw.toString('utf8') : raw.subarray(0, logBodyBytes).toString('utf8');

    const latency = state.faults.latencyMs + state.faults.randomLatency() + (state.faults.take(method, path, ['latency'])?.latencyMs ?? 0);
    if (latency > 0) await sleep(latency);

    // Transport-level faults first: these requests are never processed.
    const fault = state.faults.take(method, path, ['status', '429', 'drop', 'drop-after', 'slow', 'trickle', 'reply']) ?? state.faults.draw(method, path);
    if (fault) entry.fault = fault.kind === 'status' ? `status ${fault.status}` : fault.kind;
    if (fault?.kind === 'drop') {
      entry.status = -1;
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'status') {
      entry.status = fault.status ?? 503;
      return writeResponse(res, errorObject(entry.status, 131, fault.message ?? 'Internal error (injected fault)'));
    }
    if (fault?.kind === 'reply') {
      entry.status = fault.status ?? 200;
      return writeResponse(res, { status: entry.status, body: fault.body ?? '', contentType: fault.contentType ?? 'application/json; charset=utf-8', headers: { 'x-request-id': `emu-${entry.seq}`, ...fault.headers } });
    }
    if (fault?.kind === '429') {
      entry.status = 429;
      const reset = Math.ceil(Date.now() / 1000) + (fault.resetInSec ?? 1);
      const headers: Record<string, string> = fault.resetHeaders === false ? {} : api === 'platform' ? { 'x-rate-limit-limit': '900', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(reset) } : { 'x-account-rate-limit-limit': '2000', 'x-account-rate-limit-remaining': '0', 'x-account-rate-limit-reset': String(reset) };
      return writeResponse(res, { ...errorObject(429, 88, 'Rate limit exceeded'), headers: { ...headers, ...fault.headers } });
    }

    const match = router.match(api, method, path);
    if (!('spec' in match)) {
      entry.status = match.methodMismatch ? 405 : 404;
      const r = api === 'platform'
        ? problem(entry.status, 'about:blank', match.methodMismatch ? 'Method Not Allowed' : 'Not Found', `${method} ${path} is not served by the emulator`)
        : errorObject(entry.status, entry.status, `${method} ${path} is not served by the emulator`);
      return writeResponse(res, r);
    }
    const { spec, params } = match;
    entry.route = spec.path;
    const contentType = String(req.headers['content-type'] ?? '');
    const auth = authenticate(state, spec.auth, {
      method,
      host: req.headers.host ?? host,
      rawPath: url.pathname,
      query: url.search.slice(1),
      contentType,
      body: raw.toString('utf8'),
      authorization: req.headers.authorization,
    });
    if (isResponse(auth)) {
      entry.status = auth.status;
      return writeResponse(res, auth);
    }
    entry.auth = auth?.kind ?? 'none';

    // Rate limits per route bucket and principal; headers on every response.
    const bucket = spec.bucket ?? `${spec.method} ${spec.path}`;
    const principal = params.account_id ?? auth?.userId ?? auth?.consumerKey ?? 'anonymous';
    const isAds = api !== 'platform';
    const rl = state.limiter.hit(bucket, principal, isAds ? ADS_DEFAULT_LIMIT : DEFAULT_LIMIT);
    const prefix = isAds && params.account_id ? 'x-account-rate-limit' : 'x-rate-limit';
    const rlHeaders = { [`${prefix}-limit`]: String(rl.limit), [`${prefix}-remaining`]: String(rl.remaining), [`${prefix}-reset`]: String(rl.reset) };
    if (!rl.allowed) {
      entry.status = 429;
      return writeResponse(res, { ...errorObject(429, 88, 'Rate limit exceeded'), headers: rlHeaders });
    }

    const emuReq: EmuRequest = {
      method,
      api,
      path,
      params,
      query: url.searchParams,
      headers: req.headers,
      raw,
      auth,
      text: () => raw.toString('utf8'),
      json: () => {
        try {
          return JSON.parse(raw.toString('utf8'));
        } catch {
          throw new EmuHttpError(isAds ? { status: 400, body: { errors: [{ code: 'INVALID_JSON', message: 'The request body is not valid JSON' }] } } : problem(400, 'invalid-request', 'Invalid Request', 'The request body is not valid JSON', { errors: [{ message: 'body is not valid JSON', parameters: {} }] }));
        }
      },
      form: () => new URLSearchParams(raw.toString('utf8')),
    };
    let response: EmuResponse;
    try {
      response = await spec.handler(emuReq, state);
    } catch (e) {
      if (e instanceof EmuHttpError) response = e.response;
      else {
        response = errorObject(500, 131, `Internal error: ${(e as Error).message}`);
      }
    }
    entry.status = response.status;
    response.headers = { ...rlHeaders, 'x-request-id': `emu-${entry.seq}`, ...response.headers };
    if (response.stream) {
      res.writeHead(response.status, { 'content-type': response.contentType ?? 'application/json', ...response.headers });
      await response.stream(res, emuReq);
      return;
    }
    return writeResponse(res, response, { slow: fault?.kind === 'slow', cut: fault?.kind === 'drop-after', ...(fault?.kind === 'trickle' ? { trickleMs: fault.intervalMs ?? 2000 } : {}) });
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ code: 131, message: String(e?.message ?? e) }] }));
      } else res.destroy();
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  const urls = { api: url, ads: `${url}/ads`, adsSandbox: `${url}/ads-sandbox` };
  const { EMU_APP, EMU_USER, EMU_ACCOUNT } = await import('./state.js');
  const { EMU_OAUTH2_PUBLIC } = await import('./oauth2-state.js');
  return {
    url,
    port,
    urls,
    state,
    router,
    env: () => ({
      POSTCTL_API_URL: urls.api,
      POSTCTL_ADS_URL: urls.ads,
      POSTCTL_ADS_SANDBOX_URL: urls.adsSandbox,
      POSTCTL_CONSUMER_KEY: EMU_APP.consumerKey,
      POSTCTL_CONSUMER_SECRET: EMU_APP.consumerSecret,
      POSTCTL_ACCESS_TOKEN: EMU_USER.accessToken,
      POSTCTL_ACCESS_TOKEN_SECRET: EMU_USER.accessTokenSecret,
      POSTCTL_OAUTH2_AUTHORIZE_URL: `${url}/i/oauth2/authorize`,
      POSTCTL_CLIENT_ID: EMU_OAUTH2_PUBLIC.clientId,
      POSTCTL_ADS_ACCOUNT: EMU_ACCOUNT,
      // A server that knows only the spec's neutral names needs a client that sends them.
      ...(state.names === 'neutral' ? { POSTCTL_API_NAMES: 'neutral' } : {}),
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
