// Retry and rate-limit policy of the one client: which failures are retried
// (5xx, the ads API's 408/423, network errors — only when repeating cannot act
// twice), how long to wait (backoff with jitter, or the announced 429 reset,
// within --max-wait), and the errors that end a request (DNS, daily caps,
// TooManyConnections). The send loop in client.ts asks it after each attempt.
import type { ApiError } from '../errors/api-error.js';
import { NetworkError, isWriteMethod, type Sent } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { backoffDelay, resetJitter } from './backoff.js';
import type { ApiName, ClientOptions, ClientStats, RequestOptions } from './types.js';
import { describeDailyCap, exhaustedDailyCap } from './daily-cap.js';
import { describeTimeout } from './deadline.js';
import { parseRateLimit, waitFor429 } from './rate-limit.js';
import { loopbackRefused } from './retry-notice.js';

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

/**
 * What is known of a write after a transport failure: nothing left this machine for a refused
 * connection or a name that did not resolve (false), else the request may have reached the server
 * and been acted on with the answer lost (unknown) — as may any earlier attempt of a retried one.
 * Undefined for reads.
 */
export function sentAfter(code: string | undefined, a: Pick<AttemptState, 'method' | 'attempt' | 'idempotent'>): Sent | undefined {
  if (!isWriteMethod(a.method)) return undefined;
  if (code === 'ENOTFOUND' || (code !== undefined && NOT_SENT_CODES.has(code))) return a.attempt > 1 && a.idempotent ? 'unknown' : false;
  return 'unknown';
}

/** Exit 9 for a write not safe to repeat whose fate is unknown; a repeatable one keeps exit 7. */
const exitFor = (sent: Sent | undefined, idempotent: boolean): number =>
  sent === 'unknown' && !idempotent ? EXIT.MAYBE_SENT : EXIT.NETWORK;

function errCode(e: unknown): string | undefined {
  let cur = e as { code?: unknown; cause?: unknown } | undefined;
  for (let i = 0; cur && i < 4; i++, cur = cur.cause as typeof cur) if (typeof cur.code === 'string') return cur.code;
  return undefined;
}

/** The options the policy reads (the client's, with its defaults applied). */
export type PolicyOptions = Required<Pick<ClientOptions, 'timeoutMs' | 'maxWaitMs' | 'maxRetries' | 'retryBaseMs' | 'random'>> &
  Pick<ClientOptions, 'urls' | 'notice' | 'retryNotice'>;

export class RetryPolicy {
  constructor(
    private readonly opts: PolicyOptions,
    private readonly stats: ClientStats,
    /** The run's clock (the client's). */
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The ads API's 408 CANCELLED_REQUEST and 423 LOCK_ACQUISITION_TIMEOUT mean
   * "try again" like a 503 (ads/fundamentals-error-codes-and-responses.mdx).
   */
  retryableStatus(opts: RequestOptions, status: number): boolean {
    return status >= 500 || ((status === 408 || status === 423) && (opts.api ?? 'platform') !== 'platform');
  }

  /** What to do after an HTTP error status: a retry (reason and wait), or undefined to give up. */
  afterErrorStatus(error: ApiError, resHeaders: Record<string, string>, a: AttemptState): Retry | undefined {
    const status = error.status;
    // The window the refusal belongs to travels with the error (its JSON form shows it on exit 5).
    const window = parseRateLimit(resHeaders);
    if (window.limit !== undefined || window.remaining !== undefined || window.resetAt !== undefined) error.rateLimit = window;
    if (status === 429) return this.after429(error, resHeaders, a);
    if (!this.retryableStatus(a.opts, status) || !a.idempotent || a.attempt > this.opts.maxRetries) return undefined;
    const waitMs = backoffDelay(a.attempt, { baseMs: this.opts.retryBaseMs, capMs: 30_000 }, this.opts.random);
    if (this.now() + waitMs > a.deadline) return undefined;
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
      error.hint = `${describeDailyCap(cap, this.now())}. postctl does not wait for daily caps; run again after the reset.`;
      throw error;
    }
    const announced = waitFor429(resHeaders, this.now());
    const waitMs =
      announced !== undefined
        ? announced + resetJitter(this.opts.retryBaseMs, this.opts.random)
        : backoffDelay(a.attempt, { baseMs: this.opts.retryBaseMs * 2, capMs: 60_000 }, this.opts.random);
    this.stats.rateLimitWaits++;
    // A 429 is retried even for non-idempotent calls: the server did not act on it.
    if (this.now() + waitMs > a.deadline) {
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
  afterTransportError(e: unknown, a: AttemptState & { timedOut: boolean }): Retry {
    const code = a.timedOut ? 'DEADLINE' : errCode(e);
    const message = a.timedOut
      ? `no complete response within ${describeTimeout(this.opts.timeoutMs)}`
      : ((e as Error)?.message ?? String(e));
    const sent = sentAfter(code, a);
    const known = sent !== undefined ? { sent, exitCode: exitFor(sent, a.idempotent) } : {};
    if (code === 'ENOTFOUND') throw Object.assign(this.unresolvable(a, e), known);
    if (code === 'ECONNREFUSED') {
      const fast = loopbackRefused(a.url, this.urlVariable(a.url), e);
      if (fast) throw Object.assign(fast, known);
    }
    const retryable = code !== undefined && RETRYABLE_CODES.has(code) && (a.idempotent || NOT_SENT_CODES.has(code));
    if (!retryable || a.attempt > this.opts.maxRetries) {
      throw new NetworkError(
        `${a.method} ${a.url} failed after ${a.attempt} attempt${a.attempt > 1 ? 's' : ''}: ${a.timedOut ? '' : (code ?? '')} ${message}`.replace(
          /\s+/g,
          ' ',
        ),
        {
          ...known,
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
    if (this.now() + waitMs > a.deadline)
      throw new NetworkError(`${a.method} ${a.url} failed: ${code} ${message} (no time left within --max-wait)`, { cause: e, ...known });
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

export interface AttemptState {
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

export interface Retry {
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
