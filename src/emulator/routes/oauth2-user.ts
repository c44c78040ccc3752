// OAuth 2.0 user context (authorization code with PKCE): the authorize page
// (approves at once and redirects with code and state, or error=access_denied
// when the approve switch is off or ?deny=1), the token endpoint
// (authorization_code with S256/plain verification, refresh_token with
// rotation), revoke, and GET /2/users/me. Errors use the OAuth 2.0 JSON shape
// {error, error_description} (RFC 6749 §5.2).
import { timingSafeEqual } from 'node:crypto';
import { problem } from '../replies.js';
import type { Router } from '../router.js';
import { EMU_USER, type EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import {
  ACCESS_TTL_SEC,
  CODE_TTL_MS,
  oauth2State,
  redirectAllowed,
  verifierMatches,
  type OAuth2Client,
  type UserToken,
} from '../oauth2-state.js';

const KNOWN = new Set([
  'tweet.read',
  'tweet.write',
  'tweet.moderate.write',
  'users.email',
  'users.read',
  'follows.read',
  'follows.write',
  'offline.access',
  'space.read',
  'mute.read',
  'mute.write',
  'like.read',
  'like.write',
  'list.read',
  'list.write',
  'block.read',
  'block.write',
  'bookmark.read',
  'bookmark.write',
  'dm.read',
  'dm.write',
  'media.write',
  // In the description's OAuth2UserToken scheme (GET /2/users/reposts_of_me).
  'timeline.read',
]);

const oauthError = (status: number, error: string, description: string): EmuResponse => ({
  status,
  body: { error, error_description: description },
});

function redirect(to: string, params: Record<string, string>): EmuResponse {
  const u = new URL(to);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return { status: 302, headers: { location: u.toString() }, body: '' };
}

function authorizePage(req: EmuRequest, state: EmulatorState): EmuResponse {
  const q = req.query;
  const client = oauth2State(state).clients.get(q.get('client_id') ?? '');
  const redirectUri = q.get('redirect_uri') ?? '';
  // Never redirect to an address the client did not register.
  if (!client) return { status: 400, body: 'Something went wrong: unknown client_id.' };
  if (!redirectAllowed(client, redirectUri))
    return { status: 400, body: 'Something went wrong: redirect_uri does not match a registered callback URL exactly.' };
  const st = q.get('state');
  const back = (params: Record<string, string>) => redirect(redirectUri, { ...params, ...(st ? { state: st } : {}) });
  if (q.get('response_type') !== 'code')
    return back({ error: 'unsupported_response_type', error_description: 'response_type must be code' });
  if (!st || st.length > 500) return back({ error: 'invalid_request', error_description: 'state is required (up to 500 characters)' });
  const challenge = q.get('code_challenge');
  const method = q.get('code_challenge_method') ?? 'plain';
  if (!challenge || (method !== 'S256' && method !== 'plain'))
    return back({ error: 'invalid_request', error_description: 'code_challenge and code_challenge_method (S256 or plain) are required' });
  const scopes = (q.get('scope') ?? '').split(' ').filter(Boolean);
  if (!scopes.length || scopes.some((s) => !KNOWN.has(s)))
    return back({
      error: 'invalid_scope',
      error_description: `unknown or missing scope: ${scopes.filter((s) => !KNOWN.has(s)).join(' ') || '(none)'}`,
    });
  if (!state.approve || q.get('deny') === '1')
    return back({ error: 'access_denied', error_description: 'The user denied the authorization request.' });
  const code = state.token(32);
  oauth2State(state).codes.set(code, {
    code,
    clientId: client.clientId,
    redirectUri,
    challenge,
    method,
    scope: scopes.join(' '),
    userId: EMU_USER.id,
    createdAt: state.now(),
    used: false,
  });
  return back({ code });
}

/** Basic for confidential clients, client_id in the body for public ones. */
function clientOf(req: EmuRequest, state: EmulatorState): OAuth2Client | EmuResponse {
  const header = String(req.headers.authorization ?? '');
  const clients = oauth2State(state).clients;
  if (/^basic /i.test(header)) {
    const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    const c = i > 0 ? clients.get(decodeURIComponent(decoded.slice(0, i))) : undefined;
    const secret = i > 0 ? Buffer.from(decodeURIComponent(decoded.slice(i + 1))) : Buffer.alloc(0);
    if (!c?.clientSecret || secret.length !== c.clientSecret.length || !timingSafeEqual(secret, Buffer.from(c.clientSecret)))
      return oauthError(401, 'invalid_client', 'Client authentication failed.');
    return c;
  }
  const c = clients.get(req.form().get('client_id') ?? '');
  if (!c) return oauthError(401, 'invalid_client', 'Missing or unknown client_id.');
  if (c.clientSecret) return oauthError(401, 'invalid_client', 'Confidential clients must authenticate with HTTP Basic.');
  return c;
}

function issue(state: EmulatorState, clientId: string, userId: string, scope: string): EmuResponse {
  const tokens = oauth2State(state).tokens;
  const access: UserToken = {
    token: state.token(40),
    kind: 'access',
    clientId,
    userId,
    scope,
    expiresAt: state.now() + ACCESS_TTL_SEC * 1000,
    revoked: false,
  };
  tokens.set(access.token, access);
  const body: Record<string, unknown> = { token_type: 'bearer', expires_in: ACCESS_TTL_SEC, access_token: access.token, scope };
  if (scope.split(' ').includes('offline.access')) {
    const refresh: UserToken = { token: state.token(40), kind: 'refresh', clientId, userId, scope, revoked: false };
    tokens.set(refresh.token, refresh);
    body.refresh_token = refresh.token;
  }
  return { status: 200, body };
}

function codeGrant(form: URLSearchParams, client: OAuth2Client, state: EmulatorState): EmuResponse {
  const [code, redirectUri, verifier] = ['code', 'redirect_uri', 'code_verifier'].map((k) => form.get(k));
  if (!code || !redirectUri || !verifier) return oauthError(400, 'invalid_request', 'code, redirect_uri and code_verifier are required.');
  const c = oauth2State(state).codes.get(code);
  if (!c || c.used || c.clientId !== client.clientId)
    return oauthError(400, 'invalid_grant', 'Value passed for the authorization code was invalid.');
  if (state.now() - c.createdAt > CODE_TTL_MS) return oauthError(400, 'invalid_grant', 'The authorization code has expired (30 seconds).');
  if (c.redirectUri !== redirectUri) return oauthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request.');
  // A wrong verifier spends the code too (RFC 6749 §10.5: codes are single use).
  c.used = true;
  if (!verifierMatches(c, verifier)) return oauthError(400, 'invalid_grant', 'code_verifier does not match the code_challenge.');
  return issue(state, client.clientId, c.userId, c.scope);
}

function refreshGrant(form: URLSearchParams, client: OAuth2Client, state: EmulatorState): EmuResponse {
  const value = form.get('refresh_token');
  if (!value) return oauthError(400, 'invalid_request', 'refresh_token is required.');
  const t = oauth2State(state).tokens.get(value);
  if (t?.kind !== 'refresh' || t.revoked || t.clientId !== client.clientId)
    return oauthError(400, 'invalid_grant', 'Value passed for the token was invalid.');
  // Rotation: the used refresh token dies with this answer.
  t.revoked = true;
  return issue(state, client.clientId, t.userId, t.scope);
}

function tokenEndpoint(req: EmuRequest, state: EmulatorState): EmuResponse {
  if (!/x-www-form-urlencoded/i.test(String(req.headers['content-type'])))
    return oauthError(400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded.');
  const client = clientOf(req, state);
  if ('status' in client) return client;
  const form = req.form();
  const grant = form.get('grant_type');
  if (grant === 'authorization_code') return codeGrant(form, client, state);
  if (grant === 'refresh_token') return refreshGrant(form, client, state);
  return oauthError(
    400,
    grant ? 'unsupported_grant_type' : 'invalid_request',
    grant ? `grant_type ${grant} is not supported.` : 'grant_type is required.',
  );
}

function revokeEndpoint(req: EmuRequest, state: EmulatorState): EmuResponse {
  const client = clientOf(req, state);
  if ('status' in client) return client;
  const token = req.form().get('token');
  if (!token) return oauthError(400, 'invalid_request', 'token is required.');
  const t = oauth2State(state).tokens.get(token);
  // RFC 7009 §2.2: an unknown token is not an error.
  if (t && t.clientId === client.clientId) t.revoked = true;
  return { status: 200, body: { revoked: true } };
}

export function register(r: Router): void {
  r.route({ method: 'GET', path: '/i/oauth2/authorize', api: 'platform', auth: 'none', bucket: 'oauth2-user', handler: authorizePage });
  r.route({ method: 'POST', path: '/2/oauth2/token', api: 'platform', auth: 'none', bucket: 'oauth2-user', handler: tokenEndpoint });
  r.route({ method: 'POST', path: '/2/oauth2/revoke', api: 'platform', auth: 'none', bucket: 'oauth2-user', handler: revokeEndpoint });
  r.route({
    method: 'GET',
    path: '/2/users/me',
    api: 'platform',
    auth: 'user-or-app',
    handler: (req, state) => {
      if (req.auth?.kind === 'app')
        return problem(
          403,
          'unsupported-authentication',
          'Unsupported Authentication',
          'Authenticating with OAuth 2.0 Application-Only is forbidden for this endpoint. Supported authentication types are [OAuth 1.0a User Context, OAuth 2.0 User Context].',
        );
      const user = state.users.get(req.auth!.userId!)!;
      return { status: 200, body: { data: { id: user.id, name: user.name, username: user.screen_name } } };
    },
  });
}
