// The one HTTP client: undici with keep-alive and proxy support, OAuth 1.0a /
// bearer / Basic signing, bounded retries with backoff, 429 waits from the
// announced reset, rate-limit capture and a redacted --verbose trace.
import { EnvHttpProxyAgent, request as undiciRequest, type Dispatcher } from './undici-lite.js';
import type { Readable } from 'node:stream';
import { ApiError } from '../api-error.js';
import { AuthError, CliError, Interrupted, NetworkError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { backoffDelay, resetJitter, sleep } from './backoff.js';
import { encodeParams, toParams, type ParamInput, type Params } from './encode.js';
import { signOAuth1 } from './oauth1.js';
import { describeRateLimit, parseRateLimit, waitFor429, type RateLimitInfo } from './rate-limit.js';
import { Redactor } from './redact.js';
import { assertSafeBaseUrl } from './url-policy.js';
import type { NameStyle } from '../wire/names.js';

export type ApiName = 'platform' | 'ads' | 'ads-sandbox';
export type AuthMode = 'user' | 'app' | 'basic' | 'none';

export interface Credentials {
  consumerKey?: string | undefined;
  consumerSecret?: string | undefined;
  accessToken?: string | undefined;
  accessTokenSecret?: string | undefined;
  bearerToken?: string | undefined;
}

export interface ClientOptions {
  urls: Record<ApiName, string>;
  credentials: Credentials;
  /** Supplies an app-only bearer token when none is configured (fetch + cache). */
  getBearer?: () => Promise<string>;
  timeoutMs?: number;
  /** Upper bound on the total time one request may spend waiting (429 resets and backoff). */
  maxWaitMs?: number;
  maxRetries?: number;
  retryBaseMs?: number;
  trace?: ((line: string) => void) | undefined;
  /** Tells the user about long waits (stderr), even without --verbose. */
  notice?: ((line: string) => void) | undefined;
  signal?: AbortSignal | undefined;
  userAgent?: string;
  redactor?: Redactor;
  random?: () => number;
  /** Wire-name spelling (src/wire/names.ts); default official. */
  names?: NameStyle;
}

export interface RequestOptions {
  api?: ApiName;
  method?: string;
  /** Path under the API's base URL ('/2/posts'), or an absolute URL. */
  path: string;
  query?: ParamInput;
  /** application/x-www-form-urlencoded body; signed with OAuth 1.0a. */
  form?: ParamInput;
  /** JSON body; never part of the OAuth signature. */
  json?: unknown;
  /** Raw body with its content type (postctl request --input). */
  body?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  auth?: AuthMode;
  /** Token to sign with instead of the access token (request-token step), or null for none. */
  token?: { token: string; secret: string } | null;
  /** Extra oauth_* protocol parameters (oauth_callback, oauth_verifier). */
  oauthExtra?: Record<string, string>;
  /**
   * Safe to send twice? Defaults: GET/HEAD/PUT/DELETE yes, POST no. Non-idempotent
   * requests are retried only when the server cannot have acted on them (429,
   * connection refused).
   */
  idempotent?: boolean;
  /** Return HTTP error responses instead of throwing ApiError. */
  noThrow?: boolean;
}

export interface ApiResponse<T = any> {
  status: number;
  headers: Record<string, string>;
  body: T;
  text: string;
  rateLimit: RateLimitInfo;
  attempts: number;
  method: string;
  url: string;
}

export interface StreamResponse {
  status: number;
  headers: Record<string, string>;
  body: Readable;
  url: string;
}

export interface ClientStats {
  requests: number;
  retries: number;
  rateLimitWaits: number;
  waitedMs: number;
}

const RETRYABLE_CODES = new Set([
  'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH',
  'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH', 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
]);
// The request never reached a server that could act on it.
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'EAI_AGAIN', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function errCode(e: unknown): string | undefined {
  let cur: any = e;
  for (let i = 0; cur && i < 4; i++, cur = cur.cause) if (typeof cur.code === 'string') return cur.code;
  return undefined;
}

function flattenHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

function parseBody(text: string, contentType: string | undefined): unknown {
  if (!text) return null;
  if (/json/i.test(contentType ?? '') || /^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export class ApiClient {
  readonly stats: ClientStats = { requests: 0, retries: 0, rateLimitWaits: 0, waitedMs: 0 };
  /** Last rate-limit state seen per API. */
  readonly rateLimits = new Map<ApiName, RateLimitInfo>();
  readonly redactor: Redactor;
  /** Wire-name spelling every endpoint function asks for (`wire(key, client.names)`). */
  readonly names: NameStyle;
  private dispatcher: Dispatcher;
  private opts: Required<Pick<ClientOptions, 'timeoutMs' | 'maxWaitMs' | 'maxRetries' | 'retryBaseMs' | 'userAgent' | 'random'>> & ClientOptions;
  private bearerPromise: Promise<string> | undefined;

  constructor(options: ClientOptions) {
    this.opts = {
      timeoutMs: 30_000,
      maxWaitMs: 900_000,
      maxRetries: 5,
      retryBaseMs: 500,
      userAgent: 'postctl',
      random: Math.random,
      ...options,
    };
    for (const url of Object.values(options.urls)) assertSafeBaseUrl(url);
    this.redactor = options.redactor ?? new Redactor();
    this.names = options.names ?? 'official';
    const c = options.credentials;
    this.redactor.add(c.consumerSecret, c.accessToken, c.accessTokenSecret, c.bearerToken);
    // One agent for the whole run: keep-alive, bounded connections, HTTP(S)_PROXY/NO_PROXY honoured.
    this.dispatcher = new EnvHttpProxyAgent({ connections: 16, keepAliveTimeout: 10_000, connect: { timeout: Math.min(this.opts.timeoutMs, 30_000) } });
  }

  get credentials(): Credentials {
    return this.opts.credentials;
  }

  baseUrl(api: ApiName): string {
    return this.opts.urls[api].replace(/\/+$/, '');
  }

  async close(): Promise<void> {
    await this.dispatcher.close().catch(() => undefined);
  }

  private trace(line: string): void {
    this.opts.trace?.(this.redactor.text(line));
  }

  private buildUrl(opts: RequestOptions): { url: string; query: Params } {
    const base = /^https?:\/\//.test(opts.path) ? opts.path : this.baseUrl(opts.api ?? 'platform') + (opts.path.startsWith('/') ? '' : '/') + opts.path;
    const u = new URL(base);
    // Query already in the path is kept, in order, ahead of the given parameters.
    const query: Params = [];
    for (const [k, v] of u.searchParams) query.push([k, v]);
    query.push(...toParams(opts.query));
    const bare = `${u.protocol}//${u.host}${u.pathname}`;
    return { url: bare, query };
  }

  private async authorization(opts: RequestOptions, method: string, url: string, signed: Params): Promise<string | undefined> {
    const mode = opts.auth ?? 'user';
    const c = this.opts.credentials;
    if (mode === 'none') return undefined;
    if (mode === 'basic') {
      if (!c.consumerKey || !c.consumerSecret) throw new AuthError('the consumer key and secret are needed for this call', 'set POSTCTL_CONSUMER_KEY and POSTCTL_CONSUMER_SECRET, or run `postctl auth login`.');
      // RFC 6749 §2.3.1: the key and secret are form-encoded before Base64.
      const basic = Buffer.from(`${encodeURIComponent(c.consumerKey)}:${encodeURIComponent(c.consumerSecret)}`).toString('base64');
      return `Basic ${basic}`;
    }
    if (mode === 'app') {
      let bearer = c.bearerToken;
      if (!bearer && this.opts.getBearer) {
        this.bearerPromise ??= this.opts.getBearer();
        bearer = await this.bearerPromise;
        this.redactor.add(bearer);
      }
      if (!bearer) throw new AuthError('no app-only bearer token', 'run `postctl auth token`, or set POSTCTL_BEARER_TOKEN.');
      return `Bearer ${bearer}`;
    }
    if (!c.consumerKey || !c.consumerSecret) throw new AuthError('no consumer key/secret for OAuth 1.0a signing', 'run `postctl auth login`, or set POSTCTL_CONSUMER_KEY and POSTCTL_CONSUMER_SECRET.');
    let token: { token: string; secret: string } | undefined;
    if (opts.token !== undefined) token = opts.token ?? undefined;
    else {
      if (!c.accessToken || !c.accessTokenSecret) throw new AuthError('no access token for user-context OAuth 1.0a', 'run `postctl auth login` (or `postctl auth pin`), or set POSTCTL_ACCESS_TOKEN and POSTCTL_ACCESS_TOKEN_SECRET.');
      token = { token: c.accessToken, secret: c.accessTokenSecret };
    }
    if (token) this.redactor.add(token.token, token.secret);
    return signOAuth1(
      { consumerKey: c.consumerKey, consumerSecret: c.consumerSecret, token: token?.token, tokenSecret: token?.secret },
      { method, url, params: signed, ...(opts.oauthExtra ? { extra: opts.oauthExtra } : {}) },
    ).header;
  }

  /** Sends a request, retrying as the policy allows; returns the parsed response or throws. */
  async request<T = any>(opts: RequestOptions): Promise<ApiResponse<T>> {
    const res = await this.send(opts, false);
    return res as ApiResponse<T>;
  }

  /** Like request, but hands back the open body stream of a 2xx response (event streams). */
  async stream(opts: RequestOptions): Promise<StreamResponse> {
    return (await this.send(opts, true)) as StreamResponse;
  }

  private async send(opts: RequestOptions, streaming: boolean): Promise<ApiResponse | StreamResponse> {
    const method = (opts.method ?? 'GET').toUpperCase();
    const { url, query } = this.buildUrl(opts);
    const form = opts.form !== undefined ? toParams(opts.form) : undefined;
    const fullUrl = query.length ? `${url}?${encodeParams(query)}` : url;
    const idempotent = opts.idempotent ?? method !== 'POST';
    const started = Date.now();
    const deadline = started + this.opts.maxWaitMs;
    let body: string | Buffer | undefined;
    const baseHeaders: Record<string, string> = { 'user-agent': this.opts.userAgent, accept: 'application/json', ...opts.headers };
    if (form) {
      body = encodeParams(form);
      baseHeaders['content-type'] = 'application/x-www-form-urlencoded';
    } else if (opts.json !== undefined) {
      body = JSON.stringify(opts.json);
      baseHeaders['content-type'] = 'application/json';
    } else if (opts.body !== undefined) {
      body = opts.body;
      baseHeaders['content-type'] = opts.contentType ?? 'application/json';
    }

    for (let attempt = 1; ; attempt++) {
      if (this.opts.signal?.aborted) throw new Interrupted();
      // Signed anew on every attempt: fresh nonce and timestamp.
      const headers = { ...baseHeaders };
      const auth = await this.authorization(opts, method, url, [...query, ...(form ?? [])]);
      if (auth) headers['authorization'] = auth;
      this.stats.requests++;
      const t0 = Date.now();
      if (this.opts.trace) {
        this.trace(`> ${method} ${this.redactor.url(fullUrl)}${attempt > 1 ? ` (attempt ${attempt})` : ''}`);
        for (const [k, v] of Object.entries(headers)) this.trace(`> ${k}: ${this.redactor.header(k, v)}`);
        // Binary bodies (media chunks) are not shown: only their size.
        if (Buffer.isBuffer(body) && /^multipart\//i.test(headers['content-type'] ?? '')) this.trace(`> (${body.length} bytes of ${headers['content-type']!.split(';')[0]})`);
        else if (body !== undefined) this.trace(`> ${this.redactor.body(String(body)).slice(0, 2000)}`);
      }
      let retryReason: string;
      let waitMs: number;
      try {
        const res = await undiciRequest(fullUrl, {
          method: method as Dispatcher.HttpMethod,
          headers,
          body: body ?? null,
          dispatcher: this.dispatcher,
          headersTimeout: this.opts.timeoutMs,
          bodyTimeout: streaming ? 0 : this.opts.timeoutMs,
          ...(this.opts.signal ? { signal: this.opts.signal } : {}),
        });
        const resHeaders = flattenHeaders(res.headers as Record<string, string | string[] | undefined>);
        const rateLimit = parseRateLimit(resHeaders);
        if (rateLimit.remaining !== undefined || rateLimit.limit !== undefined) this.rateLimits.set(opts.api ?? 'platform', rateLimit);
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        if (streaming && ok) {
          this.trace(`< ${res.statusCode} streaming (${Date.now() - t0} ms)`);
          return { status: res.statusCode, headers: resHeaders, body: res.body as unknown as Readable, url: fullUrl };
        }
        const text = await res.body.text();
        const parsed = parseBody(text, resHeaders['content-type']);
        if (this.opts.trace) {
          const rl = describeRateLimit(rateLimit);
          this.trace(`< ${res.statusCode} in ${Date.now() - t0} ms${rl ? `; ${rl}` : ''}${resHeaders['x-request-id'] ? `; request id ${resHeaders['x-request-id']}` : ''}`);
          if (text) this.trace(`< ${this.redactor.body(text).slice(0, 2000)}`);
        }
        const response: ApiResponse = { status: res.statusCode, headers: resHeaders, body: parsed, text, rateLimit, attempts: attempt, method, url: fullUrl };
        if (ok || (opts.noThrow && res.statusCode < 500 && res.statusCode !== 429)) return response;
        const error = new ApiError({ status: res.statusCode, method, url: fullUrl, body: parsed, requestId: resHeaders['x-request-id'] ?? resHeaders['x-transaction-id'] });
        if (res.statusCode === 429) {
          // TooManyConnections is not a rate limit: only terminating connections clears it.
          if (error.problemKind === 'streaming-connection') throw error;
          const announced = waitFor429(resHeaders);
          waitMs = announced !== undefined ? announced + resetJitter(this.opts.retryBaseMs, this.opts.random) : backoffDelay(attempt, { baseMs: this.opts.retryBaseMs * 2, capMs: 60_000 }, this.opts.random);
          retryReason = announced !== undefined ? 'rate limited (429); waiting for the announced reset' : 'rate limited (429) with no reset announced; backing off';
          this.stats.rateLimitWaits++;
          // A 429 is retried even for non-idempotent calls: the server did not act on it.
          if (Date.now() + waitMs > deadline) {
            error.hint = `The rate-limit window resets in ${Math.ceil(waitMs / 1000)} s, beyond --max-wait (${Math.round(this.opts.maxWaitMs / 1000)} s). Raise --max-wait or retry later.`;
            throw error;
          }
          if (waitMs > 5000) this.opts.notice?.(`rate limited on ${method} ${new URL(url).pathname}; waiting ${Math.ceil(waitMs / 1000)} s for the reset`);
        } else if (res.statusCode >= 500 && idempotent && attempt <= this.opts.maxRetries) {
          waitMs = backoffDelay(attempt, { baseMs: this.opts.retryBaseMs, capMs: 30_000 }, this.opts.random);
          retryReason = `server error ${res.statusCode}`;
          if (Date.now() + waitMs > deadline) throw error;
        } else {
          if (opts.noThrow && res.statusCode !== 429) return response;
          throw error;
        }
      } catch (e) {
        if (e instanceof CliError) throw e;
        if (this.opts.signal?.aborted) throw new Interrupted();
        const code = errCode(e);
        const message = (e as Error)?.message ?? String(e);
        const retryable = code !== undefined && RETRYABLE_CODES.has(code) && (idempotent || NOT_SENT_CODES.has(code));
        if (!retryable || attempt > this.opts.maxRetries) {
          throw new NetworkError(`${method} ${url} failed after ${attempt} attempt${attempt > 1 ? 's' : ''}: ${code ?? ''} ${message}`.replace(/\s+/g, ' '), {
            hint: code && !retryable && !idempotent ? 'The request was not retried because repeating it could act twice; check the result before sending again.' : 'Check the network and the base URL (`postctl config list`), or raise --timeout.',
            cause: e,
          });
        }
        waitMs = backoffDelay(attempt, { baseMs: this.opts.retryBaseMs, capMs: 30_000 }, this.opts.random);
        retryReason = `network error ${code}`;
        if (Date.now() + waitMs > deadline) throw new NetworkError(`${method} ${url} failed: ${code} ${message} (no time left within --max-wait)`, { cause: e });
      }
      this.stats.retries++;
      this.stats.waitedMs += waitMs;
      this.trace(`! ${retryReason}; retry ${attempt}/${this.opts.maxRetries} in ${waitMs} ms`);
      try {
        await sleep(waitMs, this.opts.signal);
      } catch {
        throw new Interrupted();
      }
    }
  }
}

export { EXIT };
