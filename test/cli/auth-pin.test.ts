// `postctl auth pin` through the built CLI: the two-step headless flow without
// a TTY (and its errors), and the interactive flow in a real pseudo-terminal
// (a python3 pty bridge) with masked prompts, a mistyped PIN and a y/N confirm.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMU_APP } from '../../src/emulator/state.js';
import { tempDir, type RunOptions } from '../helpers/cli.js';
import { terminal } from '../helpers/terminal.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator({}, { keepFaults: true });

function fresh(extra: Record<string, string | undefined> = {}) {
  const dir = tempDir();
  const env = { POSTCTL_CONFIG_DIR: dir, HOME: dir, POSTCTL_ACCESS_TOKEN: undefined, POSTCTL_ACCESS_TOKEN_SECRET: undefined, ...extra };
  return {
    dir,
    run: (args: string[], opts: RunOptions = {}) => emu.run(args, { ...opts, env: { ...env, ...opts.env } }),
    config: () => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')),
  };
}

async function pinFrom(authorizeUrl: string): Promise<string> {
  const page = await (await fetch(authorizeUrl)).text();
  const m = /PIN: (\d+)/.exec(page);
  if (!m) throw new Error(`no PIN on the authorize page: ${page}`);
  return m[1]!;
}

const requestTokenOf = (authorizeUrl: string) => emu.state.requestTokens.get(new URL(authorizeUrl).searchParams.get('oauth_token')!)!;

