// One request through the emulator, as named steps: log it, read the body,
// inject latency and transport faults, route, authenticate, rate-limit, run
// the handler, write the answer. Each step that answers early returns true.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { authenticate, isResponse } from './authenticate.js';
import { authenticateByRule, ruleFor } from './endpoint-auth.js';
import { handleAdmin } from './admin.js';
import type { FaultRule } from './faults.js';
import { readBody, sleep, writeResponse, type WriteMode } from './http-io.js';
import { ADS_DEFAULT_LIMIT, DEFAULT_LIMIT } from './limits.js';
import { errorObject, problem } from './replies.js';
import type { Router } from './router.js';
import type { EmulatorState, LogEntry } from './state.js';
import { EmuHttpError, type AuthInfo, type EmuApi, type EmuRequest, type EmuResponse, type RouteSpec } from './types.js';

/** What every request shares: the server's state, routes and settings. */
export interface DispatchContext {
  state: EmulatorState;
  router: Router;
  host: string;
  logBodyBytes: number;
}

/** One request in flight, with its log entry (whose status each step sets). */
interface Call {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  method: string;
  api: EmuApi;
  path: string;
  entry: LogEntry;
}

function splitApi(pathname: string): { api: EmuApi; path: string; prefix: string } {
  if (pathname === '/ads-sandbox' || pathname.startsWith('/ads-sandbox/'))
    return { api: 'sandbox', path: pathname.slice(12) || '/', prefix: '/ads-sandbox' };
  if (pathname === '/ads' || pathname.startsWith('/ads/')) return { api: 'ads', path: pathname.slice(4) || '/', prefix: '/ads' };
  return { api: 'platform', path: pathname, prefix: '' };
}

export async function handleRequest(ctx: DispatchContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', `http://${req.headers.host ?? ctx.host}`);
  if (url.pathname.startsWith('/_emulator')) {
    const body = await readBody(req);
    return writeResponse(res, await handleAdmin(ctx.state, ctx.router, req.method ?? 'GET', url, body));
  }
  const call = openCall(ctx.state, req, res, url);
  const release = inFlight(ctx.state, call.entry, /^\/12\/(?:[a-z_]+\/)*accounts\/([^/]+)/.exec(call.path)?.[1]);
  try {
    await dispatch(ctx, call);
  } finally {
    release();
  }
}

async function dispatch(ctx: DispatchContext, call: Call): Promise<void> {
  const raw = await readLoggedBody(ctx, call);
  if (!raw) return;
  await injectLatency(ctx.state, call);
  const fault =
    ctx.state.faults.take(call.method, call.path, ['status', '429', 'drop', 'drop-after', 'slow', 'trickle', 'reply']) ??
    ctx.state.faults.draw(call.method, call.path);
  if (fault) call.entry.fault = fault.kind === 'status' ? `status ${fault.status}` : fault.kind;
  if (fault && (await answerTransportFault(call, fault))) return;
  const match = ctx.router.match(call.api, call.method, call.path);
  if (!('spec' in match)) return answerUnrouted(call, match.methodMismatch);
  const { spec, params } = match;
  call.entry.route = spec.path;
  const auth = authenticateCall(ctx, call, spec, raw);
  if (isResponse(auth)) {
    call.entry.status = auth.status;
    return writeResponse(call.res, auth);
  }
  call.entry.auth = auth?.kind ?? 'none';
  const rlHeaders = rateLimit(ctx.state, call, spec, params, auth);
  if (!rlHeaders.allowed) {
    call.entry.status = 429;
    return writeResponse(call.res, { ...errorObject(429, 88, 'Rate limit exceeded'), headers: rlHeaders.headers });
  }
  const emuReq = buildRequest(call, params, raw, auth);
  const response = await runHandler(spec, emuReq, ctx.state);
  return answer(call, emuReq, response, rlHeaders.headers, fault);
}

/**
 * Counts the request as in flight for the ad account its path names (/12/…/accounts/:id…) from its arrival
 * until it is answered, and notes on its log entry the other accounts that had a request in flight when it arrived: a test sees whether a client ran accounts
 * at the same time. Returns the call that ends it.
 */
