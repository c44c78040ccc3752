// OAuth 2.0 against a hostile token endpoint (loopback): junk after a fresh
// token, an absurd expiry, a token with control characters, a refresh slower
// than the lock's stale age with two processes, and a redirect with a repeated
// parameter. Every run is the built CLI; the figure is the server's request count.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { hostileServer, json, type Hostile } from '../helpers/hostile.js';

let h: Hostile;
beforeAll(async () => {
  h = await hostileServer();
});
afterAll(() => h.close());

const OLD = { access: 'old-access-token-AAAA1111', refresh: 'old-refresh-token-BBBB2222' };
const NEW = { access: 'NEW-ACCESS-TOKEN-fresh-9f8e7d6c', refresh: 'NEW-REFRESH-TOKEN-rotated-1a2b3c4d' };

/** A config dir whose default profile holds an expired OAuth 2.0 login against the hostile server. */
function expiredLogin(): { dir: string; env: Record<string, string | undefined>; config: () => any } {
  const env = h.env({ POSTCTL_ACCESS_TOKEN: undefined, POSTCTL_ACCESS_TOKEN_SECRET: undefined, POSTCTL_BEARER_TOKEN: undefined });
  const dir = env.POSTCTL_CONFIG_DIR!;
  const oauth2 = {
    access_token: OLD.access,
    refresh_token: OLD.refresh,
    client_id: 'hostile-client',
    obtained_at: new Date(Date.now() - 7_200_000).toISOString(),
    expires_at: new Date(Date.now() - 60_000).toISOString(),
  };
  const data = { default_profile: 'default', profiles: { default: { client_id: 'hostile-client', api_url: h.url, oauth2 } } };
  writeFileSync(join(dir, 'config.json'), JSON.stringify(data), { mode: 0o600 });
  return { dir, env, config: () => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) };
}

const tokenCalls = () => h.requests.filter((s) => s.path === '/2/oauth2/token');
/** /2/users/me answers 200 to the new access token only. */
function me(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse): void {
  if (req.headers.authorization === `Bearer ${NEW.access}`) json(res, { data: { id: '2244994945', username: 'hostile' } });
  else json(res, { title: 'Unauthorized', status: 401, type: 'about:blank', detail: 'Unauthorized' }, 401);
}

