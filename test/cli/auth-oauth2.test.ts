// `postctl auth oauth2` through the built CLI against the emulator, which
// verifies S256 PKCE with its own code: the headless two-step flow for a
// public and a confidential client, a forged state, a denied consent, a wrong
// verifier, automatic refresh (expired by the server, and by the stored
// expiry), two processes refreshing at once, a failed refresh, logout --oauth2,
// and no token in any output (--verbose, error JSON) or file but the 0600 config.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMU_OAUTH2_CONFIDENTIAL, expireAccessTokens, oauth2State } from '../../src/emulator/oauth2-state.js';
import { tempDir, type CliResult, type RunOptions } from '../helpers/cli.js';
import { fileEmulator } from '../helpers/emulator.js';
import { terminal } from '../helpers/terminal.js';
import { DEFAULT_SCOPES } from '../../src/auth/oauth2-url.js';

const emu = fileEmulator({}, { keepFaults: true });

function fresh(extra: Record<string, string | undefined> = {}) {
  const dir = tempDir();
  // No OAuth 1.0a token in the environment: OAuth 2.0 must stand on its own.
  const env = { POSTCTL_CONFIG_DIR: dir, HOME: dir, POSTCTL_ACCESS_TOKEN: undefined, POSTCTL_ACCESS_TOKEN_SECRET: undefined, ...extra };
  const outputs: string[] = [];
  return {
    dir,
    outputs,
    run: async (args: string[], opts: RunOptions = {}): Promise<CliResult> => {
      const r = await emu.run(args, { ...opts, env: { ...env, ...opts.env } });
      outputs.push(r.stdout, r.stderr);
      return r;
    },
    config: () => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')),
    write: (data: unknown) => writeFileSync(join(dir, 'config.json'), JSON.stringify(data)),
  };
}

type Fresh = ReturnType<typeof fresh>;

/** Approves in the emulator's authorize page; returns the address the browser is sent to. */
async function approve(authorizeUrl: string): Promise<string> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

async function login(f: Fresh, step1: string[] = [], step1Opts: RunOptions = {}): Promise<{ step1: CliResult; step2: CliResult }> {
  const s1 = await f.run(['auth', 'oauth2', ...step1], step1Opts);
  expect(s1.code, s1.stderr).toBe(0);
  const s2 = await f.run(['auth', 'oauth2', '--redirect-url', await approve(s1.json().authorize_url), '--verbose']);
  expect(s2.code, s2.stderr).toBe(0);
  return { step1: s1, step2: s2 };
}

const tokenCalls = (grant: string) => emu.state.requests('POST', '/2/oauth2/token').filter((e) => e.body.includes(`grant_type=${grant}`));