function inFlight(state: EmulatorState, entry: LogEntry, account: string | undefined): () => void {
  if (account === undefined) return () => undefined;
  const others = [...state.inFlight.keys()].filter((a) => a !== account);
  if (others.length) entry.overlapping = others;
  state.inFlight.set(account, (state.inFlight.get(account) ?? 0) + 1);
  return () => {
    const n = (state.inFlight.get(account) ?? 1) - 1;
    if (n > 0) state.inFlight.set(account, n);
    else state.inFlight.delete(account);
  };
}

/** Logs the request before anything can go wrong with it. */
function openCall(state: EmulatorState, req: IncomingMessage, res: ServerResponse, url: URL): Call {
  const method = (req.method ?? 'GET').toUpperCase();
  const { api, path } = splitApi(url.pathname);
  const entry: LogEntry = {
    seq: state.nextSeq(),
    time: state.now(),
    method,
    api,
    path,
    query: [...url.searchParams] as Array<[string, string]>,
    body: '',
    status: 0,
  };
  const nonce = /oauth_nonce="([^"]*)"/.exec(req.headers.authorization ?? '')?.[1];
  if (nonce !== undefined) entry.oauthNonce = `${nonce}@${/oauth_timestamp="([^"]*)"/.exec(req.headers.authorization ?? '')?.[1] ?? ''}`;
  state.log.push(entry);
  return { req, res, url, method, api, path, entry };
}

/** The body, logged up to logBodyBytes; null when it was too large (answered 413). */
async function readLoggedBody(ctx: DispatchContext, call: Call): Promise<Buffer | null> {
  let raw: Buffer;
  try {
    raw = await readBody(call.req);
  } catch (e) {
    call.entry.status = 413;
    await writeResponse(call.res, e instanceof EmuHttpError ? e.response : errorObject(400, 400, 'Bad request'));
    return null;
  }
  const { logBodyBytes } = ctx;
  call.entry.body = raw.length <= logBodyBytes ? raw.toString('utf8') : raw.subarray(0, logBodyBytes).toString('utf8');
  return raw;
}

async function injectLatency(state: EmulatorState, call: Call): Promise<void> {
  const latency =
    state.faults.latencyMs + state.faults.randomLatency() + (state.faults.take(call.method, call.path, ['latency'])?.latencyMs ?? 0);
  if (latency > 0) await sleep(latency);
}

/** Transport-level faults come first: these requests are never processed. True when answered. */
async function answerTransportFault(call: Call, fault: FaultRule): Promise<boolean> {
  const { entry, res } = call;
  if (fault.kind === 'drop') {
    entry.status = -1;
    call.req.socket.destroy();
    return true;
  }
  if (fault.kind === 'status') {
    entry.status = fault.status ?? 503;
    await writeResponse(res, errorObject(entry.status, 131, fault.message ?? 'Internal error (injected fault)'));
    return true;
  }
  if (fault.kind === 'reply') {
    entry.status = fault.status ?? 200;
    await writeResponse(res, {
      status: entry.status,
      body: fault.body ?? '',
      contentType: fault.contentType ?? 'application/json; charset=utf-8',
      headers: { 'x-request-id': `emu-${entry.seq}`, ...fault.headers },
    });
    return true;
  }
  if (fault.kind === '429') {
    entry.status = 429;
    await writeResponse(res, {
      ...errorObject(429, 88, 'Rate limit exceeded'),
      headers: { ...injectedLimitHeaders(call.api, fault, call.entry.time), ...fault.headers },
    });
    return true;
  }
  return false;
}

