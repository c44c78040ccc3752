// Credentials go only to the configured API origins (platform — which also
// serves the OAuth endpoints —, ads, ads sandbox). An absolute URL to any other
// origin is refused before anything is signed, refreshed or sent: `postctl request
// GET https://elsewhere/…` must not hand the consumer secret (Basic), a bearer
// token, an OAuth 2.0 user token or an OAuth 1.0a signature to a host the user
// never configured. The client asks this one rule for every request, whatever
// the scheme: the OAuth 2.0 path and the token endpoints set the Authorization
// header themselves and send with auth 'none', so the header counts as
// credentials too. `--auth none` without one may go to another origin, but only
// over https (plain http only to loopback, as for base URLs).
import { UsageError } from '../errors/cli-error.js';
import { isLoopbackHost } from './url-policy.js';

// Any auth mode other than 'none' carries credentials, including modes added
// later: they are refused by default, named generically.
const WHAT: Record<string, string> = {
  user: 'OAuth 1.0a user credentials',
  app: 'the app-only bearer token',
  basic: 'the consumer key and secret',
  oauth2: 'the OAuth 2.0 user access token',
  header: 'an Authorization header',
};

/** The credentials a request carries: its auth mode, or 'header' when it has none but sets an Authorization header. */
export function carriedCredentials(auth: string, headers: Record<string, string> | undefined): string {
  if (auth !== 'none') return auth;
  return Object.keys(headers ?? {}).some((k) => k.toLowerCase() === 'authorization') ? 'header' : 'none';
}

export class OriginPolicy {
  private readonly allowed: Set<string>;

  constructor(baseUrls: Iterable<string>) {
    this.allowed = new Set([...baseUrls].map((u) => new URL(u).origin));
  }

  /** Throws a UsageError (exit 2) when `url` may not be sent with `credentials` (see carriedCredentials). */
  check(url: URL, credentials: string): void {
    if (this.allowed.has(url.origin)) return;
    const configured = [...this.allowed].join(', ');
    if (credentials !== 'none') {
      throw new UsageError(
        `refusing to send ${WHAT[credentials] ?? `${credentials} credentials`} to ${url.origin}: credentials go only to the configured API origins (${configured})`,
        `use a path such as /2/… or /12/… (it goes to the configured base URL), point POSTCTL_API_URL / POSTCTL_ADS_URL at that host if you trust it, or pass --auth none${credentials === 'header' ? ' without an Authorization header' : ''} to send the request without credentials.`,
      );
    }
    if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return;
    throw new UsageError(`refusing to send a request to ${url.origin}: other origins are reached only over https`);
  }
}
