// Signing of the one client: the Authorization header of an attempt (OAuth
// 1.0a HMAC-SHA1 over the request's parameters, the app-only bearer fetched
// once per run, or Basic), every secret handed to the redactor first; and the
// OAuth 2.0 hook, kept apart from the retry loop.
import { ApiError } from '../errors/api-error.js';
import { AuthError } from '../errors/cli-error.js';
import type { Credentials, OAuth2Hook, RequestOptions } from './types.js';
import type { Params } from './encode.js';
import { signOAuth1 } from './oauth1.js';
import type { Redactor } from './redact.js';

export class Authorizer {
  private bearerPromise: Promise<string> | undefined;
  constructor(
    private readonly credentials: Credentials,
    private readonly getBearer: (() => Promise<string>) | undefined,
    private readonly redactor: Redactor,
    /** The run's clock: OAuth 1.0a timestamps are checked against the server's (a moved run clock moves them). */
    private readonly now: () => number = Date.now,
  ) {}

  /** The header of one attempt (signed anew each time: fresh nonce and timestamp), or none for auth 'none'. */
  async header(opts: RequestOptions, method: string, url: string, signed: Params): Promise<string | undefined> {
    const mode = opts.auth ?? 'user';
    const c = this.credentials;
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
      if (!bearer && this.getBearer) {
        this.bearerPromise ??= this.getBearer();
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
      { method, url, params: signed, timestamp: Math.floor(this.now() / 1000), ...(opts.oauthExtra ? { extra: opts.oauthExtra } : {}) },
    ).header;
  }
}

/**
 * OAuth 2.0 user context: the token goes in as a plain header (`send` runs the retry loop with it), and a
 * 401 leads to at most one renewal and one more attempt.
 */
export async function withOAuth2<R extends { status: number }>(
  hook: OAuth2Hook | undefined,
  redactor: Redactor,
  trace: (line: string) => void,
  send: (authorization: string) => Promise<R>,
): Promise<R> {
  if (!hook) throw new AuthError('OAuth 2.0 user context is not available here', 'log in with `postctl auth oauth2`.');
  const attempt = async (header: string) => {
    redactor.add(header.replace(/^Bearer\s+/i, ''));
    return send(header);
  };
  const header = await hook.header();
  try {
    const res = await attempt(header);
    if (res.status !== 401 || !(await hook.unauthorized(header))) return res;
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401) || !(await hook.unauthorized(header))) throw e;
  }
  trace('! 401 with the OAuth 2.0 access token; retrying once with the renewed token');
  return attempt(await hook.header());
}
