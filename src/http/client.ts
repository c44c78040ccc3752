// The one HTTP client: the send loop (URL, body, one attempt after another), rate-limit
// capture and a redacted --verbose trace. Its parts: transport.ts (the undici agent,
// reading a response), auth-header.ts (OAuth 1.0a / bearer / Basic signing, the
// OAuth 2.0 hook), retry-policy.ts (what is retried, backoff, 429 waits within
// --max-wait), types.ts (the request, answer and option types they all name).
import { request as undiciRequest, type Dispatcher } from './undici-lite.js';
import { Authorizer, withOAuth2 } from './auth-header.js';
import { attemptBudgetMs, RetryPolicy, type AttemptState, type Retry } from './retry-policy.js';
import { createDispatcher, emptyWhereJsonPromised, flattenHeaders, notJsonError, parseBody } from './transport.js';
// For `postctl mcp`'s one agent: imported through here, the transport stays in the client's chunk (one file fewer to load at start-up).
export { createDispatcher };
import type { Readable } from 'node:stream';
import { ApiError } from '../errors/api-error.js';
import { CliError, Interrupted } from '../errors/cli-error.js';
import type { Clock } from '../world/world.js';
import { sleep } from './backoff.js';
import { retryLine } from './retry-notice.js';
import { encodeParams, toParams, type Params } from './encode.js';
import { describeRateLimit, parseRateLimit, type RateLimitInfo } from './rate-limit.js';
import { Redactor } from './redact.js';
import { assertSafeBaseUrl } from './url-policy.js';
import { carriedCredentials, OriginPolicy } from './origin-policy.js';
import { Deadline } from './deadline.js';
import { DEFAULT_MAX_BODY_BYTES, bodyTooLarge, readCapped } from './body.js';
import { stringifyJson } from '../json/lossless.js';
import type { NameStyle } from '../wire/names.js';
import { hasDialectNames, inDialect, negotiatedDialect } from '../wire/dialect.js';
// Loaded with the client (one chunk, no extra file on a lookup's path); the context builds it.
export { DialectCache } from '../wire/dialect-cache.js';
export type {
  ApiName,
  ApiResponse,
  AuthMode,
  ClientOptions,
  ClientStats,
  Credentials,
  OAuth2Hook,
  RequestOptions,
  StreamResponse,
  WriteObserver,
  WriteOutcome,
} from './types.js';
import type { ApiName, ApiResponse, AuthMode, ClientOptions, ClientStats, Credentials, RequestOptions, StreamResponse } from './types.js';

export class ApiClient {
  readonly stats: ClientStats = { requests: 0, retries: 0, rateLimitWaits: 0, waitedMs: 0 };
  /** Last rate-limit state seen per API. */
  readonly rateLimits = new Map<ApiName, RateLimitInfo>();
  readonly redactor: Redactor;
  /** Wire-name spelling every endpoint function asks for (`wire(key, client.names)`). */
  readonly names: NameStyle;
  private dispatcher: Dispatcher;
  private readonly ownDispatcher: boolean;
  private readonly clock: Clock;
  private opts: Required<
    Pick<ClientOptions, 'timeoutMs' | 'maxWaitMs' | 'maxRetries' | 'retryBaseMs' | 'userAgent' | 'random' | 'maxPages' | 'maxBodyBytes'>
  > &
    ClientOptions;
  private readonly authorizer: Authorizer;
  private readonly policy: RetryPolicy;
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
    // The machine's clock when none is given (a client built outside a run): the same as the world's SYSTEM_CLOCK,
    // spelt out here so a signed call's start-up does not load the world module as a chunk of its own.
    this.clock = options.clock ?? { now: () => Date.now(), sleep };
    this.ownDispatcher = !options.dispatcher;
    this.dispatcher = options.dispatcher ?? createDispatcher(this.opts.timeoutMs);
    this.authorizer = new Authorizer(c, options.getBearer, this.redactor, () => this.clock.now());
    this.policy = new RetryPolicy(this.opts, this.stats, () => this.clock.now());
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
    // The world's transport outlives the run's clients; only an agent of the client's own is closed.
    if (this.ownDispatcher) await this.dispatcher.close().catch(() => undefined);
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

  /**
   * The one credential rule (origin-policy.ts), asked before anything is signed, refreshed or sent — for
   * OAuth 2.0 before its token is read or renewed, so a foreign origin never sees it, nor its 401 a refresh.
   */
  private checkOrigin(opts: RequestOptions): void {
    this.origins.check(new URL(this.buildUrl(opts).url), carriedCredentials(opts.auth ?? 'user', opts.headers));
  }

  /** Sends a request, retrying as the policy allows; returns the parsed response or throws. */
  async request<T = unknown>(opts: RequestOptions): Promise<ApiResponse<T>> {
    const w = this.opts.writes;
    if (!w?.wants(opts)) return this.exchange<T>(opts);
    // Journaled once per request, around its retries: one write, however many attempts it took.
    const token = await w.before(opts);
    let res: ApiResponse<T>;
    try {
      res = await this.exchange<T>(opts);
    } catch (e) {
      await w.after(token, { error: e });
      throw e;
    }
    await w.after(token, { status: res.status, body: res.body });
    return res;
  }

