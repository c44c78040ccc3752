// The pure parts of `auth oauth2`: PKCE against RFC 7636 Appendix B, state,
// scopes, the redirect URI, the authorize URL, the redirect address, token
// bookkeeping, the async config lock, the loopback listener — and the
// emulator's own verifier check against the same published vector.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listenForRedirect } from '../../src/auth/oauth2-callback.js';
import { isExpired, tokensFrom } from '../../src/auth/oauth2-store.js';
import { buildAuthorizeUrl, DEFAULT_SCOPES, parseRedirectAddress, parseRedirectUri, parseScopes } from '../../src/auth/oauth2-url.js';
import { codeChallenge, codeVerifier, isValidVerifier, randomState, sameState } from '../../src/auth/pkce.js';
import { withFileLockAsync } from '../../src/config/lock.js';
import { verifierMatches, type AuthCode } from '../../src/emulator/oauth2-state.js';
import type { CliError } from '../../src/errors/cli-error.js';
import { tempDir } from '../helpers/cli.js';

// RFC 7636 Appendix B.
const RFC_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const RFC_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

const exitOf = (fn: () => unknown): number | undefined => {
  try {
    fn();
  } catch (e) {
    return (e as CliError).exitCode;
  }
  return undefined;
};

describe('PKCE (RFC 7636)', () => {
  it('S256 challenge of the Appendix B verifier is the published one', () => {
    expect(codeChallenge(RFC_VERIFIER)).toBe(RFC_CHALLENGE);
  });

  it('verifiers are 43 unreserved characters and differ; states differ and compare exactly', () => {
    const a = codeVerifier();
    expect(a).toHaveLength(43);
    expect(isValidVerifier(a)).toBe(true);
    expect(codeVerifier()).not.toBe(a);
    expect(isValidVerifier('short')).toBe(false);
    expect(isValidVerifier('a'.repeat(129))).toBe(false);
    const s = randomState();
    expect(randomState()).not.toBe(s);
    expect(sameState(s, s)).toBe(true);
    expect(sameState(s, `${s}x`)).toBe(false);
    expect(sameState(s, null)).toBe(false);
  });

  it("the emulator's own check accepts the RFC pair and rejects another verifier", () => {
    const code = { challenge: RFC_CHALLENGE, method: 'S256' } as AuthCode;
    expect(verifierMatches(code, RFC_VERIFIER)).toBe(true);
    expect(verifierMatches(code, RFC_VERIFIER.replace('d', 'e'))).toBe(false);
  });
});

describe('scopes and URLs', () => {
  it('--scopes: comma or space separated, de-duplicated; default read scopes plus offline.access; malformed is exit 6; unknown is reported', () => {
    expect(parseScopes(undefined).scopes).toEqual([...DEFAULT_SCOPES]);
    expect(DEFAULT_SCOPES).toContain('offline.access');
    expect(parseScopes('tweet.read, users.read  like.read,tweet.read')).toEqual({
      scopes: ['tweet.read', 'users.read', 'like.read'],
      unknown: [],
    });
    expect(parseScopes('tweet.read future.scope').unknown).toEqual(['future.scope']);
    expect(exitOf(() => parseScopes('tweet.read,Tweet Read'))).toBe(6);
    expect(exitOf(() => parseScopes(' , '))).toBe(6);
  });

  it('--redirect-uri: default loopback, https anywhere, http only on loopback, no fragment', () => {
    expect(parseRedirectUri(undefined)).toEqual({ uri: 'http://127.0.0.1:8765/callback', loopback: true, port: 8765, path: '/callback' });
    expect(parseRedirectUri('http://[::1]:0/cb')).toMatchObject({ loopback: true, port: 0, path: '/cb' });
    expect(parseRedirectUri('https://example.com/oauth')).toMatchObject({ loopback: false });
    expect(exitOf(() => parseRedirectUri('http://example.com/cb'))).toBe(2);
    expect(exitOf(() => parseRedirectUri('http://127.0.0.1:1/cb#x'))).toBe(2);
    expect(exitOf(() => parseRedirectUri('not a url'))).toBe(2);
  });

  it('the authorize URL carries every parameter, scopes joined by %20, S256', () => {
    const url = buildAuthorizeUrl({
      base: 'https://x.com/i/oauth2/authorize',
      clientId: 'cid',
      redirectUri: 'http://127.0.0.1:8765/callback',
      scopes: ['tweet.read', 'offline.access'],
      state: 's t',
      challenge: RFC_CHALLENGE,
    });
    expect(url).toBe(
      `https://x.com/i/oauth2/authorize?response_type=code&client_id=cid&redirect_uri=http%3A%2F%2F127.0.0.1%3A8765%2Fcallback&scope=tweet.read%20offline.access&state=s%20t&code_challenge=${RFC_CHALLENGE}&code_challenge_method=S256`,
    );
  });

  it('the redirect address: a full URL or its query; error and error_description; neither is exit 6', () => {
    expect(parseRedirectAddress(' http://127.0.0.1:8765/callback?state=abc&code=xyz \n')).toEqual({ state: 'abc', code: 'xyz' });
    expect(parseRedirectAddress('?code=1&state=2')).toEqual({ code: '1', state: '2' });
    expect(parseRedirectAddress('http://h/cb?error=access_denied&error_description=no&state=s')).toEqual({
      error: 'access_denied',
      errorDescription: 'no',
      state: 's',
    });
    expect(exitOf(() => parseRedirectAddress('http://127.0.0.1:8765/callback?state=abc'))).toBe(6);
  });
});

