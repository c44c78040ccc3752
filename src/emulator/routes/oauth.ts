// OAuth endpoints (platform-api.md "Authentication endpoints"): request token,
// authorize/authenticate with an auto-approve switch, access token (verifier
// mandatory), invalidate_token, app-only bearer tokens (one per app), and
// verify_credentials for cheap token checks.
import { randomInt } from 'node:crypto';
import { errorObject, fail } from '../replies.js';
import type { Router } from '../router.js';
import { EMU_USER, type EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse, Handler } from '../types.js';
import { spell, spellingsOf } from '../spelling.js';

const REQUEST_TOKEN_TTL_MS = 15 * 60 * 1000;
const form = (fields: Record<string, string>): EmuResponse => ({
  status: 200,
  contentType: 'text/html; charset=utf-8',
  body: Object.entries(fields)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .join('&'),
});

/** A parameter from the OAuth header, the query or a form body. */
function param(req: EmuRequest, name: string): string | undefined {
  return (
    req.auth?.oauth?.[name] ??
    req.query.get(name) ??
    (/x-www-form-urlencoded/.test(String(req.headers['content-type'])) ? (req.form().get(name) ?? undefined) : undefined)
  );
}

function authorizePage(req: EmuRequest, state: EmulatorState): EmuResponse {
  const token = req.query.get('oauth_token');
  if (req.query.has('oauth_callback')) return { status: 400, body: 'oauth_callback belongs to the request-token step, not here.' };
  const rt = token ? state.requestTokens.get(token) : undefined;
  if (!rt || rt.used || state.now() - rt.createdAt > REQUEST_TOKEN_TTL_MS)
    return { status: 400, body: 'This page is no longer valid: the request token is unknown, expired or already used.' };
  if (!state.approve || req.query.get('deny') === '1') {
    if (req.query.get('deny') === '1' && rt.callback !== 'oob') {
      const u = new URL(rt.callback);
      u.searchParams.set('denied', rt.token);
      return { status: 302, headers: { location: u.toString() }, body: '' };
    }
    return { status: 200, body: `Authorize the app? (the emulator's approve switch is off: POST /_emulator/approve {"approve":true})` };
  }
  rt.verifier ??= rt.callback === 'oob' ? String(randomInt(1_000_000, 9_999_999)) : state.token(16);
  if (rt.callback === 'oob') return { status: 200, body: `Approved. Enter this PIN in the app: ${rt.verifier}\nPIN: ${rt.verifier}\n` };
  const u = new URL(rt.callback);
  u.searchParams.set('oauth_token', rt.token);
  u.searchParams.set('oauth_verifier', rt.verifier);
  return { status: 302, headers: { location: u.toString() }, body: '' };
}

const issueRequestToken: Handler = (req, state) => {
  const callback = param(req, 'oauth_callback');
  if (!callback) return errorObject(400, 417, 'oauth_callback is required (a URL, or oob for PIN mode).');
  if (callback !== 'oob') {
    try {
      new URL(callback);
    } catch {
      return errorObject(400, 417, 'oauth_callback must be a URL or oob.');
    }
  }
  // The access type parameter under the names this server serves (x_auth_access_type officially).
  const accessName = spellingsOf(state.names)
    .map((to) => spell('param', 'service_auth_access_type', to))
    .find((n) => param(req, n) !== undefined);
  const access = accessName === undefined ? undefined : param(req, accessName);
  if (access !== undefined && access !== 'read' && access !== 'write') return errorObject(400, 214, `${accessName} must be read or write.`);
  const token = state.token(20);
  const secret = state.token(24);
  state.requestTokens.set(token, {
    token,
    secret,
    consumerKey: req.auth!.consumerKey,
    callback,
    used: false,
    createdAt: state.now(),
    ...(access ? { accessType: access } : {}),
  });
  return form({ oauth_token: token, oauth_token_secret: secret, oauth_callback_confirmed: 'true' });
};

