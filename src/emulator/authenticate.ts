// Checks a request's credentials the way the platform does: OAuth 1.0a
// signatures (own verifier), bearer tokens, and Basic for oauth2/token.
import { timingSafeEqual } from 'node:crypto';
import { baseUriOf, parseAuthHeader, signatureMatches } from './oauth-verify.js';
import { oauth2State, userToken } from './oauth2-state.js';
import { errorObject, problem } from './replies.js';
import type { EmulatorState } from './state.js';
import type { AuthInfo, AuthMode, EmuResponse } from './types.js';

const TIMESTAMP_WINDOW_SEC = 300;

export interface RawRequestInfo {
  method: string;
  host: string;
  /** Full path as received (with API prefix), without the query. */
  rawPath: string;
  query: string;
  contentType: string;
  body: string;
  authorization: string | undefined;
}

const unauthorized = (code = 32, message = 'Could not authenticate you.') => errorObject(401, code, message);
export const INVALID_TOKEN = () => errorObject(401, 89, 'Invalid or expired token.');

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function verifyOAuth1(
  state: EmulatorState,
  raw: RawRequestInfo,
  allowRequestToken: boolean,
  requireToken: boolean,
): AuthInfo | EmuResponse {
  const oauth = parseAuthHeader(raw.authorization ?? '');
  if (!oauth) return unauthorized(215, 'Bad Authentication data.');
  for (const k of ['oauth_consumer_key', 'oauth_nonce', 'oauth_signature', 'oauth_signature_method', 'oauth_timestamp']) {
    if (!oauth[k]) return unauthorized(215, `Bad Authentication data: ${k} missing.`);
  }
  if (oauth.oauth_signature_method !== 'HMAC-SHA1') return unauthorized(32, 'Unsupported signature method.');
  if (oauth.oauth_version && oauth.oauth_version !== '1.0') return unauthorized(32, 'Unsupported OAuth version.');
  if (!/^[\x21-\x7e]+$/.test(oauth.oauth_nonce!)) return unauthorized(32, 'The nonce must be ASCII.');
  const app = state.apps.get(oauth.oauth_consumer_key!);
  if (!app) return unauthorized();
  const ts = Number(oauth.oauth_timestamp);
  if (!Number.isInteger(ts) || Math.abs(ts - state.now() / 1000) > TIMESTAMP_WINDOW_SEC)
    return unauthorized(135, 'Timestamp out of bounds.');
  let tokenSecret: string | undefined;
  let info: AuthInfo = { kind: 'consumer', consumerKey: app.consumerKey, oauth };
  const token = oauth.oauth_token;
  if (token) {
    const access = state.accessTokens.get(token);
    const request = allowRequestToken ? state.requestTokens.get(token) : undefined;
    if (access && access.consumerKey === app.consumerKey) {
      if (access.revoked) return INVALID_TOKEN();
      tokenSecret = access.secret;
      info = { kind: 'user', consumerKey: app.consumerKey, userId: access.userId, token, oauth };
    } else if (request && request.consumerKey === app.consumerKey) {
      tokenSecret = request.secret;
      info = { kind: 'request-token', consumerKey: app.consumerKey, token, oauth };
    } else {
      return INVALID_TOKEN();
    }
  } else if (requireToken) {
    return unauthorized(215, 'Bad Authentication data: this endpoint needs user context.');
  }
  const ok = signatureMatches({
    method: raw.method,
    baseUri: baseUriOf(raw.host, raw.rawPath),
    query: raw.query,
    ...(/application\/x-www-form-urlencoded/i.test(raw.contentType) ? { formBody: raw.body } : {}),
    oauth,
    consumerSecret: app.consumerSecret,
    ...(tokenSecret !== undefined ? { tokenSecret } : {}),
  });
  if (!ok) return unauthorized();
  // Replay protection: a nonce is good for one request (retries must re-sign).
  const nonceKey = `${app.consumerKey}:${token ?? ''}:${oauth.oauth_timestamp}:${oauth.oauth_nonce}`;
  if (state.nonces.has(nonceKey)) return unauthorized(32, 'Could not authenticate you (nonce already used).');
  state.nonces.add(nonceKey);
  return info;
}

function verifyBearer(state: EmulatorState, header: string, userTokens = false): AuthInfo | EmuResponse {
  const token = header.slice(7).trim();
  for (const app of state.apps.values()) {
    if (app.bearer && safeEqual(app.bearer, token)) return { kind: 'app', consumerKey: app.consumerKey, token };
  }
  if (userTokens) {
    // OAuth 2.0 user context: the platform answers an expired or revoked user token with a bare 401 problem.
    const t = userToken(state, token);
    if (t === 'expired' || (!t && oauth2State(state).tokens.has(token))) return problem(401, 'about:blank', 'Unauthorized', 'Unauthorized');
    if (t) return { kind: 'user', consumerKey: t.clientId, userId: t.userId, token };
  }
  return INVALID_TOKEN();
}

function verifyBasic(state: EmulatorState, header: string): AuthInfo | EmuResponse {
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return errorObject(403, 99, 'Unable to verify your credentials');
  const key = decodeURIComponent(decoded.slice(0, i));
  const secret = decodeURIComponent(decoded.slice(i + 1));
  const app = state.apps.get(key);
  if (!app || !safeEqual(app.consumerSecret, secret)) return errorObject(403, 99, 'Unable to verify your credentials');
  return { kind: 'basic', consumerKey: key };
}

export function authenticate(state: EmulatorState, mode: AuthMode, raw: RawRequestInfo): AuthInfo | EmuResponse | null {
  const header = raw.authorization ?? '';
  const scheme = header.split(' ')[0]?.toLowerCase();
  switch (mode) {
    case 'none':
      return null;
    case 'basic':
      return scheme === 'basic' ? verifyBasic(state, header) : errorObject(403, 99, 'Unable to verify your credentials');
    case 'app':
      return scheme === 'bearer' ? verifyBearer(state, header) : unauthorized(89, 'Invalid or expired token.');
    case 'user':
      return scheme === 'oauth'
        ? verifyOAuth1(state, raw, false, true)
        : unauthorized(215, 'Bad Authentication data: this endpoint needs OAuth 1.0a user context.');
    case 'user-or-app':
      if (scheme === 'bearer') return verifyBearer(state, header, true);
      return scheme === 'oauth' ? verifyOAuth1(state, raw, false, true) : unauthorized(215, 'Bad Authentication data.');
    case 'consumer':
      return scheme === 'oauth' ? verifyOAuth1(state, raw, false, false) : unauthorized(215, 'Bad Authentication data.');
    case 'request-token':
      return scheme === 'oauth' ? verifyOAuth1(state, raw, true, false) : unauthorized(215, 'Bad Authentication data.');
  }
}

export function isResponse(x: unknown): x is EmuResponse {
  return typeof x === 'object' && x !== null && typeof (x as EmuResponse).status === 'number';
}
