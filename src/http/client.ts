// The one HTTP client: undici with keep-alive and proxy support, OAuth 1.0a /
// bearer / Basic signing, bounded retries with backoff, 429 waits from the
// announced reset, rate-limit capture and a redacted --verbose trace.
import { EnvHttpProxyAgent, request as undiciRequest, type Dispatcher } from './undici-lite.js';
import type { Readable } from 'node:stream';
import { ApiError } from '../api-error.js';
import { AuthError, CliError, Interrupted, NetworkError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { backoffDelay, resetJitter, sleep } from './backoff.js';
import { loopbackRefused, retryLine } from './retry-notice.js';
import { encodeParams, toParams, type ParamInput, type Params } from './encode.js';
import { signOAuth1 } from './oauth1.js';
import { describeRateLimit, parseRateLimit, waitFor429, type RateLimitInfo } from './rate-limit.js';
import { Redactor } from './redact.js';
import { assertSafeBaseUrl } from './url-policy.js';
import { OriginPolicy } from './origin-policy.js';
import { Deadline, describeTimeout } from './deadline.js';
import { DEFAULT_MAX_BODY_BYTES, bodyTooLarge, readCapped } from './body.js';
import { describeDailyCap, exhaustedDailyCap } from './daily-cap.js';
import { parseJson, stringifyJson } from '../json/lossless.js';
import { clip, neutralize } from '../output/sanitize.js';
import type { NameStyle } from '../wire/names.js';
import { hasDialectNames, inDialect, negotiatedDialect, type Dialect } from '../wire/dialect.js';
// Loaded with the client (one chunk, no extra file on a lookup's path); the context builds it.
export { DialectCache } from '../wire/dialect-cache.js';

export type ApiName = 'platform' | 'ads' | 'ads-sandbox';
export type AuthMode = 'user' | 'app' | 'basic' | 'none' | 'oauth2';

/**
 * OAuth 2.0 user context (`--auth oauth2`), implemented in src/auth/oauth2-session.ts:
 * the Authorization header to send (refreshed first when expired), and what a
 * 401 to that header means — true when a renewed token is ready to retry with.
 */
export interface OAuth2Hook {
  header(): Promise<string>;
  unauthorized(sentHeader: string): Promise<boolean>;
}

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
  /** One line per retry or wait (cause, attempt, delay): cron logs show them; replaces the long-wait notice. */
  retryNotice?: ((line: string) => void) | undefined;
  signal?: AbortSignal | undefined;
  userAgent?: string;
  redactor?: Redactor;
  random?: () => number;
  /** Wire-name spelling (src/wire/names.ts); default official. */
  names?: NameStyle;
  /** Supplies and renews OAuth 2.0 user tokens for `auth: 'oauth2'`. */
  oauth2?: OAuth2Hook;
  /** The field dialect negotiated per API origin (src/wire/dialect.ts), remembered in the cache. */
  dialects?: { get(origin: string): Dialect | undefined; set(origin: string, dialect: Dialect): void };
  /** The pager's hard limit on requests per listing (paginate.ts). */
  maxPages?: number;
  /** Largest response body read into memory (body.ts). */
  maxBodyBytes?: number;
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
  /** What a 2xx body must be (default 'json'; see parseBody). */
  expect?: BodyExpectation;
  /** The answer may carry credentials (the token endpoint): its body is never shown in traces or messages. */
  secretBody?: boolean;
}

export type BodyExpectation = 'json' | 'text' | 'raw';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string>;
  body: T;
  text: string;
  /** The body bytes exactly as received. */
  raw: Buffer;
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

// ENOTFOUND is not here: a name that does not exist will not appear on retry.
const RETRYABLE_CODES = new Set([
  'DEADLINE',
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH',
  'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
]);
// The request never reached a server that could act on it.
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'EAI_AGAIN', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function errCode(e: unknown): string | undefined {
  let cur = e as { code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; cur && i < 4; i++, cur = cur.cause as typeof cur) if (typeof cur.code === 'string') return cur.code;
  return undefined;
}

function flattenHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/**
 * The body as the caller expects it. 'json': must parse (notJson otherwise, which
 * a 2xx turns into exit 7). 'text'/'raw': JSON when it looks like JSON, else the
 * text (form-encoded OAuth answers, `postctl request`).
 */
function parseBody(text: string, contentType: string | undefined, expect: BodyExpectation): { value: unknown; notJson?: true } {
  if (!text.trim()) return { value: null };
  const looksJson = /json/i.test(contentType ?? '') || /^\s*[{[]/.test(text);
  if (expect === 'json' || looksJson) {
    try {
      return { value: parseJson(text) };
    } catch {
      return expect === 'json' ? { value: text, notJson: true } : { value: text };
    }
  }
  return { value: text };
}

export class ApiClient {
  readonly stats: ClientStats = { requests: 0, retries: 0, rateLimitWaits: 0, waitedMs: 0 };
  /** Last rate-limit state seen per API. */
  readonly rateLimits = new Map<ApiName, RateLimitInfo>();
  readonly redactor: Redactor;
  /** Wire-name spelling every endpoint function asks for (`wire(key, client.names)`). */
  readonly names: NameStyle;
  private dispatcher: Dispatcher;
  private opts: Required<
    Pick<ClientOptions, 'timeoutMs' | 'maxWaitMs' | 'maxRetries' | 'retryBaseMs' | 'userAgent' | 'random' | 'maxPages' | 'maxBodyBytes'>
  > &
    ClientOptions;
  private bearerPromise: Promise<string> | undefined;
  /**
   * The authentication of requests that name none: OAuth 1.0a user context
   * unless a verb chose otherwise from the endpoint table (OAuth 2.0 for a
   * media upload after `auth oauth2`), so deep call chains need no auth argument.
   */
  defaultAuth: AuthMode = 'user';
  private readonly origins: OriginPolicy;

  constructor(options: ClientOptions) {
    this.opts = {
      timeoutMs: 30_000,
      maxWaitMs: 900_000,
      maxRetries: 5,
      retryBaseMs: 500,
      userAgent: 'postctl',
      random: Math.random,
      maxPages: 10_000,
      maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
      ...options,
    };
    for (const url of Object.values(options.urls)) assertSafeBaseUrl(url);
    this.origins = new OriginPolicy(Object.values(options.urls));
    this.redactor = options.redactor ?? new Redactor();
    this.names = options.names ?? 'official';
    const c = options.credentials;
    this.redactor.add(c.consumerSecret, c.accessToken, c.accessTokenSecret, c.bearerToken);
    // One agent for the whole run: keep-alive, bounded connections, HTTP(S)_PROXY/NO_PROXY honoured.
    this.dispatcher = new EnvHttpProxyAgent({
      connections: 16,
      keepAliveTimeout: 10_000,
      connect: { timeout: Math.min(this.opts.timeoutMs, 30_000) },
    });
  }

  get credentials(): Credentials {
    return this.opts.credentials;
  }

  /** The pager's page cap (--max-pages, POSTCTL_MAX_PAGES). */
  get maxPages(): number {
    return this.opts.maxPages;
  }

  /** A line for the user on stderr (warnings of the pager), even without --verbose. */
  notice(line: string): void {
    this.opts.notice?.(line);
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
    const base = /^https?:\/\//.test(opts.path)
      ? opts.path
      : this.baseUrl(opts.api ?? 'platform') + (opts.path.startsWith('/') ? '' : '/') + opts.path;
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
      if (!c.consumerKey || !c.consumerSecret)
        throw new AuthError(
          'the consumer key and secret are needed for this call',
          'set POSTCTL_CONSUMER_KEY and POSTCTL_CONSUMER_SECRET, or run `postctl auth login`.',
        );
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
    if (!c.consumerKey || !c.consumerSecret)
      throw new AuthError(
        'no consumer key/secret for OAuth 1.0a signing',
        'run `postctl auth login`, or set POSTCTL_CONSUMER_KEY and POSTCTL_CONSUMER_SECRET.',
      );
    let token: { token: string; secret: string } | undefined;
    if (opts.token !== undefined) token = opts.token ?? undefined;
    else {
      if (!c.accessToken || !c.accessTokenSecret)
        throw new AuthError(
          'no access token for user-context OAuth 1.0a',
          'run `postctl auth login` (or `postctl auth pin`), or set POSTCTL_ACCESS_TOKEN and POSTCTL_ACCESS_TOKEN_SECRET.',
        );
      token = { token: c.accessToken, secret: c.accessTokenSecret };
    }
    if (token) this.redactor.add(token.token, token.secret);
    return signOAuth1(
      { consumerKey: c.consumerKey, consumerSecret: c.consumerSecret, token: token?.token, tokenSecret: token?.secret },
      { method, url, params: signed, ...(opts.oauthExtra ? { extra: opts.oauthExtra } : {}) },
    ).header;
  }

  /** Sends a request, retrying as the policy allows; returns the parsed response or throws. */
  async request<T = unknown>(opts: RequestOptions): Promise<ApiResponse<T>> {
    if (!opts.auth) opts = { ...opts, auth: this.defaultAuth };
    const origin = this.dialectOrigin(opts);
    if (!origin) return (await this.sendAuthed(opts)) as ApiResponse<T>;
    const known = this.opts.dialects!.get(origin);
    if (known === 'post') opts = { ...opts, query: inDialect(opts.query, known) };
    let res: ApiResponse | StreamResponse;
    try {
      res = await this.sendAuthed(opts);
      if (res.status !== 400) return res as ApiResponse<T>;
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 400)) throw e;
      const retry = this.negotiate(opts, origin, e.body);
      if (!retry) throw e;
      return (await this.sendAuthed(retry)) as ApiResponse<T>;
    }
    // noThrow: the 400 came back as a response.
    const retry = this.negotiate(opts, origin, (res as ApiResponse).body);
    return (retry ? await this.sendAuthed(retry) : res) as ApiResponse<T>;
  }

  private sendAuthed(opts: RequestOptions): Promise<ApiResponse | StreamResponse> {
    return opts.auth === 'oauth2' ? this.sendOAuth2(opts, false) : this.send(opts, false);
  }

  /** The platform origin of a field-selecting request sent in official names (neutral names have one spelling). */
  private dialectOrigin(opts: RequestOptions): string | undefined {
    if (!this.opts.dialects || this.names !== 'official' || (opts.api ?? 'platform') !== 'platform') return undefined;
    if (!hasDialectNames(opts.query)) return undefined;
    return new URL(this.buildUrl(opts).url).origin;
  }

  /** A 400 naming a field parameter as unknown, with its other spelling accepted: the request once more in that dialect. */
  private negotiate(opts: RequestOptions, origin: string, body: unknown): RequestOptions | undefined {
    const n = negotiatedDialect(body);
    if (!n) return undefined;
    const query = inDialect(opts.query, n.dialect);
    this.opts.dialects!.set(origin, n.dialect);
    this.trace(
      `! names: ${origin} does not know ${n.from} and accepts ${n.to}: retrying once in the ${n.dialect === 'post' ? 'openapi v2.167 (post.fields)' : 'openapi v2.159 (tweet.fields)'} dialect, remembered for this origin`,
    );
    return { ...opts, query };
  }

  /** Like request, but hands back the open body stream of a 2xx response (event streams). */
  async stream(opts: RequestOptions): Promise<StreamResponse> {
    if (!opts.auth) opts = { ...opts, auth: this.defaultAuth };
    return (await (opts.auth === 'oauth2' ? this.sendOAuth2(opts, true) : this.send(opts, true))) as StreamResponse;
  }

  // The OAuth 2.0 hook, kept apart from the retry loop: the token goes in as a
  // plain header, and a 401 leads to at most one renewal and one more attempt.
  private async sendOAuth2(opts: RequestOptions, streaming: boolean): Promise<ApiResponse | StreamResponse> {
    const hook = this.opts.oauth2;
    if (!hook) throw new AuthError('OAuth 2.0 user context is not available here', 'log in with `postctl auth oauth2`.');
    const attempt = async (header: string) => {
      this.redactor.add(header.replace(/^Bearer\s+/i, ''));
      return this.send({ ...opts, auth: 'none', headers: { ...opts.headers, authorization: header } }, streaming);
    };
    const header = await hook.header();
    try {
      const res = await attempt(header);
      if (res.status !== 401 || !(await hook.unauthorized(header))) return res;
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 401) || !(await hook.unauthorized(header))) throw e;
    }
    this.trace('! 401 with the OAuth 2.0 access token; retrying once with the renewed token');
    return attempt(await hook.header());
  }

  private async send(opts: RequestOptions, streaming: boolean): Promise<ApiResponse | StreamResponse> {
    const method = (opts.method ?? 'GET').toUpperCase();
    const { url, query } = this.buildUrl(opts);
    // Before signing: credentials go only to the configured origins (origin-policy.ts).
    this.origins.check(new URL(url), opts.auth ?? 'user');
    const form = opts.form !== undefined ? toParams(opts.form) : undefined;
    const fullUrl = query.length ? `${url}?${encodeParams(query)}` : url;
    const idempotent = opts.idempotent ?? method !== 'POST';
    const deadline = Date.now() + this.opts.maxWaitMs;
    const { body, headers: baseHeaders } = this.requestBody(opts, form);

    for (let attempt = 1; ; attempt++) {
      if (this.opts.signal?.aborted) throw new Interrupted();
      // Signed anew on every attempt: fresh nonce and timestamp.
      const headers = { ...baseHeaders };
      const auth = await this.authorization(opts, method, url, [...query, ...(form ?? [])]);
      if (auth) headers['authorization'] = auth;
      this.stats.requests++;
      this.traceRequest(method, fullUrl, attempt, headers, body);
      const a: AttemptState = { attempt, idempotent, deadline, method, url, fullUrl, opts, t0: Date.now() };
      let retry: Retry;
      const attemptDeadline = new Deadline(attemptBudgetMs(this.opts.timeoutMs, body), this.opts.signal);
      try {
        const res = await undiciRequest(fullUrl, {
          method: method as Dispatcher.HttpMethod,
          headers,
          body: body ?? null,
          dispatcher: this.dispatcher,
          headersTimeout: this.opts.timeoutMs,
          bodyTimeout: streaming ? 0 : this.opts.timeoutMs,
          signal: attemptDeadline.signal,
        });
        const outcome = await this.receive(res, a, streaming, attemptDeadline);
        if (!streaming || !('done' in outcome)) attemptDeadline.dispose();
        if ('done' in outcome) return outcome.done;
        retry = outcome.retry;
      } catch (e) {
        attemptDeadline.dispose();
        if (e instanceof CliError) throw e;
        if (this.opts.signal?.aborted) throw new Interrupted();
        retry = this.afterTransportError(e, { ...a, timedOut: attemptDeadline.expired });
      }
      this.stats.retries++;
      this.stats.waitedMs += retry.waitMs;
      this.trace(`! ${retry.reason}; retry ${attempt}/${this.opts.maxRetries} in ${retry.waitMs} ms`);
      this.opts.retryNotice?.(retryLine(method, url, retry.reason, attempt, this.opts.maxRetries, retry.waitMs));
      try {
        await sleep(retry.waitMs, this.opts.signal);
      } catch {
        throw new Interrupted();
      }
    }
  }

  private traceRequest(
    method: string,
    fullUrl: string,
    attempt: number,
    headers: Record<string, string>,
    body: string | Buffer | undefined,
  ): void {
    if (!this.opts.trace) return;
    this.trace(`> ${method} ${this.redactor.url(fullUrl)}${attempt > 1 ? ` (attempt ${attempt})` : ''}`);
    for (const [k, v] of Object.entries(headers)) this.trace(`> ${k}: ${this.redactor.header(k, v)}`);
    // Binary bodies (media chunks) are not shown: only their size.
    if (Buffer.isBuffer(body) && /^multipart\//i.test(headers['content-type'] ?? ''))
      this.trace(`> (${body.length} bytes of ${headers['content-type']!.split(';')[0]})`);
    else if (body !== undefined) this.trace(`> ${this.redactor.body(String(body)).slice(0, 2000)}`);
  }

  /** Reads one response (whole body within the deadline): the result, a retry, or a thrown error. */
  private async receive(
    res: Dispatcher.ResponseData,
    a: AttemptState,
    streaming: boolean,
    attemptDeadline: Deadline,
  ): Promise<{ done: ApiResponse | StreamResponse } | { retry: Retry }> {
    const { opts, method, url, fullUrl } = a;
    const resHeaders = flattenHeaders(res.headers as Record<string, string | string[] | undefined>);
    const rateLimit = parseRateLimit(resHeaders);
    if (rateLimit.remaining !== undefined || rateLimit.limit !== undefined) this.rateLimits.set(opts.api ?? 'platform', rateLimit);
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    if (streaming && ok) {
      // The deadline covers reaching the stream, not how long it stays open.
      attemptDeadline.clear();
      this.trace(`< ${res.statusCode} streaming (${Date.now() - a.t0} ms)`);
      // The link to the run's signal lives as long as this body, not the run: one listener per connection, not per reconnect.
      const body = res.body as unknown as Readable;
      body.once('close', () => attemptDeadline.dispose());
      return { done: { status: res.statusCode, headers: resHeaders, body, url: fullUrl } };
    }
    const limit = this.opts.maxBodyBytes;
    const raw = await readCapped(res.body as unknown as Readable, limit, resHeaders['content-length'], (seen) =>
      bodyTooLarge(method, url, res.statusCode, limit, seen),
    );
    attemptDeadline.clear();
    const text = raw.toString('utf8');
    const parsed = parseBody(text, resHeaders['content-type'], opts.expect ?? 'json');
    if (this.opts.trace) {
      const rl = describeRateLimit(rateLimit);
      this.trace(
        `< ${res.statusCode} in ${Date.now() - a.t0} ms${rl ? `; ${rl}` : ''}${resHeaders['x-request-id'] ? `; request id ${resHeaders['x-request-id']}` : ''}`,
      );
      if (text)
        this.trace(
          opts.secretBody ? `< (${raw.length} bytes, not shown: it may hold credentials)` : `< ${this.redactor.body(text).slice(0, 2000)}`,
        );
    }
    if (ok && (parsed.notJson || emptyWhereJsonPromised(res.statusCode, text, opts.expect)))
      throw notJsonError(method, url, res.statusCode, opts.secretBody ? undefined : text, raw.length);
    const response: ApiResponse = {
      status: res.statusCode,
      headers: resHeaders,
      body: parsed.value,
      text,
      raw,
      rateLimit,
      attempts: a.attempt,
      method,
      url: fullUrl,
    };
    if (ok || (opts.noThrow && res.statusCode < 500 && res.statusCode !== 429 && !this.retryableStatus(opts, res.statusCode)))
      return { done: response };
    const error = new ApiError({
      status: res.statusCode,
      method,
      url: fullUrl,
      body: parsed.value,
      requestId: resHeaders['x-request-id'] ?? resHeaders['x-transaction-id'],
      auth: opts.auth ?? 'user',
    });
    const retry = this.afterErrorStatus(error, resHeaders, a);
    if (retry) return { retry };
    if (opts.noThrow && res.statusCode !== 429) return { done: response };
    throw error;
  }

  private requestBody(
    opts: RequestOptions,
    form: Params | undefined,
  ): { body: string | Buffer | undefined; headers: Record<string, string> } {
    const headers: Record<string, string> = { 'user-agent': this.opts.userAgent, accept: 'application/json', ...opts.headers };
    if (form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      return { body: encodeParams(form), headers };
    }
    if (opts.json !== undefined) {
      headers['content-type'] = 'application/json';
      return { body: stringifyJson(opts.json), headers };
    }
    if (opts.body !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
    return { body: opts.body, headers };
  }

  /**
   * The ads API's 408 CANCELLED_REQUEST and 423 LOCK_ACQUISITION_TIMEOUT mean
   * "try again" like a 503 (ads/fundamentals-error-codes-and-responses.mdx).
   */
  private retryableStatus(opts: RequestOptions, status: number): boolean {
    return status >= 500 || ((status === 408 || status === 423) && (opts.api ?? 'platform') !== 'platform');
  }

  /** What to do after an HTTP error status: a retry (reason and wait), or undefined to give up. */
  private afterErrorStatus(error: ApiError, resHeaders: Record<string, string>, a: AttemptState): Retry | undefined {
    const status = error.status;
    if (status === 429) return this.after429(error, resHeaders, a);
    if (!this.retryableStatus(a.opts, status) || !a.idempotent || a.attempt > this.opts.maxRetries) return undefined;
    const waitMs = backoffDelay(a.attempt, { baseMs: this.opts.retryBaseMs, capMs: 30_000 }, this.opts.random);
    if (Date.now() + waitMs > a.deadline) return undefined;
    return { reason: status >= 500 ? `server error ${status}` : `HTTP ${status} ${error.errors[0]?.code ?? ''}`.trim(), waitMs };
  }

  /**
   * 429: wait for an announced, plausible reset (rate-limit.ts decides which are),
   * else exponential backoff with jitter — both within --max-wait. A used-up
   * 24-hour cap is not waited for at all (daily-cap.ts).
   */
  private after429(error: ApiError, resHeaders: Record<string, string>, a: AttemptState): Retry {
    // TooManyConnections is not a rate limit: only terminating connections clears it.
    if (error.problemKind === 'streaming-connection') throw error;
    const cap = exhaustedDailyCap(resHeaders);
    if (cap) {
      error.hint = `${describeDailyCap(cap)}. postctl does not wait for daily caps; run again after the reset.`;
      throw error;
    }
    const announced = waitFor429(resHeaders);
    const waitMs =
      announced !== undefined
        ? announced + resetJitter(this.opts.retryBaseMs, this.opts.random)
        : backoffDelay(a.attempt, { baseMs: this.opts.retryBaseMs * 2, capMs: 60_000 }, this.opts.random);
    this.stats.rateLimitWaits++;
    // A 429 is retried even for non-idempotent calls: the server did not act on it.
    if (Date.now() + waitMs > a.deadline) {
      error.hint =
        announced !== undefined
          ? `The rate-limit window resets in ${Math.ceil(waitMs / 1000)} s, beyond --max-wait (${Math.round(this.opts.maxWaitMs / 1000)} s). Raise --max-wait or retry later.`
          : `Still rate limited after ${a.attempt} attempts with no usable reset announced; gave up within --max-wait (${Math.round(this.opts.maxWaitMs / 1000)} s). Retry later.`;
      throw error;
    }
    if (waitMs > 5000 && !this.opts.retryNotice)
      this.opts.notice?.(
        `rate limited on ${a.method} ${new URL(a.url).pathname}; waiting ${Math.ceil(waitMs / 1000)} s${announced !== undefined ? ' for the reset' : ''}`,
      );
    return {
      reason:
        announced !== undefined
          ? 'rate limited (429); waiting for the announced reset'
          : 'rate limited (429) with no usable reset announced; backing off',
      waitMs,
    };
  }

  /** After a transport failure: a retry, or a NetworkError (thrown). */
  private afterTransportError(e: unknown, a: AttemptState & { timedOut: boolean }): Retry {
    const code = a.timedOut ? 'DEADLINE' : errCode(e);
    const message = a.timedOut
      ? `no complete response within ${describeTimeout(this.opts.timeoutMs)}`
      : ((e as Error)?.message ?? String(e));
    if (code === 'ENOTFOUND') throw this.unresolvable(a, e);
    if (code === 'ECONNREFUSED') {
      const fast = loopbackRefused(a.url, this.urlVariable(a.url), e);
      if (fast) throw fast;
    }
    const retryable = code !== undefined && RETRYABLE_CODES.has(code) && (a.idempotent || NOT_SENT_CODES.has(code));
    if (!retryable || a.attempt > this.opts.maxRetries) {
      throw new NetworkError(
        `${a.method} ${a.url} failed after ${a.attempt} attempt${a.attempt > 1 ? 's' : ''}: ${a.timedOut ? '' : (code ?? '')} ${message}`.replace(
          /\s+/g,
          ' ',
        ),
        {
          hint:
            code && !retryable && !a.idempotent
              ? 'The request was not retried because repeating it could act twice; check the result before sending again.'
              : a.timedOut
                ? 'The server did not finish answering in time; raise --timeout if it is merely slow.'
                : 'Check the network and the base URL (`postctl config list`), or raise --timeout.',
          cause: e,
        },
      );
    }
    const waitMs = backoffDelay(a.attempt, { baseMs: this.opts.retryBaseMs, capMs: 30_000 }, this.opts.random);
    if (Date.now() + waitMs > a.deadline)
      throw new NetworkError(`${a.method} ${a.url} failed: ${code} ${message} (no time left within --max-wait)`, { cause: e });
    return { reason: a.timedOut ? message : `network error ${code}`, waitMs };
  }

  /** The variable that sets the base URL `url` is under, for messages. */
  private urlVariable(url: string): string | undefined {
    const origin = new URL(url).origin;
    const setting = (Object.keys(URL_VARIABLES) as ApiName[]).find((api) => new URL(this.opts.urls[api]).origin === origin);
    return setting ? URL_VARIABLES[setting] : undefined;
  }

  /** DNS said the name does not exist: retrying cannot help; name the setting to check. */
  private unresolvable(a: AttemptState, e: unknown): NetworkError {
    const host = new URL(a.url).hostname;
    const variable = this.urlVariable(a.url);
    const check = variable ? ` (check ${variable})` : '';
    return new NetworkError(`cannot resolve ${host}${check}`, {
      hint: 'The host name does not exist in DNS; fix the base URL (`postctl config list` shows where it comes from).',
      cause: e,
    });
  }
}

interface AttemptState {
  attempt: number;
  idempotent: boolean;
  /** Epoch ms after which no retry may start (--max-wait). */
  deadline: number;
  method: string;
  /** Without the query (signed base URL, messages). */
  url: string;
  fullUrl: string;
  opts: RequestOptions;
  t0: number;
}

interface Retry {
  reason: string;
  waitMs: number;
}

/**
 * The deadline of one attempt: --timeout, plus a second for every 32 KiB of
 * request body, so a large upload on a slow link is not cut while it is still
 * sending (undici's own timers never counted the upload either).
 */
export function attemptBudgetMs(timeoutMs: number, body: string | Buffer | undefined): number {
  if (timeoutMs <= 0 || body === undefined) return timeoutMs;
  return timeoutMs + Math.ceil(Buffer.byteLength(body) / 32_768) * 1000;
}

/** The variable that sets each base URL, for messages. */
const URL_VARIABLES: Record<ApiName, string> = {
  platform: 'POSTCTL_API_URL',
  ads: 'POSTCTL_ADS_URL',
  'ads-sandbox': 'POSTCTL_ADS_SANDBOX_URL',
};

/**
 * An empty (or blank) 2xx body where JSON was promised is no answer: printing `{}`
 * and exit 0 would tell a script the lookup found nothing. 204/205 say "no content"
 * on purpose and stay allowed.
 */
function emptyWhereJsonPromised(status: number, text: string, expect: BodyExpectation | undefined): boolean {
  return (expect ?? 'json') === 'json' && status !== 204 && status !== 205 && text.trim() === '';
}

/** A 2xx whose body is not the JSON the endpoint promises: a proxy page, a truncated or hostile answer. */
function notJsonError(method: string, url: string, status: number, text: string | undefined, bytes: number): NetworkError {
  const head =
    text === undefined
      ? `(${bytes} bytes, not shown: it may hold credentials)`
      : text.trim() === ''
        ? `(empty, ${bytes} bytes)`
        : neutralize(clip(text, 120));
  return new NetworkError(`${method} ${new URL(url).pathname} answered HTTP ${status} with a body that is not JSON: ${head}`, {
    hint: 'Something other than the API answered (a proxy, captive portal or wrong base URL), or the answer was cut short; check the base URL and proxy settings, then retry.',
  });
}

export { EXIT };