const exchangeAccessToken: Handler = (req, state) => {
  if (req.auth?.kind !== 'request-token') return errorObject(401, 89, 'Invalid request token.');
  const rt = state.requestTokens.get(req.auth.token!)!;
  if (rt.used) return errorObject(401, 89, 'Invalid request token: already used.');
  if (state.now() - rt.createdAt > REQUEST_TOKEN_TTL_MS) return errorObject(401, 89, 'Invalid request token: expired.');
  const verifier = param(req, 'oauth_verifier');
  if (!verifier) return errorObject(401, 32, 'Required oauth_verifier parameter not provided.');
  if (!rt.verifier || verifier !== rt.verifier)
    return errorObject(401, 32, 'Error processing your OAuth request: Invalid oauth_verifier parameter.');
  rt.used = true;
  const token = `${EMU_USER.id}-${state.token(20)}`;
  const secret = state.token(24);
  state.accessTokens.set(token, { token, secret, userId: EMU_USER.id, consumerKey: rt.consumerKey, revoked: false });
  return form({ oauth_token: token, oauth_token_secret: secret, user_id: EMU_USER.id, screen_name: EMU_USER.screenName });
};

const invalidateAccessToken: Handler = (req, state) => {
  const t = state.accessTokens.get(req.auth!.token!);
  if (t) t.revoked = true;
  return { status: 200, body: { access_token: req.auth!.token } };
};

const verifyCredentials: Handler = (req, state) => {
  const user = state.users.get(req.auth!.userId!);
  if (!user) return errorObject(401, 89, 'Invalid or expired token.');
  return { status: 200, body: { id: Number(user.id), id_str: user.id, screen_name: user.screen_name, name: user.name } };
};

const issueBearerToken: Handler = (req, state) => {
  const grant = req.form().get('grant_type') ?? req.query.get('grant_type');
  if (grant !== 'client_credentials')
    return errorObject(403, 170, 'Missing or invalid required parameter: grant_type must be client_credentials.');
  const app = state.apps.get(req.auth!.consumerKey)!;
  const now = state.now();
  const windowMs = (state.options.bearerWindowSec ?? 60) * 1000;
  app.tokenRequests = app.tokenRequests.filter((t) => now - t < windowMs);
  if (app.bearer && app.tokenRequests.length >= (state.options.bearerMaxRequests ?? 3)) {
    return errorObject(403, 99, 'You are requesting bearer tokens too often: cache the token you have.');
  }
  app.tokenRequests.push(now);
  // One outstanding token per app: repeated requests return the same one.
  app.bearer ??= `AAAAAAAAAAAAAAAAAAAAA${state.token(40)}`;
  return { status: 200, body: { token_type: 'bearer', access_token: app.bearer } };
};

const invalidateBearerToken: Handler = (req, state) => {
  const token = req.form().get('access_token') ?? req.query.get('access_token');
  const app = state.apps.get(req.auth!.consumerKey)!;
  if (!token || token !== app.bearer) fail(errorObject(401, 89, 'Invalid or expired token.'));
  delete app.bearer;
  app.tokenRequests = [];
  return { status: 200, body: { access_token: token } };
};

export function register(r: Router): void {
  r.route({ method: 'POST', path: '/oauth/request_token', api: 'platform', auth: 'consumer', bucket: 'oauth', handler: issueRequestToken });
  for (const path of ['/oauth/authorize', '/oauth/authenticate']) {
    r.route({ method: 'GET', path, api: 'platform', auth: 'none', bucket: 'oauth', handler: authorizePage });
  }
  r.route({
    method: 'POST',
    path: '/oauth/access_token',
    api: 'platform',
    auth: 'request-token',
    bucket: 'oauth',
    handler: exchangeAccessToken,
  });
  r.route({
    method: 'POST',
    path: '/1.1/oauth/invalidate_token',
    api: 'platform',
    auth: 'user',
    bucket: 'oauth',
    handler: invalidateAccessToken,
  });
  // Not in the spec: the real API's cheap user-context call, served so that
  // `postctl auth status --check` can confirm a token without touching data.
  r.route({ method: 'GET', path: '/1.1/account/verify_credentials.json', api: 'platform', auth: 'user', handler: verifyCredentials });
  r.route({ method: 'POST', path: '/oauth2/token', api: 'platform', auth: 'basic', bucket: 'oauth2', handler: issueBearerToken });
  r.route({
    method: 'POST',
    path: '/oauth2/invalidate_token',
    api: 'platform',
    auth: 'basic',
    bucket: 'oauth2',
    handler: invalidateBearerToken,
  });
}