describe('token bookkeeping', () => {
  it('tokensFrom keeps the user and the old refresh token when the answer does not rotate it; expiry from expires_in', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    const t = tokensFrom(
      { token_type: 'bearer', access_token: 'a2', expires_in: 7200 },
      'cid',
      { refresh_token: 'r1', scope: 'tweet.read', user_id: '1', username: 'u' },
      now,
    );
    expect(t).toEqual({
      access_token: 'a2',
      refresh_token: 'r1',
      expires_at: '2026-01-01T02:00:00.000Z',
      scope: 'tweet.read',
      client_id: 'cid',
      user_id: '1',
      username: 'u',
      obtained_at: '2026-01-01T00:00:00.000Z',
    });
    expect(tokensFrom({ token_type: 'bearer', access_token: 'a3', refresh_token: 'r2' }, 'cid', t, now).refresh_token).toBe('r2');
  });

  it('isExpired uses the stored expiry with a 30 s margin; no expiry means not expired', () => {
    const base = { access_token: 'a', client_id: 'c', obtained_at: '' };
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(isExpired({ ...base, expires_at: '2026-01-01T00:00:20Z' }, now)).toBe(true);
    expect(isExpired({ ...base, expires_at: '2026-01-01T00:01:00Z' }, now)).toBe(false);
    expect(isExpired(base, now)).toBe(false);
  });
});

describe('withFileLockAsync', () => {
  it('serialises holders across awaits', async () => {
    const target = join(tempDir(), 'config.json.oauth2');
    const events: string[] = [];
    const hold = (name: string) =>
      withFileLockAsync(target, async () => {
        events.push(`${name}+`);
        await new Promise((r) => setTimeout(r, 30));
        events.push(`${name}-`);
      });
    await Promise.all([hold('a'), hold('b'), hold('c')]);
    for (let i = 0; i < events.length; i += 2) expect(events[i]!.slice(0, 1)).toBe(events[i + 1]!.slice(0, 1));
  });
});

describe('loopback listener', () => {
  it('ignores another path and a redirect with another state, takes the matching one', async () => {
    const l = await listenForRedirect(parseRedirectUri('http://127.0.0.1:0/callback'));
    try {
      expect(l.uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
      let mismatches = 0;
      const waiting = l.wait({ state: 'good', timeoutMs: 10_000, onMismatch: () => mismatches++ });
      expect((await fetch(l.uri.replace('/callback', '/other'))).status).toBe(404);
      expect((await fetch(`${l.uri}?state=evil&code=c1`)).status).toBe(400);
      expect(mismatches).toBe(1);
      expect((await fetch(`${l.uri}?state=good&code=c2`)).status).toBe(200);
      expect(await waiting).toEqual({ code: 'c2', state: 'good' });
    } finally {
      await l.close();
    }
  });
});

describe('default OAuth 2.0 scopes', () => {
  it("cover every endpoint's declared OAuth 2.0 needs (so every verb works after a plain `auth oauth2`)", async () => {
    const { ENDPOINT_AUTH } = await import('../../src/auth/endpoint-auth.js');
    const missing = Object.entries(ENDPOINT_AUTH).flatMap(([key, e]) =>
      e.scopes.filter((s) => !DEFAULT_SCOPES.includes(s)).map((s) => `${key}: ${s}`),
    );
    expect(missing).toEqual([]);
    // The ones a bot was missing: DMs, likes, lists, bookmarks; and a refresh token.
    for (const s of ['dm.read', 'dm.write', 'like.write', 'list.write', 'bookmark.read', 'bookmark.write', 'offline.access'])
      expect(DEFAULT_SCOPES).toContain(s);
    // Nothing beyond what some endpoint needs (and the refresh token): no users.email, no block.write.
    const needed = new Set([...Object.values(ENDPOINT_AUTH).flatMap((e) => e.scopes), 'offline.access']);
    expect(DEFAULT_SCOPES.filter((s) => !needed.has(s))).toEqual([]);
    expect(parseScopes(undefined).unknown).toEqual([]);
  });
});