describe('token responses are parsed strictly and never echoed', () => {
  it('200 with JSON followed by junk: exit 7, the new tokens appear in no output (stdout, stderr, --verbose, JSON error)', async () => {
    const f = expiredLogin();
    h.handle((req, res, seen) => {
      if (seen.path !== '/2/oauth2/token') return me(req, res);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"token_type":"bearer","access_token":"${NEW.access}","refresh_token":"${NEW.refresh}","expires_in":7200}<html>junk</html>`);
    });
    const r = await runCli(['request', 'GET', '/2/users/me', '--auth', 'oauth2', '--verbose', '-o', 'json'], { env: f.env });
    const all = r.stdout + r.stderr;
    const hits = [NEW.access, NEW.refresh, OLD.access, OLD.refresh].filter((t) => all.includes(t)).length;
    console.log(`[hostile] junk after token: exit ${r.code}, ${tokenCalls().length} token request, token text found ${hits} times`);
    expect(r.code).toBe(9);
    // A token request whose answer could not be read: the service may have acted on it (a rotated refresh
    // token), so it is "maybe sent" (exit 9, sent: unknown), not a plain network failure.
    expect(r.errorJson().error.sent).toBe('unknown');
    expect(hits).toBe(0);
    expect(r.stderr).toContain('POST /2/oauth2/token answered HTTP 200 with a body that is not JSON: (');
    expect(r.stderr).toContain('bytes, not shown: it may hold credentials)');
    expect(tokenCalls()).toHaveLength(1);
  });

  it('expires_in 1e300: clamped to a year, the rotated refresh token is stored, the call succeeds', async () => {
    const f = expiredLogin();
    h.handle((req, res, seen) => {
      if (seen.path !== '/2/oauth2/token') return me(req, res);
      json(res, { token_type: 'bearer', access_token: NEW.access, refresh_token: NEW.refresh, expires_in: 1e300 });
    });
    const r = await runCli(['request', 'GET', '/2/users/me', '--auth', 'oauth2'], { env: f.env });
    expect(r.code, r.stderr).toBe(0);
    const t = f.config().profiles.default.oauth2;
    expect(t.refresh_token).toBe(NEW.refresh);
    const days = (Date.parse(t.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(365);
    expect(days).toBeLessThanOrEqual(366);
  });

  it('an access token with control characters: exit 3, nothing stored, no later "network" error', async () => {
    const f = expiredLogin();
    h.handle((req, res, seen) => {
      if (seen.path !== '/2/oauth2/token') return me(req, res);
      json(res, { token_type: 'bearer', access_token: 'bad\r\nX-Injected: 1', refresh_token: NEW.refresh, expires_in: 7200 });
    });
    const r = await runCli(['request', 'GET', '/2/users/me', '--auth', 'oauth2'], { env: f.env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('answered with an access_token that is not a usable token');
    expect(f.config().profiles.default.oauth2.access_token).toBe(OLD.access);
    expect(h.requests.map((s) => s.path)).toEqual(['/2/oauth2/token']);
  });
});

describe('the refresh lock holds while its holder lives', () => {
  // The case is an 18-s refresh against a 15-s stale age, scaled by POSTCTL_LOCK_STALE_MS.
  // Two barriers, no timing: the second process starts only once the first one's refresh has
  // reached the server; that refresh is answered only once the lock file shows the holder's
  // heartbeat renewed it to more than 3 stale ages after the second process started (so the
  // second one waited on a lock that unrenewed would have been broken three times over), or as
  // soon as a second refresh arrives (the lock was broken: the count below fails). Without the
  // heartbeat the lock is never renewed, so the first barrier cannot open by renewal: the test
  // fails on the second refresh, or on the missing renewal — never passes by luck.
  it('two processes, a refresh slower than the stale age: one refresh request, both exit 0', async () => {
    const f = expiredLogin();
    const lock = join(f.dir, 'config.json.oauth2.lock');
    const STALE = 500;
    let arrived!: () => void;
    const first = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let refreshes = 0;
    h.handle(async (req, res, seen) => {
      if (seen.path !== '/2/oauth2/token') return me(req, res);
      if (++refreshes > 1) release();
      else arrived();
      await released;
      json(res, { token_type: 'bearer', access_token: NEW.access, refresh_token: NEW.refresh, expires_in: 7200 });
    });
    const env = { ...f.env, POSTCTL_LOCK_STALE_MS: String(STALE) };
    const one = runCli(['request', 'GET', '/2/users/me', '--auth', 'oauth2'], { env });
    await first;
    const secondStarted = Date.now();
    const two = runCli(['request', 'GET', '/2/users/me', '--auth', 'oauth2'], { env });
    const renewedPast = () => {
      try {
        return statSync(lock).mtimeMs - secondStarted > 3 * STALE;
      } catch {
        return false;
      }
    };
    let renewed = false;
    for (const giveUp = Date.now() + 15_000; Date.now() < giveUp && refreshes < 2 && !renewed; ) {
      renewed = renewedPast();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    release();
    const [r1, r2] = await Promise.all([one, two]);
    console.log(`[hostile] two processes, stale age ${STALE} ms: ${tokenCalls().length} refresh request(s), exits ${r1.code}/${r2.code}`);
    expect(tokenCalls()).toHaveLength(1);
    expect(renewed).toBe(true);
    expect([r1.code, r2.code]).toEqual([0, 0]);
    expect(tokenCalls()[0]!.body).toContain(`refresh_token=${OLD.refresh}`);
    expect(f.config().profiles.default.oauth2.refresh_token).toBe(NEW.refresh);
  }, 40_000);
});

describe('redirects', () => {
  it('--redirect-url with state= twice: exit 3, nothing sent, nothing stored', async () => {
    const env = h.env({ POSTCTL_CLIENT_ID: 'hostile-client', POSTCTL_ACCESS_TOKEN: undefined });
    h.handle((_req, res) => json(res, {}));
    const s1 = await runCli(['auth', 'oauth2', '--no-browser', '-o', 'json'], { env });
    expect(s1.code, s1.stderr).toBe(0);
    const state = new URL(s1.json().authorize_url).searchParams.get('state');
    const address = `http://127.0.0.1:8765/callback?state=${state}&code=abc&state=other`;
    const r = await runCli(['auth', 'oauth2', '--redirect-url', address, '-o', 'json'], { env });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('the redirect carries state= more than once; refused');
    expect(h.requests).toHaveLength(0);
  });
});
