// The emulator's OAuth 2.0 user-context model (its own tables, not the
// client's): registered clients, authorization codes, access and refresh
// tokens. Lifetimes follow the platform reference: codes 30 s, access tokens
// 2 hours, refresh tokens rotate on use.
import { createHash } from 'node:crypto';
import type { EmulatorState } from './state.js';

/** A public client (Native App / Single page App): no secret, client_id in the body. */
export const EMU_OAUTH2_PUBLIC = { clientId: 'emu-oauth2-public-client' } as const;
/** A confidential client (Web App / bot): HTTP Basic with its secret. */
export const EMU_OAUTH2_CONFIDENTIAL = {
  clientId: 'emu-oauth2-confidential-client',
  clientSecret: 'emu-oauth2-client-secret-0123456789',
} as const;
/** Registered callback; the emulator also accepts http://127.0.0.1:<any port>/callback for loopback logins. */
const EMU_OAUTH2_REDIRECT = 'http://127.0.0.1:8765/callback';

export const CODE_TTL_MS = 30_000;
export const ACCESS_TTL_SEC = 7200;

export interface OAuth2Client {
  clientId: string;
  clientSecret?: string;
  redirectUris: string[];
}

export interface AuthCode {
  code: string;
  clientId: string;
  redirectUri: string;
  challenge: string;
  method: 'S256' | 'plain';
  scope: string;
  userId: string;
  createdAt: number;
  used: boolean;
}

export interface UserToken {
  token: string;
  kind: 'access' | 'refresh';
  clientId: string;
  userId: string;
  scope: string;
  /** ms epoch; access tokens only. */
  expiresAt?: number;
  revoked: boolean;
}

export interface OAuth2State {
  clients: Map<string, OAuth2Client>;
  codes: Map<string, AuthCode>;
  tokens: Map<string, UserToken>;
}

export function oauth2State(state: EmulatorState): OAuth2State {
  return state.slice('oauth2-user', () => {
    const clients = new Map<string, OAuth2Client>();
    clients.set(EMU_OAUTH2_PUBLIC.clientId, { clientId: EMU_OAUTH2_PUBLIC.clientId, redirectUris: [EMU_OAUTH2_REDIRECT] });
    clients.set(EMU_OAUTH2_CONFIDENTIAL.clientId, { ...EMU_OAUTH2_CONFIDENTIAL, redirectUris: [EMU_OAUTH2_REDIRECT] });
    return { clients, codes: new Map(), tokens: new Map() };
  });
}

/** Exact match against the registered list (RFC 6749 §10.6), plus any port on 127.0.0.1/callback. */
export function redirectAllowed(client: OAuth2Client, uri: string): boolean {
  if (client.redirectUris.includes(uri)) return true;
  return /^http:\/\/127\.0\.0\.1:\d{1,5}\/callback$/.test(uri);
}

/** RFC 7636 §4.6, computed here independently of the client. */
export function verifierMatches(code: AuthCode, verifier: string): boolean {
  if (!/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) return false;
  const expected = code.method === 'S256' ? createHash('sha256').update(verifier, 'ascii').digest('base64url') : verifier;
  return expected === code.challenge;
}

/** The live user token behind a Bearer value, or why it is not one. */
export function userToken(state: EmulatorState, token: string, now = state.now()): UserToken | 'expired' | undefined {
  const t = oauth2State(state).tokens.get(token);
  if (t?.kind !== 'access' || t.revoked) return undefined;
  if (t.expiresAt !== undefined && t.expiresAt <= now) return 'expired';
  return t;
}

/** The "server expires the access token" hook: all live access tokens, or one. Returns how many. */
export function expireAccessTokens(state: EmulatorState, token?: string): number {
  let n = 0;
  for (const t of oauth2State(state).tokens.values()) {
    if (t.kind !== 'access' || t.revoked || (token && t.token !== token)) continue;
    t.expiresAt = state.now() - 1000;
    n++;
  }
  return n;
}
