// OAuth 2.0 authorization code flow, the pure parts: scopes, the authorize
// URL, the redirect URI and the address the browser was sent back to.
// Reference: https://docs.x.com/resources/fundamentals/authentication/oauth-2-0/authorization-code
import { AuthError, InputError, UsageError } from '../errors/cli-error.js';
import { ENDPOINT_AUTH } from './endpoint-auth.js';
import { isLoopbackHost } from '../http/url-policy.js';
import { clip, neutralize } from '../output/sanitize.js';

/**
 * The scopes the platform documents (authorization-code reference, "Scopes"), and timeline.read, which the
 * official description's OAuth2UserToken scheme lists and GET /2/users/reposts_of_me requires.
 */
const KNOWN_SCOPES = [
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
  'timeline.read',
] as const;

/**
 * What every verb needs with OAuth 2.0, derived from the endpoints' declared needs (src/auth/endpoint-auth.ts,
 * the scopes each endpoint's OAuth 2.0 scheme demands), plus a refresh token (offline.access): one login that
 * can post, read and send DMs, like, list, bookmark, follow and mute. `--scopes` narrows it.
 */
export const DEFAULT_SCOPES: readonly string[] = [
  ...new Set([...Object.values(ENDPOINT_AUTH).flatMap((e) => e.scopes), 'offline.access']),
].sort();

/** The redirect URI used when --redirect-uri is not given: it must be registered for the app exactly. */
const DEFAULT_REDIRECT_URI = 'http://127.0.0.1:8765/callback';

export interface ScopeChoice {
  scopes: string[];
  /** Scope names postctl does not know (sent anyway: the platform adds scopes over time). */
  unknown: string[];
}

/** `--scopes 'a,b c'`: comma or space separated; malformed names are exit 6 before anything is sent. */
export function parseScopes(raw: string | undefined): ScopeChoice {
  if (raw === undefined) return { scopes: [...DEFAULT_SCOPES], unknown: [] };
  const scopes = [...new Set(raw.split(/[\s,]+/).filter(Boolean))];
  if (!scopes.length)
    throw new InputError('--scopes is empty', [
      { field: 'scopes', message: 'give at least one scope, e.g. tweet.read,users.read,offline.access' },
    ]);
  const bad = scopes.filter((s) => !/^[a-z]+(\.[a-z]+)+$/.test(s));
  if (bad.length) {
    throw new InputError(
      `--scopes: ${bad.map((b) => JSON.stringify(clip(neutralize(b), 40))).join(', ')} ${bad.length > 1 ? 'are not scope names' : 'is not a scope name'}`,
      bad.map((b) => ({ field: 'scopes', message: `not a scope name: ${clip(neutralize(b), 40)} (scopes look like tweet.read)` })),
    );
  }
  return { scopes, unknown: scopes.filter((s) => !(KNOWN_SCOPES as readonly string[]).includes(s)) };
}

export interface RedirectTarget {
  uri: string;
  /** http on a loopback host: postctl can listen for the redirect itself. */
  loopback: boolean;
  port: number;
  path: string;
}

/** `--redirect-uri`: an absolute http(s) URL without a fragment; http only on loopback. Port 0 = a free port. */
export function parseRedirectUri(raw: string | undefined): RedirectTarget {
  const value = raw ?? DEFAULT_REDIRECT_URI;
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    throw new UsageError(
      `--redirect-uri ${JSON.stringify(clip(neutralize(value)))} is not a URL`,
      `give the callback URL registered for the app, e.g. ${DEFAULT_REDIRECT_URI}`,
    );
  }
  if (u.hash) throw new UsageError('--redirect-uri must not have a #fragment (RFC 6749 §3.1.2)');
  const loopback = u.protocol === 'http:' && isLoopbackHost(u.hostname);
  if (u.protocol !== 'https:' && !loopback)
    throw new UsageError(`--redirect-uri must be https://, or http:// on a loopback host (got ${clip(neutralize(value))})`);
  return { uri: value, loopback, port: Number(u.port || 80), path: u.pathname };
}

export interface AuthorizeParams {
  base: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  state: string;
  challenge: string;
}

const enc = (v: string) => encodeURIComponent(v).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The authorize URL; scopes are space separated, encoded as %20 as the reference shows. */
export function buildAuthorizeUrl(p: AuthorizeParams): string {
  const u = new URL(p.base);
  const params: Array<[string, string]> = [
    ['response_type', 'code'],
    ['client_id', p.clientId],
    ['redirect_uri', p.redirectUri],
    ['scope', p.scopes.join(' ')],
    ['state', p.state],
    ['code_challenge', p.challenge],
    ['code_challenge_method', 'S256'],
  ];
  const own = u.search.slice(1);
  return `${u.origin}${u.pathname}?${[own, ...params.map(([k, v]) => `${k}=${enc(v)}`)].filter(Boolean).join('&')}`;
}

export interface RedirectResult {
  code?: string;
  state?: string;
  error?: string;
  errorDescription?: string;
}

/** The redirect parameters postctl reads; each may appear once (RFC 6749 §3.1: "MUST NOT be included more than once"). */
const REDIRECT_PARAMS = ['code', 'state', 'error', 'error_description', 'error_uri', 'iss'] as const;

/** The first redirect parameter that appears more than once, if any. */
export function repeatedRedirectParam(query: URLSearchParams): string | undefined {
  return REDIRECT_PARAMS.find((k) => query.getAll(k).length > 1);
}

/** A repeated parameter is refused like a forged state: which of the two would be the real one? */
function repeatedParamError(name: string): AuthError {
  const e = new AuthError(
    `the redirect carries ${name}= more than once; refused (nothing stored, nothing sent)`,
    'use the address of your own, latest login attempt, exactly as the browser shows it.',
  );
  e.code = 'state_mismatch';
  return e;
}

/** The address the browser was sent to (a full URL, or just its query). */
export function parseRedirectAddress(raw: string): RedirectResult {
  const text = raw.trim();
  let query: URLSearchParams;
  try {
    query = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? new URL(text).searchParams : new URLSearchParams(text.replace(/^[^?]*\?/, ''));
  } catch {
    throw new InputError('--redirect-url is not a URL', [
      {
        field: 'redirect-url',
        message: 'paste the whole address the browser was sent to after approving, e.g. http://127.0.0.1:8765/callback?state=…&code=…',
      },
    ]);
  }
  const repeated = repeatedRedirectParam(query);
  if (repeated) throw repeatedParamError(repeated);
  const pick = (k: string) => query.get(k) ?? undefined;
  const out: RedirectResult = {};
  for (const [k, key] of [
    ['code', 'code'],
    ['state', 'state'],
    ['error', 'error'],
    ['error_description', 'errorDescription'],
  ] as const) {
    const v = pick(k);
    if (v !== undefined) out[key] = v;
  }
  if (!out.code && !out.error)
    throw new InputError('--redirect-url carries neither code= nor error=', [
      {
        field: 'redirect-url',
        message: 'paste the whole address the browser was sent to after approving (it may fail to load; copy it from the address bar)',
      },
    ]);
  return out;
}
