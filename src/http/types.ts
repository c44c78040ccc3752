// The HTTP client's shared types: what a request asks for, what an answer carries, the client's
// options and counters. Their own module so the client's parts (auth-header.ts, retry-policy.ts,
// transport.ts) can name them without importing the client that imports them.
import type { Readable } from 'node:stream';
import type { Dialect } from '../wire/dialect.js';
import type { NameStyle } from '../wire/names.js';
import type { ParamInput } from './encode.js';
import type { RateLimitInfo } from './rate-limit.js';
import type { Redactor } from './redact.js';
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
  /** The change journal: told before and after each write it wants. */
  writes?: WriteObserver;
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
  /** The run's transport (its world's); absent: an agent of the client's own, closed with it. */
  dispatcher?: import('undici').Dispatcher | undefined;
  /** The run's clock: request deadlines, rate-limit resets, OAuth timestamps and the waits between attempts. */
  clock?: import('../world/world.js').Clock | undefined;
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
  /**
   * A body streamed from a file in constant memory (a compliance job's ids): opened anew for every
   * attempt, so a retry resends it whole; `size` is its content-length.
   */
  bodyFile?: { open(): Readable; size: number };
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
  /**
   * Epoch ms past which this request waits no more (429 resets, backoff), when sooner than --max-wait
   * from now: a run that bounds its whole duration (ads stats jobs) passes its own deadline.
   */
  deadline?: number;
  /** What a 2xx body must be (default 'json'; see parseBody). */
  expect?: BodyExpectation;
  /** The answer may carry credentials (the token endpoint): its body is never shown in traces or messages. */
  secretBody?: boolean;
  /** What the change journal keeps beside a write: values the caller already read, the cascade it is part of. */
  note?: WriteNote;
}

/** Old values known to the caller (one object, or one per batch item in order) and the campaign of a cascade. */
interface WriteNote {
  old?: Record<string, unknown>;
  oldItems?: ReadonlyArray<Record<string, unknown> | undefined>;
  cascade?: string;
}

/** What a write came to: the response, or the error that ended it. */
export type WriteOutcome = { status: number; body: unknown } | { error: unknown };

/**
 * Told of every request before it is sent and after it ends (the change journal): `wants` picks the writes;
 * `before` may refuse (its error stops the request, nothing sent); `after` gets the answer or the error.
 */
export interface WriteObserver {
  wants(req: RequestOptions): boolean;
  before(req: RequestOptions): Promise<unknown>;
  after(token: unknown, outcome: WriteOutcome): Promise<void>;
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
