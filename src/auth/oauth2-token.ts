// The OAuth 2.0 token and revoke endpoints ({api_url}/2/oauth2/token and
// /2/oauth2/revoke), through the one HTTP client. Confidential clients
// authenticate with HTTP Basic; public clients send client_id in the body
// (https://docs.x.com/resources/fundamentals/authentication/oauth-2-0/user-access-token).
import { AuthError, CliError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import type { ApiClient, ApiResponse } from '../http/client.js';
import { clip, neutralize } from '../output/sanitize.js';

export interface OAuth2ClientCreds {
  clientId: string;
  clientSecret?: string | undefined;
}

export interface TokenResponse {
  token_type: string;
  access_token: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
}

/** An OAuth 2.0 error answer (RFC 6749 §5.2): `error` and `error_description`. */
export class OAuth2Refused extends AuthError {
  override name = 'OAuth2Refused';
  constructor(
    readonly endpoint: string,
    readonly error: string,
    readonly description: string | undefined,
    readonly status: number,
    hint?: string,
  ) {
    super(`${endpoint} refused the request (${status}): ${error}${description ? ` — ${description}` : ''}`, hint);
    this.code = `oauth2_${error}`;
  }
}

function credsHeaders(c: OAuth2ClientCreds): Record<string, string> {
  if (!c.clientSecret) return {};
  // RFC 6749 §2.3.1: id and secret are form-encoded before Base64.
  return {
    authorization: `Basic ${Buffer.from(`${encodeURIComponent(c.clientId)}:${encodeURIComponent(c.clientSecret)}`).toString('base64')}`,
  };
}

function refused(endpoint: string, res: ApiResponse): CliError {
  const body = (res.body && typeof res.body === 'object' ? res.body : {}) as { error?: unknown; error_description?: unknown };
  const error = typeof body.error === 'string' ? clip(neutralize(body.error), 60) : `http_${res.status}`;
  const description = typeof body.error_description === 'string' ? clip(neutralize(body.error_description), 300) : undefined;
  if (res.status === 429)
    return new CliError(`${endpoint} is rate limited (429)`, {
      exitCode: EXIT.RATE_LIMITED,
      code: 'rate_limited',
      hint: 'wait a few minutes and try again.',
    });
  const hint =
    error === 'invalid_client'
      ? 'check the client id (--client-id / POSTCTL_CLIENT_ID) and, for a confidential client, the client secret (--client-secret-stdin / POSTCTL_CLIENT_SECRET).'
      : undefined;
  return new OAuth2Refused(endpoint, error, description, res.status, hint);
}

async function post(client: ApiClient, path: string, c: OAuth2ClientCreds, params: Array<[string, string]>): Promise<ApiResponse> {
  client.redactor.add(c.clientSecret);
  const form = c.clientSecret ? params : [...params, ['client_id', c.clientId] as [string, string]];
  // Not idempotent: a code or a refresh token is good for one use only.
  const res = await client.request({
    method: 'POST',
    path,
    form,
    auth: 'none',
    headers: credsHeaders(c),
    idempotent: false,
    noThrow: true,
    // JSON only, and never echoed: a body with junk after a fresh token must not print the token.
    expect: 'json',
    secretBody: true,
  });
  if (res.status < 200 || res.status >= 300) throw refused(`POST ${path}`, res);
  return res;
}

// A token goes into an Authorization header on every later call: visible ASCII only
// (RFC 6750 §2.1 b64token is narrower still), of a sane length. Anything else would be
// stored and then fail every call as a "network" error.
const TOKEN_TEXT = /^[\x21-\x7e]{1,4096}$/;
/** expires_in is clamped to [1 minute, 1 year]: an absurd one (1e300) would be an invalid date, found only after the refresh token was spent. */
const EXPIRES_MIN = 60;
const EXPIRES_MAX = 366 * 86_400;

/** A sane expiry in seconds, or undefined when the answer gave none usable. */
export function clampExpiresIn(value: unknown): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return undefined;
  return Math.min(EXPIRES_MAX, Math.max(EXPIRES_MIN, Math.floor(value)));
}

function badToken(which: string): AuthError {
  return new AuthError(
    `the token endpoint answered with an ${which} that is not a usable token (empty, too long, or not visible ASCII); nothing was stored`,
    'log in again with `postctl auth oauth2`; if it persists, the token endpoint (api_url) is not the API.',
  );
}

function tokens(res: ApiResponse, client: ApiClient): TokenResponse {
  const b = res.body as Partial<Record<keyof TokenResponse, unknown>> | null;
  const body = b && typeof b === 'object' && !Array.isArray(b) ? b : {};
  for (const v of [body.access_token, body.refresh_token]) if (typeof v === 'string') client.redactor.add(v);
  if (typeof body.access_token !== 'string' || !body.access_token)
    throw new AuthError(
      'the token endpoint answered without an access_token',
      'try again; if it persists, log in again with `postctl auth oauth2`.',
    );
  if (!TOKEN_TEXT.test(body.access_token)) throw badToken('access_token');
  const out: TokenResponse = { token_type: clip(neutralize(String(body.token_type ?? 'bearer')), 40), access_token: body.access_token };
  const expires = clampExpiresIn(body.expires_in);
  if (expires !== undefined) out.expires_in = expires;
  if (typeof body.refresh_token === 'string' && body.refresh_token) {
    if (!TOKEN_TEXT.test(body.refresh_token)) throw badToken('refresh_token');
    out.refresh_token = body.refresh_token;
  }
  if (typeof body.scope === 'string') out.scope = body.scope;
  return out;
}

export async function exchangeCode(
  client: ApiClient,
  c: OAuth2ClientCreds,
  p: { code: string; verifier: string; redirectUri: string },
): Promise<TokenResponse> {
  const res = await post(client, '/2/oauth2/token', c, [
    ['grant_type', 'authorization_code'],
    ['code', p.code],
    ['redirect_uri', p.redirectUri],
    ['code_verifier', p.verifier],
  ]);
  return tokens(res, client);
}

export async function refreshGrant(client: ApiClient, c: OAuth2ClientCreds, refreshToken: string): Promise<TokenResponse> {
  client.redactor.add(refreshToken);
  const res = await post(client, '/2/oauth2/token', c, [
    ['grant_type', 'refresh_token'],
    ['refresh_token', refreshToken],
  ]);
  return tokens(res, client);
}

export async function revokeToken(
  client: ApiClient,
  c: OAuth2ClientCreds,
  token: string,
  hint: 'access_token' | 'refresh_token',
): Promise<void> {
  client.redactor.add(token);
  await post(client, '/2/oauth2/revoke', c, [
    ['token', token],
    ['token_type_hint', hint],
  ]);
}

/** GET /2/users/me with a fresh access token: who logged in. */
export async function fetchMe(client: ApiClient, accessToken: string): Promise<{ id?: string; username?: string }> {
  client.redactor.add(accessToken);
  const res = await client.request<{ data?: { id?: unknown; username?: unknown } }>({
    method: 'GET',
    path: '/2/users/me',
    auth: 'none',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const d = res.body?.data ?? {};
  return { ...(typeof d.id === 'string' ? { id: d.id } : {}), ...(typeof d.username === 'string' ? { username: d.username } : {}) };
}