describe('auth pin without a TTY (two steps)', () => {
  it('step 1 stores the pending request and prints {authorize_url, expires_hint, next}; step 2 completes it', async () => {
    const f = fresh();
    const start = await f.run(['auth', 'pin', '--access', 'write']);
    expect(start.code).toBe(0);
    const out = start.json();
    expect(Object.keys(out).sort()).toEqual(['authorize_url', 'expires_hint', 'next']);
    expect(out.next).toBe('postctl auth pin --pin <PIN>');
    expect(out.expires_hint).toMatch(/within minutes/);
    const u = new URL(out.authorize_url);
    expect(u.pathname).toBe('/oauth/authorize');
    expect(start.stderr).toContain(out.authorize_url);
    const rt = requestTokenOf(out.authorize_url);
    expect(rt).toMatchObject({ callback: 'oob', accessType: 'write', used: false });
    const pending = f.config().profiles.default.pending_request;
    expect(pending).toMatchObject({ oauth_token: rt.token, oauth_token_secret: rt.secret, authorize_url: out.authorize_url });
    expect(start.stdout + start.stderr).not.toContain(rt.secret);

    const pin = await pinFrom(out.authorize_url);
    const done = await f.run(['auth', 'pin', '--pin', pin]);
    expect(done.code).toBe(0);
    expect(done.json()).toEqual({ profile: 'default', user_id: '2244994945', screen_name: 'emu_dev' });
    const p = f.config().profiles.default;
    expect(p.pending_request).toBeUndefined();
    expect(emu.state.accessTokens.get(p.access_token)).toMatchObject({ secret: p.access_token_secret });
    expect((await f.run(['auth', 'status', '--check'])).code).toBe(0);
  });

  it('a wrong PIN (401 from access_token) is a clear error that keeps the request; --pin - reads the right one from stdin', async () => {
    const f = fresh();
    const url = (await f.run(['auth', 'pin'])).json().authorize_url;
    const pin = await pinFrom(url);
    const wrong = await f.run(['auth', 'pin', '--pin', pin === '1111111' ? '2222222' : '1111111']);
    expect(wrong.code).toBe(3);
    expect(wrong.stderr).toContain('the PIN was not accepted');
    expect(wrong.stderr).toContain('the pending request is kept');
    expect(f.config().profiles.default.pending_request).toBeDefined();
    const right = await f.run(['auth', 'pin', '--pin', '-'], { input: `${pin}\n` });
    expect(right.code).toBe(0);
    expect(right.json().screen_name).toBe('emu_dev');
  });

  it('an expired request token fails clearly and is dropped; then there is no pending request', async () => {
    const f = fresh();
    const url = (await f.run(['auth', 'pin'])).json().authorize_url;
    const pin = await pinFrom(url);
    requestTokenOf(url).createdAt -= 16 * 60 * 1000;
    const r = await f.run(['auth', 'pin', '--pin', pin]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/the request token is expired or already used \(it was requested less than a minute ago\)/);
    expect(r.stderr).toMatch(/hint: .*start over with `postctl auth pin`/);
    expect(f.config().profiles.default.pending_request).toBeUndefined();
    const again = await f.run(['auth', 'pin', '--pin', pin]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('no pending PIN login in profile default');
  });

  it('step 2 against another API than step 1 is refused before sending, naming the URL to use', async () => {
    const f = fresh();
    const url = (await f.run(['auth', 'pin'])).json().authorize_url;
    const before = emu.state.log.length;
    const r = await f.run(['auth', 'pin', '--pin', '1234567'], { env: { POSTCTL_API_URL: 'https://api.x.com' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `started against ${new URL(url).origin}, but the platform API URL is now https://api.x.com (from POSTCTL_API_URL)`,
    );
    expect(emu.state.log.length).toBe(before);
    expect(f.config().profiles.default.pending_request).toBeDefined();
  });

  it('a request token already used fails clearly', async () => {
    const f = fresh();
    const url = (await f.run(['auth', 'pin'])).json().authorize_url;
    const pin = await pinFrom(url);
    requestTokenOf(url).used = true;
    const r = await f.run(['auth', 'pin', '--pin', pin]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('expired or already used');
  });

  it('the emulator shows a PIN only when its approve switch is on; a second start replaces the pending request', async () => {
    const f = fresh();
    const first = (await f.run(['--profile', 'ops', 'auth', 'pin'])).json();
    expect(first.next).toBe('postctl --profile ops auth pin --pin <PIN>');
    await fetch(`${emu.url}/_emulator/approve`, { method: 'POST', body: JSON.stringify({ approve: false }) });
    const page = await (await fetch(first.authorize_url)).text();
    await fetch(`${emu.url}/_emulator/approve`, { method: 'POST', body: JSON.stringify({ approve: true }) });
    expect(page).not.toMatch(/PIN: \d/);
    const second = await f.run(['--profile', 'ops', 'auth', 'pin']);
    expect(second.stderr).toContain('replaced the pending PIN login of profile ops');
    expect(second.json().authorize_url).not.toBe(first.authorize_url);
    const done = await f.run(['--profile', 'ops', 'auth', 'pin', '--pin', await pinFrom(second.json().authorize_url)]);
    expect(done.code).toBe(0);
    expect(f.config().profiles.ops.screen_name).toBe('emu_dev');
  });

  it('the access-token step without a verifier is refused by the emulator (the spec makes it mandatory)', async () => {
    const f = fresh();
    const url = (await f.run(['auth', 'pin'])).json().authorize_url;
    await pinFrom(url);
    const pending = f.config().profiles.default.pending_request;
    const { ApiClient } = await import('../../src/http/client.js');
    const client = new ApiClient({
      urls: { platform: emu.url, ads: emu.urls.ads, 'ads-sandbox': emu.urls.adsSandbox },
      credentials: { consumerKey: EMU_APP.consumerKey, consumerSecret: EMU_APP.consumerSecret },
    });
    const res = await client.request<{ errors: Array<{ message: string }> }>({
      method: 'POST',
      path: '/oauth/access_token',
      token: { token: pending.oauth_token, secret: pending.oauth_token_secret },
      noThrow: true,
    });
    await client.close();
    expect(res.status).toBe(401);
    expect(res.body.errors[0]?.message).toContain('oauth_verifier');
  });
});

describe('auth pin and logout on a real terminal', () => {
  it('asks for key, masked secret and base URLs on first use, prints the URL, re-asks after a wrong PIN, and logs in', async () => {
    const dir = tempDir();
    const t = terminal(['auth', 'pin'], { PATH: process.env.PATH ?? '', HOME: dir, POSTCTL_CONFIG_DIR: dir });
    await t.expect(/Consumer \(API\) key/);
    t.type(`${EMU_APP.consumerKey}\r`);
    await t.expect(/Consumer \(API\) secret/);
    t.type(`${EMU_APP.consumerSecret}\r`);
    await t.expect(/Platform API base URL \(https:\/\/api\.x\.com\)/);
    t.type(`${emu.url}\r`);
    await t.expect(/Ads API base URL/);
    t.type('\r');
    await t.expect(/Ads API sandbox base URL/);
    t.type('\r');
    const [, url] = await t.expect(/(http:\/\/127\.0\.0\.1:\d+\/oauth\/authorize\?oauth_token=[\w-]+)\n/);
    await t.expect(/\? PIN/);
    const pin = await pinFrom(url!);
    t.type(`${pin === '1111111' ? '2222222' : '1111111'}\r`);
    await t.expect(/that PIN was not accepted/);
    await t.expect(/\? PIN/);
    t.type(`${pin}\r`);
    await t.expect(/logged in as @emu_dev/);
    expect(await t.exit).toBe(0);
    const transcript = t.transcript();
    expect(transcript).not.toContain(EMU_APP.consumerSecret);
    expect(transcript).toContain('*'.repeat(EMU_APP.consumerSecret.length));
    const p = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.default;
    expect(p).toMatchObject({
      consumer_key: EMU_APP.consumerKey,
      consumer_secret: EMU_APP.consumerSecret,
      api_url: emu.url,
      screen_name: 'emu_dev',
    });
    // Accepted defaults are not copied into the profile.
    expect(p.ads_url).toBeUndefined();
    expect(transcript).not.toContain(p.access_token_secret);
  });

  it('on a terminal with --no-input (or POSTCTL_NO_INPUT) nothing is asked: exit 2 naming the flag or variable', async () => {
    const dir = tempDir();
    const base = { PATH: process.env.PATH ?? '', HOME: dir, POSTCTL_CONFIG_DIR: dir, POSTCTL_API_URL: emu.url };
    const cases: Array<[string[], Record<string, string>, RegExp]> = [
      [['--no-input', 'auth', 'pin'], {}, /--consumer-key or POSTCTL_CONSUMER_KEY/],
      [
        ['auth', 'login'],
        { POSTCTL_NO_INPUT: '1', POSTCTL_CONSUMER_KEY: EMU_APP.consumerKey },
        /--consumer-secret-stdin .*or POSTCTL_CONSUMER_SECRET/,
      ],
      [['--no-input', 'auth', 'pin', '--pin', '-'], {}, /--pin - reads the PIN from a pipe, but stdin is a terminal/],
    ];
    for (const [args, extra, re] of cases) {
      const t = terminal(args, { ...base, ...extra });
      expect(await t.exit, args.join(' ')).toBe(2);
      expect(t.transcript(), args.join(' ')).toMatch(re);
    }
  });

  it('logout asks y/N on a terminal: "n" changes nothing, "y" invalidates', async () => {
    const f = fresh();
    const url = (await f.run(['auth', 'pin'])).json().authorize_url;
    expect((await f.run(['auth', 'pin', '--pin', await pinFrom(url)])).code).toBe(0);
    const token = f.config().profiles.default.access_token;
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: f.dir,
      POSTCTL_CONFIG_DIR: f.dir,
      POSTCTL_API_URL: emu.url,
      POSTCTL_RETRY_BASE_MS: '5',
    };
    const no = terminal(['auth', 'logout'], env);
    await no.expect(/Invalidate and remove the access token \(@emu_dev\) of profile default\?/);
    no.type('n\r');
    expect(await no.exit).toBe(0);
    expect(no.transcript()).toContain('cancelled; nothing changed');
    expect(emu.state.accessTokens.get(token)!.revoked).toBe(false);
    const yes = terminal(['auth', 'logout'], env);
    await yes.expect(/\(y\/N\)/);
    yes.type('y\r');
    await yes.expect(/logged out/);
    expect(await yes.exit).toBe(0);
    expect(emu.state.accessTokens.get(token)!.revoked).toBe(true);
    expect(f.config().profiles.default.access_token).toBeUndefined();
  });
});