describe('auth oauth2: headless two-step', () => {
  it('public client: step 1 JSON, step 2 stores the tokens, request --auth oauth2 works and refreshes after the server expires the token', async () => {
    const f = fresh();
    const s1 = await f.run(['auth', 'oauth2', '--verbose']);
    expect(s1.code).toBe(0);
    const out = s1.json();
    expect(Object.keys(out).sort()).toEqual(['authorize_url', 'expires_hint', 'next', 'redirect_uri']);
    expect(out.redirect_uri).toBe('http://127.0.0.1:8765/callback');
    expect(out.next).toBe("postctl auth oauth2 --redirect-url '<address>'");
    const u = new URL(out.authorize_url);
    expect(u.pathname).toBe('/i/oauth2/authorize');
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'emu-oauth2-public-client',
      scope: DEFAULT_SCOPES.join(' '),
      code_challenge_method: 'S256',
    });
    expect(out.authorize_url).toContain(`scope=${DEFAULT_SCOPES.join('%20')}`);
    const pending = f.config().profiles.default.oauth2_pending;
    expect(pending).toMatchObject({ state: u.searchParams.get('state'), redirect_uri: out.redirect_uri });
    expect(pending.code_verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((statSync(join(f.dir, 'config.json')).mode & 0o777).toString(8)).toBe('600');
    expect(s1.stdout + s1.stderr).not.toContain(pending.code_verifier);

    const before = emu.state.log.length;
    const s2 = await f.run(['auth', 'oauth2', '--redirect-url', await approve(out.authorize_url), '--verbose']);
    expect(s2.code, s2.stderr).toBe(0);
    expect(s2.json()).toEqual({
      profile: 'default',
      user_id: '2244994945',
      username: 'emu_dev',
      scope: DEFAULT_SCOPES.join(' '),
      expires_at: expect.any(String),
      refresh_token: true,
    });
    const exchange = emu.state.log.slice(before).find((e) => e.path === '/2/oauth2/token')!;
    expect(exchange.status).toBe(200);
    expect(exchange.body).toContain('client_id=emu-oauth2-public-client');
    expect(exchange.body).toContain(`code_verifier=${pending.code_verifier}`);
    const stored = f.config().profiles.default;
    expect(stored.oauth2_pending).toBeUndefined();
    expect(stored.oauth2).toMatchObject({
      client_id: 'emu-oauth2-public-client',
      username: 'emu_dev',
      scope: DEFAULT_SCOPES.join(' '),
    });

    const me = await f.run(['request', 'GET', '/2/users/me', '--auth', 'oauth2']);
    expect(me.code).toBe(0);
    expect(me.json().data.username).toBe('emu_dev');
    // A verb with --auth: the user token goes as the bearer.
    const lookupsBefore = emu.state.requests('GET', '/2/tweets').length;
    const lookup = await f.run(['posts', 'lookup', '1460323737035677698', '--auth', 'oauth2', '-o', 'json']);
    expect(lookup.code, lookup.stderr).toBe(0);
    expect(
      emu.state
        .requests('GET', '/2/tweets')
        .slice(lookupsBefore)
        .map((e) => [e.status, e.auth]),
    ).toEqual([[200, 'user']]);

    expect(expireAccessTokens(emu.state, stored.oauth2.access_token)).toBe(1);
    const refreshesBefore = tokenCalls('refresh_token').length;
    const meBefore = emu.state.requests('GET', '/2/users/me').length;
    const again = await f.run(['request', 'GET', '/2/users/me', '--auth', 'oauth2', '--verbose']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.json().data.username).toBe('emu_dev');
    expect(tokenCalls('refresh_token').length - refreshesBefore).toBe(1);
    expect(
      emu.state
        .requests('GET', '/2/users/me')
        .slice(meBefore)
        .map((e) => e.status),
    ).toEqual([401, 200]);
    const rotated = f.config().profiles.default.oauth2;
    expect(rotated.refresh_token).not.toBe(stored.oauth2.refresh_token);
    expect(oauth2State(emu.state).tokens.get(stored.oauth2.refresh_token)!.revoked).toBe(true);
    expect(oauth2State(emu.state).tokens.get(rotated.refresh_token)!.revoked).toBe(false);

    // No token, verifier or code in any output; the config dir holds only the 0600 config.
    const secrets = [
      pending.code_verifier,
      stored.oauth2.access_token,
      stored.oauth2.refresh_token,
      rotated.access_token,
      rotated.refresh_token,
    ];
    expect(f.outputs.length).toBeGreaterThan(0);
    for (const text of f.outputs) for (const s of secrets) expect(text).not.toContain(s);
    // (the tests' HOME is the config dir: ~/.cache holds postctl's compiled-code cache, not config)
    expect(readdirSync(f.dir).filter((n) => n !== '.cache')).toEqual(['config.json']);
  });

  it('confidential client: the secret goes as HTTP Basic (no client_id in the body), is stored for refreshes, never printed', async () => {
    const f = fresh({ POSTCTL_CLIENT_ID: undefined });
    const before = emu.state.log.length;
    await login(
      f,
      [
        '--client-id',
        EMU_OAUTH2_CONFIDENTIAL.clientId,
        '--client-secret-stdin',
        '--scopes',
        'tweet.read, users.read,offline.access',
        '--verbose',
      ],
      { input: EMU_OAUTH2_CONFIDENTIAL.clientSecret },
    );
    const calls = emu.state.log.slice(before).filter((e) => e.path === '/2/oauth2/token');
    expect(calls.map((e) => e.status)).toEqual([200]);
    expect(calls[0]!.body).not.toContain('client_id=');
    const p = f.config().profiles.default;
    expect(p.client_id).toBe(EMU_OAUTH2_CONFIDENTIAL.clientId);
    expect(p.client_secret).toBe(EMU_OAUTH2_CONFIDENTIAL.clientSecret);
    expectNoSecret(f, [
      EMU_OAUTH2_CONFIDENTIAL.clientSecret,
      Buffer.from(`${EMU_OAUTH2_CONFIDENTIAL.clientId}:${EMU_OAUTH2_CONFIDENTIAL.clientSecret}`).toString('base64'),
    ]);
    // The stored expiry has passed: refreshed before sending (no 401), with Basic again.
    p.oauth2.expires_at = new Date(Date.now() - 60_000).toISOString();
    f.write({ ...f.config(), profiles: { default: p } });
    const meBefore = emu.state.requests('GET', '/2/users/me').length;
    const r = await f.run(['request', 'GET', '/2/users/me', '--auth', 'oauth2']);
    expect(r.code, r.stderr).toBe(0);
    expect(
      emu.state
        .requests('GET', '/2/users/me')
        .slice(meBefore)
        .map((e) => e.status),
    ).toEqual([200]);
    expect(Date.parse(f.config().profiles.default.oauth2.expires_at)).toBeGreaterThan(Date.now());
  });
});

