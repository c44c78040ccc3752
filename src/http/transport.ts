// What goes over the wire and comes back, without policy: the one undici
// agent (keep-alive, bounded connections, HTTP(S)_PROXY/NO_PROXY), response
// headers flattened, and the body read as the caller expects it — or the error
// that a 2xx body which is not the promised JSON is.
import { NetworkError } from '../errors/cli-error.js';
import { unreadWrite } from './body.js';
import { parseJson } from '../json/lossless.js';
import { clip, neutralize } from '../output/sanitize.js';
import type { BodyExpectation } from './types.js';
import { EnvHttpProxyAgent, type Dispatcher } from './undici-lite.js';

/**
 * One agent for the whole run: keep-alive, bounded connections (per origin; more for a server whose calls run
 * side by side on one agent), HTTP(S)_PROXY/NO_PROXY honoured.
 */
export function createDispatcher(timeoutMs: number, connections = 16): Dispatcher {
  return new EnvHttpProxyAgent({
    connections,
    keepAliveTimeout: 10_000,
    connect: { timeout: Math.min(timeoutMs, 30_000) },
  });
}

export function flattenHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  return out;
}

/**
 * The body as the caller expects it. 'json': must parse (notJson otherwise, which
 * a 2xx turns into exit 7). 'text'/'raw': JSON when it looks like JSON, else the
 * text (form-encoded OAuth answers, `postctl request`).
 */
export function parseBody(text: string, contentType: string | undefined, expect: BodyExpectation): { value: unknown; notJson?: true } {
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

/**
 * An empty (or blank) 2xx body where JSON was promised is no answer: printing `{}`
 * and exit 0 would tell a script the lookup found nothing. 204/205 say "no content"
 * on purpose and stay allowed.
 */
export function emptyWhereJsonPromised(status: number, text: string, expect: BodyExpectation | undefined): boolean {
  return (expect ?? 'json') === 'json' && status !== 204 && status !== 205 && text.trim() === '';
}

/** A 2xx whose body is not the JSON the endpoint promises: a proxy page, a truncated or hostile answer. */
export function notJsonError(method: string, url: string, status: number, text: string | undefined, bytes: number): NetworkError {
  const head =
    text === undefined
      ? `(${bytes} bytes, not shown: it may hold credentials)`
      : text.trim() === ''
        ? `(empty, ${bytes} bytes)`
        : neutralize(clip(text, 120));
  return new NetworkError(`${method} ${new URL(url).pathname} answered HTTP ${status} with a body that is not JSON: ${head}`, {
    ...unreadWrite(method, status),
    hint: 'Something other than the API answered (a proxy, captive portal or wrong base URL), or the answer was cut short; check the base URL and proxy settings, then retry.',
  });
}
