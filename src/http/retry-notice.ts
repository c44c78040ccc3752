// What a person (or a cron log) is told about retries: one line per retry or
// wait, with its cause, the attempt and the delay; and why a refused
// connection to this machine is not retried at all.
import { NetworkError } from '../errors/cli-error.js';

/** 4 s, 1.5 s, 250 ms. */
function describeDelay(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  return `${s < 10 ? Math.round(s * 10) / 10 : Math.round(s)} s`;
}

/**
 * "retrying GET /2/tweets after 503 (attempt 2 of 6) in 4 s". Waits for a rate limit are bounded by
 * --max-wait, not by the retry count, so the attempt about to be made can be past it: then no "of".
 */
export function retryLine(method: string, url: string, reason: string, attempt: number, maxRetries: number, waitMs: number): string {
  const next = attempt + 1;
  const of = next <= maxRetries + 1 ? ` of ${maxRetries + 1}` : '';
  return `retrying ${method} ${new URL(url).pathname} after ${reason} (attempt ${next}${of}) in ${describeDelay(waitMs)}`;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|\[::1\]|localhost)$/i;

/**
 * A refused connection to a loopback address: nothing listens on that port, and
 * nothing will by retrying for seconds — most often an emulator that was stopped.
 * Undefined for any other host (a remote refusal can be a restart: retried).
 */
export function loopbackRefused(url: string, variable: string | undefined, cause: unknown): NetworkError | undefined {
  const u = new URL(url);
  if (!LOOPBACK.test(u.hostname)) return undefined;
  return new NetworkError(`nothing is listening on ${u.origin} (connection refused)`, {
    hint: `if that was the postctl emulator, it is not running: start it with \`eval "$(postctl emulator --print-env)"\` (\`postctl emulator status\` lists the running ones), or point ${variable ?? 'POSTCTL_API_URL'} at the API to use.`,
    cause,
  });
}