  private async exchange<T>(opts: RequestOptions): Promise<ApiResponse<T>> {
    if (!opts.auth) opts = { ...opts, auth: this.defaultAuth };
    this.checkOrigin(opts);
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

  /** --timeout in ms: a download the client does not make itself (a job's file) takes it as its idle limit. */
  get timeoutMs(): number {
    return this.opts.timeoutMs;
  }

  /** --max-wait in ms: the longest one request may wait; a run may bound its whole duration by it. */
  get maxWaitMs(): number {
    return this.opts.maxWaitMs;
  }

  /** Like request, but hands back the open body stream of a 2xx response (event streams). */
  async stream(opts: RequestOptions): Promise<StreamResponse> {
    if (!opts.auth) opts = { ...opts, auth: this.defaultAuth };
    this.checkOrigin(opts);
    return (await (opts.auth === 'oauth2' ? this.sendOAuth2(opts, true) : this.send(opts, true))) as StreamResponse;
  }

  private sendOAuth2(opts: RequestOptions, streaming: boolean): Promise<ApiResponse | StreamResponse> {
    return withOAuth2(
      this.opts.oauth2,
      this.redactor,
      (line) => this.trace(line),
      (authorization) => this.send({ ...opts, auth: 'none', headers: { ...opts.headers, authorization } }, streaming),
    );
  }

  private async send(opts: RequestOptions, streaming: boolean): Promise<ApiResponse | StreamResponse> {
    const method = (opts.method ?? 'GET').toUpperCase();
    const { url, query } = this.buildUrl(opts);
    // Again at the attempt: the OAuth 2.0 path arrives here as auth 'none' with its header, still credentials.
    this.checkOrigin(opts);
    const form = opts.form !== undefined ? toParams(opts.form) : undefined;
    const fullUrl = query.length ? `${url}?${encodeParams(query)}` : url;
    const idempotent = opts.idempotent ?? method !== 'POST';
    const deadline = Math.min(this.clock.now() + this.opts.maxWaitMs, opts.deadline ?? Number.POSITIVE_INFINITY);
    const { body, headers: baseHeaders } = this.requestBody(opts, form);

    for (let attempt = 1; ; attempt++) {
      if (this.opts.signal?.aborted) throw new Interrupted();
      // Signed anew on every attempt: fresh nonce and timestamp.
      const headers = { ...baseHeaders };
      const auth = await this.authorizer.header(opts, method, url, [...query, ...(form ?? [])]);
      if (auth) headers.authorization = auth;
      this.stats.requests++;
      this.traceRequest(method, fullUrl, attempt, headers, body);
      const a: AttemptState = { attempt, idempotent, deadline, method, url, fullUrl, opts, t0: this.clock.now() };
      let retry: Retry;
      const budget = opts.bodyFile
        ? attemptBudgetMs(this.opts.timeoutMs, Buffer.alloc(0)) + Math.ceil(opts.bodyFile.size / 32_768) * 1000
        : attemptBudgetMs(this.opts.timeoutMs, body);
      const attemptDeadline = new Deadline(budget, this.opts.signal);
      try {
        const res = await undiciRequest(fullUrl, {
          method: method as Dispatcher.HttpMethod,
          headers,
          body: opts.bodyFile ? opts.bodyFile.open() : (body ?? null),
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
        retry = this.policy.afterTransportError(e, { ...a, timedOut: attemptDeadline.expired });
      }
      this.stats.retries++;
      this.stats.waitedMs += retry.waitMs;
      this.trace(`! ${retry.reason}; retry ${attempt}/${this.opts.maxRetries} in ${retry.waitMs} ms`);
      this.opts.retryNotice?.(retryLine(method, url, retry.reason, attempt, this.opts.maxRetries, retry.waitMs));
      try {
        await this.clock.sleep(retry.waitMs, this.opts.signal);
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
    const rateLimit = parseRateLimit(resHeaders, this.clock.now());
    if (rateLimit.remaining !== undefined || rateLimit.limit !== undefined) this.rateLimits.set(opts.api ?? 'platform', rateLimit);
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    if (streaming && ok) {
      // The deadline covers reaching the stream, not how long it stays open.
      attemptDeadline.clear();
      this.trace(`< ${res.statusCode} streaming (${this.clock.now() - a.t0} ms)`);
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
        `< ${res.statusCode} in ${this.clock.now() - a.t0} ms${rl ? `; ${rl}` : ''}${resHeaders['x-request-id'] ? `; request id ${resHeaders['x-request-id']}` : ''}`,
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
    if (ok || (opts.noThrow && res.statusCode < 500 && res.statusCode !== 429 && !this.policy.retryableStatus(opts, res.statusCode)))
      return { done: response };
    const error = new ApiError({
      status: res.statusCode,
      method,
      url: fullUrl,
      body: parsed.value,
      requestId: resHeaders['x-request-id'] ?? resHeaders['x-transaction-id'],
      auth: opts.auth ?? 'user',
    });
    const retry = this.policy.afterErrorStatus(error, resHeaders, a);
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
    if (opts.bodyFile) {
      headers['content-type'] = opts.contentType ?? 'application/octet-stream';
      headers['content-length'] = String(opts.bodyFile.size);
      this.trace(`> (a body of ${opts.bodyFile.size} bytes, streamed from a file)`);
    }
    if (opts.body !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
    return { body: opts.body, headers };
  }
}

// The time one attempt may take, for callers that know the client module only.
export { attemptBudgetMs };