/** The exhausted-limit headers an injected 429 announces (none when resetHeaders is false). */
function injectedLimitHeaders(api: EmuApi, fault: FaultRule, now: number): Record<string, string> {
  if (fault.resetHeaders === false) return {};
  const reset = String(Math.ceil(now / 1000) + (fault.resetInSec ?? 1));
  return api === 'platform'
    ? { 'x-rate-limit-limit': '900', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': reset }
    : { 'x-account-rate-limit-limit': '2000', 'x-account-rate-limit-remaining': '0', 'x-account-rate-limit-reset': reset };
}

function answerUnrouted(call: Call, methodMismatch: boolean): Promise<void> {
  const { entry, method, path } = call;
  entry.status = methodMismatch ? 405 : 404;
  const r =
    call.api === 'platform'
      ? problem(
          entry.status,
          'about:blank',
          methodMismatch ? 'Method Not Allowed' : 'Not Found',
          `${method} ${path} is not served by the emulator`,
        )
      : errorObject(entry.status, entry.status, `${method} ${path} is not served by the emulator`);
  return writeResponse(call.res, r);
}

function authenticateCall(ctx: DispatchContext, call: Call, spec: RouteSpec, raw: Buffer): ReturnType<typeof authenticate> {
  const { req, url } = call;
  const header = req.headers.authorization;
  if (header) call.entry.authScheme = header.split(' ')[0];
  const info = {
    method: call.method,
    host: req.headers.host ?? ctx.host,
    rawPath: url.pathname,
    query: url.search.slice(1),
    contentType: String(req.headers['content-type'] ?? ''),
    body: raw.toString('utf8'),
    authorization: header,
  };
  // Platform endpoints the descriptions' security requirements cover: the emulator's own table decides.
  const rule = call.api === 'platform' && spec.auth !== 'none' ? ruleFor(call.method, spec.path) : undefined;
  return rule ? authenticateByRule(ctx.state, rule, info) : authenticate(ctx.state, spec.auth, info);
}

/** Rate limits per route bucket and principal; the headers go on every response. */
function rateLimit(
  state: EmulatorState,
  call: Call,
  spec: RouteSpec,
  params: Record<string, string>,
  auth: AuthInfo | null,
): { allowed: boolean; headers: Record<string, string> } {
  const bucket = spec.bucket ?? `${spec.method} ${spec.path}`;
  const principal = (spec.perUser ? auth?.userId : params.account_id) ?? auth?.userId ?? auth?.consumerKey ?? 'anonymous';
  const isAds = call.api !== 'platform';
  const rl = state.limiter.hit(bucket, principal, spec.limit ?? (isAds ? ADS_DEFAULT_LIMIT : DEFAULT_LIMIT), state.now());
  const prefix = isAds && params.account_id && !spec.perUser ? 'x-account-rate-limit' : 'x-rate-limit';
  const headers = {
    [`${prefix}-limit`]: String(rl.limit),
    [`${prefix}-remaining`]: String(rl.remaining),
    [`${prefix}-reset`]: String(rl.reset),
  };
  return { allowed: rl.allowed, headers };
}

function buildRequest(call: Call, params: Record<string, string>, raw: Buffer, auth: AuthInfo | null): EmuRequest {
  const isAds = call.api !== 'platform';
  return {
    method: call.method,
    api: call.api,
    path: call.path,
    params,
    query: call.url.searchParams,
    headers: call.req.headers,
    raw,
    auth,
    text: () => raw.toString('utf8'),
    json: () => {
      try {
        return JSON.parse(raw.toString('utf8'));
      } catch {
        throw new EmuHttpError(
          isAds
            ? { status: 400, body: { errors: [{ code: 'INVALID_JSON', message: 'The request body is not valid JSON' }] } }
            : problem(400, 'invalid-request', 'Invalid Request', 'The request body is not valid JSON', {
                errors: [{ message: 'body is not valid JSON', parameters: {} }],
              }),
        );
      }
    },
    form: () => new URLSearchParams(raw.toString('utf8')),
  };
}

async function runHandler(spec: RouteSpec, emuReq: EmuRequest, state: EmulatorState): Promise<EmuResponse> {
  try {
    return await spec.handler(emuReq, state);
  } catch (e) {
    if (e instanceof EmuHttpError) return e.response;
    return errorObject(500, 131, `Internal error: ${(e as Error).message}`);
  }
}

/** Writes the handler's answer, streamed or whole, slowed or cut by a body-level fault. */
async function answer(
  call: Call,
  emuReq: EmuRequest,
  response: EmuResponse,
  rlHeaders: Record<string, string>,
  fault: FaultRule | undefined,
): Promise<void> {
  call.entry.status = response.status;
  response.headers = { ...rlHeaders, 'x-request-id': `emu-${call.entry.seq}`, ...response.headers };
  if (response.stream) {
    call.res.writeHead(response.status, { 'content-type': response.contentType ?? 'application/json', ...response.headers });
    await response.stream(call.res, emuReq);
    return;
  }
  const mode: WriteMode = {
    slow: fault?.kind === 'slow',
    cut: fault?.kind === 'drop-after',
    ...(fault?.kind === 'trickle' ? { trickleMs: fault.intervalMs ?? 2000 } : {}),
  };
  return writeResponse(call.res, response, mode);
}
