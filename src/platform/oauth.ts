// Typed endpoint functions for the legacy OAuth endpoints (platform-api.md,
// "Authentication endpoints").
import { CliError } from '../errors/cli-error.js';
import { parseForm } from '../http/encode.js';
import type { ApiClient } from '../http/client.js';
import { wire } from '../wire/names.js';

function formFields(body: unknown): Record<string, string> {
  if (body && typeof body === 'object') return body as Record<string, string>;
  return Object.fromEntries(parseForm(String(body ?? '')));
}

function badResponse(step: string, missing: string): CliError {
  return new CliError(`${step} answered without ${missing}`, { exitCode: 1, code: 'bad_response' });
}

export interface TokenPair {
  token: string;
  secret: string;
}

export type AccessType = 'read' | 'write';

/**
 * POST oauth/request_token (step 1). oauth_callback travels in the OAuth header
 * (a URL, or `oob` for PIN mode) and is always sent; the access type (wire
 * name per src/wire/names.ts) is a signed form parameter. Not repeated on failure: each call mints a token.
 */
export async function requestToken(client: ApiClient, callback: string, accessType?: AccessType): Promise<TokenPair> {
  const res = await client.request({
    method: 'POST',
    path: '/oauth/request_token',
    auth: 'user',
    token: null,
    oauthExtra: { oauth_callback: callback },
    // The answer is form-encoded text (oauth_token=…&…), not JSON; it holds a token: never shown.
    expect: 'text',
    secretBody: true,
    ...(accessType ? { form: [[wire('param.access_type', client.names), accessType]] as Array<[string, string]> } : {}),
  });
  const f = formFields(res.body);
  if (!f.oauth_token || !f.oauth_token_secret) throw badResponse('oauth/request_token', 'oauth_token and oauth_token_secret');
  // The spec: the response confirms the callback; without it the API ignored ours.
  if (String(f.oauth_callback_confirmed) !== 'true')
    throw new CliError('oauth/request_token did not confirm the callback (oauth_callback_confirmed is not true)', {
      exitCode: 3,
      code: 'callback_not_confirmed',
      hint: 'the callback URL must be registered in the app settings.',
    });
  client.redactor.add(f.oauth_token_secret);
  return { token: f.oauth_token, secret: f.oauth_token_secret };
}

export interface AuthorizeOptions {
  forceLogin?: boolean;
  screenName?: string;
}

/**
 * The page the user opens (step 2): `authenticate` for the callback flow,
 * `authorize` for PIN (desktop) mode. oauth_callback never goes here.
 */
export function authorizeUrl(
  baseUrl: string,
  page: 'authorize' | 'authenticate',
  requestTokenValue: string,
  opts: AuthorizeOptions = {},
): string {
  const u = new URL(`${baseUrl.replace(/\/+$/, '')}/oauth/${page}`);
  u.searchParams.set('oauth_token', requestTokenValue);
  if (opts.forceLogin) u.searchParams.set('force_login', 'true');
  if (opts.screenName) u.searchParams.set('screen_name', opts.screenName);
  return u.toString();
}

export interface AccessTokenResponse {
  oauth_token: string;
  oauth_token_secret: string;
  user_id: string;
  screen_name: string;
}

/**
 * POST oauth/access_token (step 3): signed with the request token, carrying the
 * verifier (callback value or PIN), which the API requires. Not repeated: a
 * request token is good for one exchange.
 */
export async function exchangeVerifier(client: ApiClient, request: TokenPair, verifier: string): Promise<AccessTokenResponse> {
  const res = await client.request({
    method: 'POST',
    path: '/oauth/access_token',
    auth: 'user',
    token: request,
    oauthExtra: { oauth_verifier: verifier },
    expect: 'text',
    secretBody: true,
  });
  const f = formFields(res.body);
  if (!f.oauth_token || !f.oauth_token_secret) throw badResponse('oauth/access_token', 'oauth_token and oauth_token_secret');
  client.redactor.add(f.oauth_token, f.oauth_token_secret);
  return {
    oauth_token: f.oauth_token,
    oauth_token_secret: f.oauth_token_secret,
    user_id: String(f.user_id ?? ''),
    screen_name: String(f.screen_name ?? ''),
  };
}

/**
 * POST 1.1/oauth/invalidate_token, signed with the token being invalidated.
 * Safe to repeat: a second call finds the token already invalid (401/89).
 */
export async function invalidateAccessToken(client: ApiClient, access: TokenPair): Promise<void> {
  await client.request({ method: 'POST', path: '/1.1/oauth/invalidate_token', auth: 'user', token: access, idempotent: true });
}

export interface VerifiedUser {
  id: string;
  screen_name: string;
}

/**
 * GET 1.1/account/verify_credentials.json: the real API's cheap user-context
 * call (the spec does not list it; the emulator serves it for `auth status --check`).
 */
export async function verifyCredentials(client: ApiClient): Promise<VerifiedUser> {
  const res = await client.request({
    method: 'GET',
    path: '/1.1/account/verify_credentials.json',
    auth: 'user',
    query: [
      ['skip_status', 'true'],
      ['include_entities', 'false'],
    ],
  });
  const b = (res.body ?? {}) as Record<string, unknown>;
  return { id: String(b.id_str ?? b.id ?? ''), screen_name: String(b.screen_name ?? '') };
}

export interface BearerTokenResponse {
  token_type: string;
  access_token: string;
}

/**
 * POST oauth2/token (Basic auth, grant_type=client_credentials). The response's
 * fields are "not shown" in the spec; the real API answers
 * {"token_type":"bearer","access_token":"…"}, which is what we read.
 * Safe to repeat: the API returns the one outstanding token.
 */
export async function requestBearerToken(client: ApiClient): Promise<BearerTokenResponse> {
  const res = await client.request({
    method: 'POST',
    path: '/oauth2/token',
    auth: 'basic',
    form: [['grant_type', 'client_credentials']],
    idempotent: true,
    // JSON only (a non-JSON answer is exit 7), and never shown: it holds the token.
    expect: 'json',
    secretBody: true,
  });
  const body = formFields(res.body);
  if (!body.access_token) throw badResponse('oauth2/token', 'an access_token');
  client.redactor.add(body.access_token);
  return { token_type: body.token_type ?? 'bearer', access_token: body.access_token };
}

/**
 * POST oauth2/invalidate_token. Parameters are "not shown"; the real API takes
 * access_token=<token> with Basic auth, and answers {"access_token": "…"}.
 * Safe to repeat: the second call finds the token already invalid.
 */
export async function invalidateBearerToken(client: ApiClient, token: string): Promise<void> {
  await client.request({
    method: 'POST',
    path: '/oauth2/invalidate_token',
    auth: 'basic',
    form: [['access_token', token]],
    idempotent: true,
  });
}