function expectNoSecret(f: Fresh, secrets: string[]): void {
  expect(f.outputs.length).toBeGreaterThan(0);
  for (const text of f.outputs) for (const s of secrets) expect(text).not.toContain(s);
}

describe('auth oauth2: refusals', () => {
  it('a forged state is exit 3, nothing is stored and nothing is sent', async () => {
    const f = fresh();
    const s1 = await f.run(['auth', 'oauth2']);
    const address = new URL(await approve(s1.json().authorize_url));
    address.searchParams.set('state', 'forged-state-value');
    const before = emu.state.log.length;
    const r = await f.run(['auth', 'oauth2', '--redirect-url', address.toString(), '-o', 'json']);
    expect(r.code).toBe(3);
    expect(r.errorJson().error).toMatchObject({ code: 'state_mismatch', exit_code: 3 });
    expect(r.stderr).toContain('nothing stored');
    expect(emu.state.log.length).toBe(before);
    const p = f.config().profiles.default;
    expect(p.oauth2).toBeUndefined();
    expect(p.oauth2_pending).toBeDefined();
  });

  it('a denied consent (error=access_denied) is exit 3 with the reason; stdin works for the address', async () => {
    const f = fresh();
    const s1 = await f.run(['auth', 'oauth2']);
    emu.state.approve = false;
    let address: string;
    try {
      address = await approve(s1.json().authorize_url);
    } finally {
      emu.state.approve = true;
    }
    expect(address).toContain('error=access_denied');
    const r = await f.run(['auth', 'oauth2', '--redirect-url', '-'], { input: `${address}\n` });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('the authorization was not granted: access_denied (The user denied the authorization request.)');
    expect(f.config().profiles.default.oauth2).toBeUndefined();
  });

  it('a wrong code verifier is refused by the server (invalid_grant): exit 3, nothing stored, the pending login dropped', async () => {
    const f = fresh();
    const s1 = await f.run(['auth', 'oauth2']);
    const data = f.config();
    data.profiles.default.oauth2_pending.code_verifier = 'A'.repeat(43);
    f.write(data);
    const r = await f.run(['auth', 'oauth2', '--redirect-url', await approve(s1.json().authorize_url), '-o', 'json']);
    expect(r.code).toBe(3);
    expect(r.errorJson().error.code).toBe('oauth2_invalid_grant');
    expect(r.stderr).toContain('code_verifier does not match the code_challenge');
    const p = f.config().profiles.default;
    expect(p.oauth2).toBeUndefined();
    expect(p.oauth2_pending).toBeUndefined();
  });

  it('bad --scopes is exit 6 before anything is sent; no client id off a terminal is exit 2 naming the flag', async () => {
    const f = fresh();
    const before = emu.state.log.length;
    const bad = await f.run(['auth', 'oauth2', '--scopes', 'tweet.read,DROP TABLE']);
    expect(bad.code).toBe(6);
    expect(bad.stderr).toContain('not a scope name');
    const port0 = await f.run(['auth', 'oauth2', '--redirect-uri', 'http://127.0.0.1:0/callback']);
    expect(port0.code).toBe(2);
    expect(port0.stderr).toContain('port 0');
    const none = await f.run(['auth', 'oauth2'], { env: { POSTCTL_CLIENT_ID: undefined } });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('--client-id or POSTCTL_CLIENT_ID');
    expect(emu.state.log.length).toBe(before);
  });
});

