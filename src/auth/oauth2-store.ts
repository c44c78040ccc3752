// Where OAuth 2.0 logins live: the profile's `oauth2` (tokens) and
// `oauth2_pending` (step 1 of the headless flow), in the 0600 config file,
// always written under the config lock.
import type { OAuth2Pending, OAuth2Tokens } from '../config/schema.js';
import type { ConfigStore } from '../config/store.js';
import type { TokenResponse } from './oauth2-token.js';

/** The tokens as stored right now (a fresh read, not the start-of-run snapshot). */
export function readTokens(store: ConfigStore, profile: string): OAuth2Tokens | undefined {
  const t = store.read().profiles?.[profile]?.oauth2;
  return t && typeof t === 'object' && typeof t.access_token === 'string' ? t : undefined;
}

/** The tokens a token response makes, keeping what it leaves out (user, and the refresh token when not rotated). */
export function tokensFrom(res: TokenResponse, clientId: string, previous: Partial<OAuth2Tokens> = {}, now = Date.now()): OAuth2Tokens {
  const t: OAuth2Tokens = { access_token: res.access_token, client_id: clientId, obtained_at: new Date(now).toISOString() };
  const refresh = res.refresh_token ?? previous.refresh_token;
  if (refresh) t.refresh_token = refresh;
  if (res.expires_in) t.expires_at = new Date(now + res.expires_in * 1000).toISOString();
  const scope = res.scope ?? previous.scope;
  if (scope) t.scope = scope;
  if (previous.user_id) t.user_id = previous.user_id;
  if (previous.username) t.username = previous.username;
  return t;
}

/** Stores a login's tokens and drops the pending step-1 state, in one locked write. */
export function saveLogin(
  store: ConfigStore,
  profile: string,
  tokens: OAuth2Tokens,
  settings: { client_id: string; client_secret?: string | undefined; api_url?: string | undefined },
): void {
  store.update((data) => {
    data.profiles ??= {};
    const p = { ...(data.profiles[profile] ?? {}) };
    p.oauth2 = tokens;
    delete p.oauth2_pending;
    p.client_id = settings.client_id;
    // A confidential client needs its secret again for every refresh.
    if (settings.client_secret) p.client_secret = settings.client_secret;
    if (settings.api_url) p.api_url = settings.api_url;
    data.profiles[profile] = p;
    data.default_profile ??= profile;
  });
}

/** Replaces the tokens after a refresh; returns false when the login was removed meanwhile (logout). */
export function saveRotated(store: ConfigStore, profile: string, tokens: OAuth2Tokens): boolean {
  return store.update((data) => {
    const p = data.profiles?.[profile];
    if (!p?.oauth2) return false;
    data.profiles![profile] = { ...p, oauth2: tokens };
    return true;
  });
}

export function savePendingOAuth2(
  store: ConfigStore,
  profile: string,
  pending: OAuth2Pending,
  settings: Record<string, string | undefined>,
): OAuth2Pending | undefined {
  return store.update((data) => {
    data.profiles ??= {};
    const p = { ...(data.profiles[profile] ?? {}) };
    const previous = p.oauth2_pending;
    p.oauth2_pending = pending;
    for (const [k, v] of Object.entries(settings)) if (v) p[k] = v;
    data.profiles[profile] = p;
    data.default_profile ??= profile;
    return previous;
  });
}

export function dropPendingOAuth2(store: ConfigStore, profile: string): void {
  store.update((data) => {
    const p = data.profiles?.[profile];
    if (p?.oauth2_pending) {
      const { oauth2_pending: _drop, ...rest } = p;
      data.profiles![profile] = rest;
    }
  });
}

export function removeTokens(store: ConfigStore, profile: string): void {
  store.update((data) => {
    const p = data.profiles?.[profile];
    if (p) {
      const { oauth2: _t, oauth2_pending: _p, ...rest } = p;
      data.profiles![profile] = rest;
    }
  });
}

/** Expired by the stored expiry, with a margin so a token does not die in flight. */
export function isExpired(t: OAuth2Tokens, now = Date.now(), marginMs = 30_000): boolean {
  if (!t.expires_at) return false;
  const at = Date.parse(t.expires_at);
  return Number.isFinite(at) && at - marginMs <= now;
}
