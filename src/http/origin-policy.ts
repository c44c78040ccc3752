// Credentials go only to the configured API origins (platform — which also
// serves the OAuth endpoints —, ads, ads sandbox). An absolute URL to any other
// origin is refused before anything is signed or sent: `postctl request
// GET https://elsewhere/…` must not hand the consumer secret (Basic), a bearer
// token or an OAuth 1.0a signature to a host the user never configured.
// `--auth none` carries no credentials, so it may go to another origin, but
// only over https (plain http only to loopback, as for base URLs).
import { UsageError } from '../errors/cli-error.js';
import { isLoopbackHost } from './url-policy.js';

// Any auth mode other than 'none' carries credentials, including modes added
// later (an OAuth 2.0 user token): they are refused by default, named generically.
const WHAT: Record<string, string> = {
  user: 'OAuth 1.0a user credentials',
  app: 'the app-only bearer token',
  basic: 'the consumer key and secret',
};

export class OriginPolicy {
  private readonly allowed: Set<string>;

  constructor(baseUrls: Iterable<string>) {
    this.allowed = new Set([...baseUrls].map((u) => new URL(u).origin));
  }

  /** Throws a UsageError (exit 2) when `url` may not be sent with `mode`. */
  check(url: URL, mode: string): void {
    if (this.allowed.has(url.origin)) return;
    const configured = [...this.allowed].join(', ');
    if (mode !== 'none') {
      throw new UsageError(
        `refusing to send ${WHAT[mode] ?? `${mode} credentials`} to ${url.origin}: credentials go only to the configured API origins (${configured})`,
        'use a path such as /2/… or /12/… (it goes to the configured base URL), point POSTCTL_API_URL / POSTCTL_ADS_URL at that host if you trust it, or pass --auth none to send the request without credentials.',
      );
    }
    if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return;
    throw new UsageError(`refusing to send a request to ${url.origin}: other origins are reached only over https`);
  }
}