describe('auth oauth2: refresh and logout', () => {
  it('two processes refreshing the same expired token both succeed; one refresh is made; the stored refresh token is the newest', async () => {
    const f = fresh();
    await login(f);
    const old = f.config().profiles.default.oauth2;
    expireAccessTokens(emu.state, old.access_token);
    const refreshesBefore = tokenCalls('refresh_token').length;
    const [a, b] = await Promise.all([0, 1].map(() => f.run(['request', 'GET', '/2/users/me', '--auth', 'oauth2', '--verbose'])));
    expect([a!.code, b!.code], a!.stderr + b!.stderr).toEqual([0, 0]);
    expect(tokenCalls('refresh_token').length - refreshesBefore).toBe(1);
    const now = f.config().profiles.default.oauth2;
    expect(now.refresh_token).not.toBe(old.refresh_token);
    // The newest: the one live refresh token of this login at the server.
    const live = [...oauth2State(emu.state).tokens.values()]
      .filter((t) => t.kind === 'refresh' && !t.revoked && t.clientId === old.client_id)
      .map((t) => t.token);
    expect(live).toContain(now.refresh_token);
    expect(live).not.toContain(old.refresh_token);
    expectNoSecret(f, [old.access_token, old.refresh_token, now.access_token, now.refresh_token]);
  });

  it('a failed refresh is exit 3 with "log in again" and the command, in the error JSON too, without tokens', async () => {
    const f = fresh();
    await login(f);
    const t = f.config().profiles.default.oauth2;
    oauth2State(emu.state).tokens.get(t.refresh_token)!.revoked = true;
    expireAccessTokens(emu.state, t.access_token);
    const r = await f.run(['request', 'GET', '/2/users/me', '--auth', 'oauth2', '--verbose', '-o', 'json']);
    expect(r.code).toBe(3);
    const err = r.errorJson().error;
    expect(err.code).toBe('oauth2_login_again');
    expect(err.message).toContain('log in again: postctl auth oauth2');
    expect(err.message).toContain('invalid_grant');
    expectNoSecret(f, [t.access_token, t.refresh_token]);
  });

  it('auth status shows user, scopes and expiry, never tokens; logout --oauth2 revokes both tokens and removes them', async () => {
    const f = fresh();
    await login(f);
    const t = f.config().profiles.default.oauth2;
    const st = await f.run(['auth', 'status', '-o', 'json']);
    expect(st.code).toBe(0);
    expect(st.json().oauth2).toEqual({
      user_id: '2244994945',
      username: 'emu_dev',
      client_id: 'emu-oauth2-public-client',
      scopes: [...DEFAULT_SCOPES],
      expires_at: t.expires_at,
      expired: false,
      refresh_token: true,
    });
    const checked = await f.run(['auth', 'status', '--check', '-o', 'json'], {
      env: { POSTCTL_CONSUMER_KEY: undefined, POSTCTL_CONSUMER_SECRET: undefined },
    });
    expect(checked.code, checked.stderr).toBe(0);
    expect(checked.json().check).toEqual({
      ok: true,
      auth: 'oauth2',
      endpoint: 'GET /2/users/me',
      user_id: '2244994945',
      screen_name: 'emu_dev',
    });
    const table = await f.run(['auth', 'status'], { env: { POSTCTL_OUTPUT: 'table' } });
    expect(table.stdout).toContain(`OAuth 2.0: @emu_dev (2244994945); scopes ${DEFAULT_SCOPES.join(' ')}`);
    const out = await f.run(['auth', 'logout', '--oauth2', '--yes']);
    expect(out.code, out.stderr).toBe(0);
    expect(out.json()).toEqual({ profile: 'default', revoked: ['refresh_token', 'access_token'], removed: ['oauth2'] });
    const tokens = oauth2State(emu.state).tokens;
    expect([tokens.get(t.access_token)!.revoked, tokens.get(t.refresh_token)!.revoked]).toEqual([true, true]);
    expect(f.config().profiles.default.oauth2).toBeUndefined();
    const after = await f.run(['request', 'GET', '/2/users/me', '--auth', 'oauth2']);
    expect(after.code).toBe(3);
    expect(after.stderr).toContain('has no OAuth 2.0 login');
    expectNoSecret(f, [t.access_token, t.refresh_token]);
  });
});

describe('auth oauth2 on a terminal (loopback redirect)', () => {
  it('listens on the redirect URI, prints the URL, ignores a forged state, takes the real redirect and logs in', async () => {
    const dir = tempDir();
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: dir,
      POSTCTL_CONFIG_DIR: dir,
      ...emu.env(),
      POSTCTL_ACCESS_TOKEN: '',
      POSTCTL_ACCESS_TOKEN_SECRET: '',
    };
    const t = terminal(['auth', 'oauth2', '--redirect-uri', 'http://127.0.0.1:0/callback', '--wait', '30'], env);
    const [, url] = await t.expect(/(http:\/\/127\.0\.0\.1:\d+\/i\/oauth2\/authorize\?\S+)\n/);
    const redirectUri = new URL(url!).searchParams.get('redirect_uri')!;
    expect(redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(redirectUri).not.toBe('http://127.0.0.1:0/callback');
    await t.expect(/Waiting up to 30 s for the redirect/);
    expect((await fetch(`${redirectUri}?state=forged&code=nope`)).status).toBe(400);
    await t.expect(/ignored a redirect whose state does not match/);
    const page = await fetch(await approve(url!));
    expect(page.status).toBe(200);
    await t.expect(/logged in with OAuth 2\.0 as @emu_dev/);
    expect(await t.exit).toBe(0);
    const p = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.default;
    expect(p.oauth2).toMatchObject({ username: 'emu_dev', client_id: 'emu-oauth2-public-client' });
    expect(t.transcript()).not.toContain(p.oauth2.access_token);
    expect(t.transcript()).not.toContain(p.oauth2.refresh_token);
  });
});
