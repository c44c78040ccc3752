// `postctl auth` through the built CLI against the emulator: the callback
// login end to end, bearer caching, logout (then code 89), status, profiles,
// never waiting without a TTY, and no secret in any output.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMU_APP } from '../../src/emulator/state.js';
import { BIN, runCli, tempDir, type CliResult, type RunOptions } from '../helpers/cli.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
beforeAll(async () => {
  // Deliberately the spec's neutral names (this file asserts /2/posts); official names: wire-names.test.ts.
  emu = await testEmulator({ bearerMaxRequests: 3, names: 'neutral' });
});
afterAll(async () => {
  await emu.close();
});
// Each test starts with a fresh code-99 window (one outstanding bearer per app is shared state).
beforeEach(() => {
  for (const app of emu.state.apps.values()) app.tokenRequests = [];
});

/** A private config dir; app credentials from the environment, no user token. */
function fresh(extra: Record<string, string | undefined> = {}) {
  const dir = tempDir();
  const env = { POSTCTL_CONFIG_DIR: dir, HOME: dir, POSTCTL_ACCESS_TOKEN: undefined, POSTCTL_ACCESS_TOKEN_SECRET: undefined, ...extra };
  return {
    dir,
    env,
    run: (args: string[], opts: RunOptions = {}) => emu.run(args, { ...opts, env: { ...env, ...opts.env } }),
    config: () => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')),
  };
}

/**
 * Runs `auth login`, and as soon as the authorize URL appears on stderr opens it
 * like a browser would (the emulator approves and redirects to the callback).
 */
async function loginVia(
  run: (args: string[], opts?: any) => Promise<CliResult>,
  args: string[],
  browse: (url: string) => Promise<void> = async (url) => {
    await fetch(url);
  },
): Promise<{ result: CliResult; url: string; browsed: Promise<void> }> {
  let url = '';
  let browsed: Promise<void> = Promise.resolve();
  const result = await run(['auth', 'login', ...args], {
    onSpawn: (child: import('node:child_process').ChildProcess) => {
      let err = '';
      child.stderr!.on('data', (d: string) => {
        err += d;
        // Only a whole line: a URL split across two chunks must not be opened half-read.
        const m = /(http:\/\/127\.0\.0\.1:\d+\/oauth\/authenticate\?\S+)\n/.exec(err);
        if (m && !url) {
          url = m[1]!;
          browsed = browse(url);
        }
      });
    },
  });
  return { result, url, browsed };
}

describe('auth login (callback flow)', () => {
  it('prints the URL, receives the redirect on 127.0.0.1, stores token, secret, user id and screen name', async () => {
    const f = fresh();
    let page = '';
    const { result: r, url } = await loginVia(
      (a, o) => f.run(a, o),
      ['--access', 'read', '--force-login', '--screen-name', 'emu_dev', '--wait', '30'],
      async (u) => {
        const res = await fetch(u); // follows the 302 to the loopback callback server
        page = await res.text();
      },
    );
    expect(r.code).toBe(0);
    expect(r.json()).toEqual({ profile: 'default', user_id: '2244994945', screen_name: 'emu_dev' });
    const callback = /Waiting up to 30 s for the redirect to (http:\/\/127\.0\.0\.1:\d+\/callback)/.exec(r.stderr)?.[1];
    expect(callback).toBeDefined();
    expect(page).toContain('You can close this window');
    const u = new URL(url);
    // oauth_callback (in the signed header) pointed at the loopback server that received the redirect.
    expect(emu.state.requestTokens.get(u.searchParams.get('oauth_token')!)).toMatchObject({ callback, accessType: 'read', used: true });
    expect(u.pathname).toBe('/oauth/authenticate');
    expect(u.searchParams.get('force_login')).toBe('true');
    expect(u.searchParams.get('screen_name')).toBe('emu_dev');
    expect(u.searchParams.has('oauth_callback')).toBe(false);
    const p = f.config().profiles.default;
    expect(p).toMatchObject({ consumer_key: EMU_APP.consumerKey, user_id: '2244994945', screen_name: 'emu_dev' });
    expect(emu.state.accessTokens.get(p.access_token)).toMatchObject({ secret: p.access_token_secret, revoked: false });
    // service_auth_access_type went to the request-token step, signed in the form body.
    const rt = emu.state.requests('POST', '/oauth/request_token').at(-1)!;
    expect(rt.body).toBe('service_auth_access_type=read');
    // The stored token works for a signed call.
    const check = await f.run(['auth', 'status', '--check']);
    expect(check.code).toBe(0);
    expect(check.json().check).toMatchObject({ ok: true, auth: 'user', screen_name: 'emu_dev' });
  });

  it('--web opens the URL with the system browser command (here a stand-in xdg-open that follows it); without --web nothing is opened', async () => {
    const bin = tempDir('postctl-browser-');
    const opened = join(bin, 'opened.txt');
    // The stand-in browser records its argument and loads the page, following the redirect to the callback.
    writeFileSync(
      join(bin, 'xdg-open'),
      `#!/bin/sh\nprintf '%s\\n' "$1" >> "${opened}"\nexec "${process.execPath}" -e 'fetch(process.argv[1]).then((r) => r.text())' "$1"\n`,
      { mode: 0o755 },
    );
    const f = fresh({ PATH: `${bin}:${process.env.PATH ?? ''}` });
    const { result: plain } = await loginVia(
      (a, o) => f.run(a, o),
      ['--wait', '0.5'],
      async () => {},
    );
    expect(plain.code).toBe(3);
    expect(existsSync(opened)).toBe(false);
    const { result: r, url } = await loginVia(
      (a, o) => f.run(a, o),
      ['--web', '--wait', '30'],
      async () => {},
    );
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(opened, 'utf8')).toBe(`${url}\n`);
    expect(f.config().profiles.default).toMatchObject({ screen_name: 'emu_dev', user_id: '2244994945' });
  });

  it('uses a fixed --callback-port and ignores a redirect for another attempt', async () => {
    const f = fresh();
    const probe = await import('node:net').then(
      ({ createServer }) =>
        new Promise<number>((res) => {
          const s = createServer().listen(0, '127.0.0.1', () => {
            const port = (s.address() as import('node:net').AddressInfo).port;
            s.close(() => res(port));
          });
        }),
    );
    const statuses: number[] = [];
    const { result: r } = await loginVia(
      (a, o) => f.run(a, o),
      ['--callback-port', String(probe)],
      async (u) => {
        const res = await fetch(u, { redirect: 'manual' });
        const callback = new URL(res.headers.get('location')!);
        expect(callback.origin).toBe(`http://127.0.0.1:${probe}`);
        const stale = new URL(callback);
        stale.searchParams.set('oauth_token', 'someOlderRequestToken');
        statuses.push((await fetch(stale)).status);
        statuses.push((await fetch(callback)).status);
      },
    );
    expect(statuses).toEqual([400, 200]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('ignored a redirect for another login attempt');
  });

  it('a refusal in the browser (denied=) is a clear error, exit 3, nothing stored', async () => {
    const f = fresh();
    const { result: r } = await loginVia(
      (a, o) => f.run(a, o),
      [],
      async (u) => {
        await fetch(`${u}&deny=1`);
      },
    );
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toContain('the authorization was refused in the browser');
    expect(f.config().profiles.default.access_token).toBeUndefined();
  });

  it('a redirect without oauth_verifier fails clearly, exit 3, and no exchange is attempted', async () => {
    const f = fresh();
    const exchanges = emu.state.requests('POST', '/oauth/access_token').length;
    const { result: r } = await loginVia(
      (a, o) => f.run(a, o),
      [],
      async (u) => {
        const res = await fetch(u, { redirect: 'manual' });
        const callback = new URL(res.headers.get('location')!);
        callback.searchParams.delete('oauth_verifier');
        await fetch(callback);
      },
    );
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('the callback carried no oauth_verifier');
    expect(emu.state.requests('POST', '/oauth/access_token').length).toBe(exchanges);
  });

  it('gives up after --wait seconds when no redirect comes', async () => {
    const f = fresh();
    const r = await f.run(['auth', 'login', '--wait', '0.5']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/no authorization arrived within/);
    expect(r.stderr).toMatch(/hint: .*auth pin/);
  });

  it('rejects a bad --callback-port or --wait before anything is sent', async () => {
    const f = fresh();
    const before = emu.state.log.length;
    for (const args of [
      ['--callback-port', '70000'],
      ['--callback-port', 'x'],
      ['--wait', '-1'],
      ['--access', 'admin'],
    ]) {
      // Values out of range or not among the choices are invalid input (exit 6).
      const r = await f.run(['auth', 'login', ...args]);
      expect(r.code, args.join(' ')).toBe(6);
    }
    expect(emu.state.log.length).toBe(before);
  });
});

describe('auth token (app-only bearer)', () => {
  it('caches the token: the second call makes no request; --refresh asks again; --print writes it', async () => {
    const f = fresh();
    const count = () => emu.state.requests('POST', '/oauth2/token').length;
    const before = count();
    const first = await f.run(['auth', 'token']);
    expect(first.code).toBe(0);
    expect(first.json()).toMatchObject({ profile: 'default', token_type: 'bearer', cached: false, source: 'api' });
    expect(count()).toBe(before + 1);
    const bearer = emu.state.apps.get(EMU_APP.consumerKey)!.bearer!;
    expect(f.config().profiles.default.bearer_token).toBe(bearer);
    expect(first.stdout + first.stderr).not.toContain(bearer);

    const second = await f.run(['auth', 'token']);
    expect(second.code).toBe(0);
    expect(second.json()).toMatchObject({ cached: true, source: 'profile' });
    expect(second.stderr).toContain('no request made');
    expect(count()).toBe(before + 1);

    const printed = await f.run(['auth', 'token', '--print']);
    expect(printed.stdout).toBe(`${bearer}\n`);
    expect(count()).toBe(before + 1);

    const refreshed = await f.run(['auth', 'token', '--refresh']);
    expect(refreshed.code).toBe(0);
    expect(refreshed.json()).toMatchObject({ cached: false });
    expect(count()).toBe(before + 2);

    // `--auth app` on another command reuses the cached token too.
    const req = await f.run(['request', 'GET', '/2/posts', '-f', 'ids=7', '--auth', 'app']);
    expect(req.code).toBe(0);
    expect(count()).toBe(before + 2);
  });

  it('asking too often is 403 code 99: exit 3 with the caching hint', async () => {
    const f = fresh();
    let last: CliResult | undefined;
    for (let i = 0; i < 5 && last?.code !== 3; i++) last = await f.run(['auth', 'token', '--refresh']);
    expect(last!.code).toBe(3);
    expect(last!.stderr).toContain('[99]');
    expect(last!.stderr).toMatch(/hint: .*caches it per profile/);
  });
});

describe('auth logout', () => {
  async function loggedIn() {
    const f = fresh();
    const { result } = await loginVia((a, o) => f.run(a, o), []);
    expect(result.code).toBe(0);
    const p = f.config().profiles.default;
    return { ...f, token: p.access_token as string, secret: p.access_token_secret as string };
  }

  it('invalidates the access token, removes it locally; a signed call with it then exits 3 with the code-89 hint', async () => {
    const f = await loggedIn();
    const r = await f.run(['auth', 'logout', '--yes']);
    expect(r.code).toBe(0);
    expect(r.json()).toEqual({ profile: 'default', invalidated: ['access_token'], already_invalid: [], removed: ['access_token'] });
    expect(emu.state.accessTokens.get(f.token)!.revoked).toBe(true);
    const p = f.config().profiles.default;
    expect(p.access_token).toBeUndefined();
    expect(p.screen_name).toBeUndefined();
    expect(p.consumer_key).toBe(EMU_APP.consumerKey);

    const signed = await f.run(['request', 'GET', '/2/posts', '-f', 'ids=1'], {
      env: { POSTCTL_ACCESS_TOKEN: f.token, POSTCTL_ACCESS_TOKEN_SECRET: f.secret },
    });
    expect(signed.code).toBe(3);
    expect(signed.stderr).toContain('[89]');
    expect(signed.stderr).toContain('Invalid or expired token');
    expect(signed.stderr).toMatch(/hint: .*log in again with `postctl auth login`/);
    const check = await f.run(['auth', 'status', '--check'], {
      env: { POSTCTL_ACCESS_TOKEN: f.token, POSTCTL_ACCESS_TOKEN_SECRET: f.secret },
    });
    expect(check.code).toBe(3);
    expect(check.json().check).toMatchObject({ ok: false, auth: 'user' });
    expect(check.stderr).toMatch(/hint: .*log in again/);
    // Without any token the profile has nothing to sign with in user context.
    const none = await f.run(['request', 'GET', '/2/posts', '-f', 'ids=1', '--auth', 'user']);
    expect(none.code).toBe(3);
    expect(none.stderr).toContain('no access token');
    // Left to choose, request takes what the profile still holds and GET /2/tweets accepts: the app's bearer token.
    const app = await f.run(['request', 'GET', '/2/posts', '-f', 'ids=1', '--verbose']);
    expect(app.code, app.stderr).toBe(0);
    expect(app.stderr).toContain('authorization: Bearer [redacted]');
  });

  it('a token already invalid (401/89) is still removed locally, with a note', async () => {
    const f = await loggedIn();
    emu.state.accessTokens.get(f.token)!.revoked = true;
    const r = await f.run(['auth', 'logout', '--yes']);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ invalidated: [], already_invalid: ['access_token'], removed: ['access_token'] });
    expect(r.stderr).toContain('already invalid at the API (401, code 89)');
    expect(f.config().profiles.default.access_token).toBeUndefined();
  });

  it('--all also invalidates the bearer token; --bearer only the bearer; --local-only sends nothing', async () => {
    const f = await loggedIn();
    expect((await f.run(['auth', 'token'])).code).toBe(0);
    const bearer = f.config().profiles.default.bearer_token;
    const onlyBearer = await f.run(['auth', 'logout', '--bearer', '--yes']);
    expect(onlyBearer.json()).toMatchObject({ invalidated: ['bearer_token'], removed: ['bearer_token'] });
    expect(emu.state.apps.get(EMU_APP.consumerKey)!.bearer).not.toBe(bearer);
    expect(f.config().profiles.default.access_token).toBe(f.token);

    expect((await f.run(['auth', 'token'])).code).toBe(0);
    const all = await f.run(['auth', 'logout', '--all', '--yes']);
    expect(all.json()).toMatchObject({ invalidated: ['access_token', 'bearer_token'] });
    expect(f.config().profiles.default).not.toHaveProperty('bearer_token');

    const g = await loggedIn();
    const before = emu.state.log.length;
    const local = await g.run(['auth', 'logout', '--local-only', '--yes']);
    expect(local.code).toBe(0);
    expect(local.stderr).toContain('not revoked at the API');
    expect(emu.state.log.length).toBe(before);
    expect(emu.state.accessTokens.get(g.token)!.revoked).toBe(false);
  });

  it('without a TTY it needs --yes: exit 2, nothing sent, nothing removed', async () => {
    const f = await loggedIn();
    const before = emu.state.log.length;
    const r = await f.run(['auth', 'logout']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--yes');
    expect(emu.state.log.length).toBe(before);
    expect(f.config().profiles.default.access_token).toBe(f.token);
  });
});

describe('auth status, use, list, remove', () => {
  it('works from environment variables alone, with no config file, and masks secrets', async () => {
    const dir = tempDir();
    const env: Record<string, string | undefined> = {
      ...emu.cliEnv(),
      POSTCTL_CONFIG_DIR: dir,
      HOME: dir,
      POSTCTL_BEARER_TOKEN: 'AAAAbearer-from-env-0123456789',
    };
    const r = await runCli(['auth', 'status'], { env });
    expect(r.code).toBe(0);
    const s = r.json();
    expect(s).toMatchObject({
      config_file: null,
      default_profile: null,
      profile: { name: 'default', source: 'default', stored: false },
      profiles: [],
    });
    const byKey = Object.fromEntries(s.credentials.map((c: { credential: string }) => [c.credential, c]));
    expect(byKey.consumer_key).toMatchObject({ present: true, value: EMU_APP.consumerKey, source: 'env', origin: 'POSTCTL_CONSUMER_KEY' });
    expect(byKey.access_token_secret).toMatchObject({ present: true, source: 'env', origin: 'POSTCTL_ACCESS_TOKEN_SECRET' });
    expect(byKey.bearer_token.value).toMatch(/^••••6789 \(30 chars\)$/);
    for (const secret of [
      env.POSTCTL_CONSUMER_SECRET!,
      env.POSTCTL_ACCESS_TOKEN!,
      env.POSTCTL_ACCESS_TOKEN_SECRET!,
      env.POSTCTL_BEARER_TOKEN!,
    ])
      expect(r.stdout + r.stderr).not.toContain(secret);
    const table = await runCli(['auth', 'status', '-o', 'table', '--check'], { env });
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/consumer_secret\s+••••6789 \(30 chars\)\s+env POSTCTL_CONSUMER_SECRET/);
    expect(table.stdout).toContain('check (GET /1.1/account/verify_credentials.json, user context): ok, @emu_dev');
    expect(() => readFileSync(join(dir, 'config.json'))).toThrow();
  });

  it('--check with nothing to check exits 3; a flag-named profile is reported as such', async () => {
    const f = fresh({ POSTCTL_CONSUMER_KEY: undefined, POSTCTL_CONSUMER_SECRET: undefined });
    const r = await f.run(['auth', 'status', '--check']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('no tokens to check');
    const named = await f.run(['--profile', 'work', 'auth', 'status']);
    expect(named.json().profile).toEqual({ name: 'work', source: 'flag', stored: false });
  });

  it('lists profiles, switches the default, removes one (confirmation needed without a TTY)', async () => {
    const f = fresh();
    expect((await f.run(['--profile', 'work', 'auth', 'token'])).code).toBe(0);
    expect((await f.run(['--profile', 'home', 'auth', 'pin'])).code).toBe(0);
    const list = await f.run(['auth', 'list']);
    expect(list.json()).toMatchObject({
      default_profile: 'work',
      data: [
        { name: 'work', default: true, bearer_token: true, pending_pin_login: false },
        { name: 'home', default: false, pending_pin_login: true },
      ],
    });
    expect(list.stdout).not.toMatch(/oauth_token_secret|AAAA/);

    expect((await f.run(['auth', 'use', 'home'])).code).toBe(0);
    expect(f.config().default_profile).toBe('home');
    const missing = await f.run(['auth', 'use', 'nope']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('stored profiles: work, home');

    const noYes = await f.run(['auth', 'remove', 'home']);
    expect(noYes.code).toBe(2);
    expect(noYes.stderr).toContain('--yes');
    const removed = await f.run(['auth', 'remove', 'home', '--yes']);
    expect(removed.code).toBe(0);
    expect(removed.stderr).toContain('it was the default profile');
    expect(Object.keys(f.config().profiles)).toEqual(['work']);
    expect(f.config().default_profile).toBeUndefined();
    const status = await f.run(['auth', 'status']);
    expect(status.json().profiles).toEqual([
      { name: 'work', default: false, active: false, user: null, access_token: false, bearer_token: true },
    ]);
  });
});

describe('no waiting without a TTY, no secrets anywhere', () => {
  it('every auth command that needs an answer exits 2 naming the flag or variable, and sends nothing', async () => {
    const f = fresh({ POSTCTL_CONSUMER_KEY: undefined, POSTCTL_CONSUMER_SECRET: undefined });
    const before = emu.state.log.length;
    const cases: Array<[string[], RegExp[], string?]> = [
      [
        ['auth', 'login'],
        [/--consumer-key/, /POSTCTL_CONSUMER_KEY/, /--consumer-secret-stdin/, /POSTCTL_CONSUMER_SECRET/],
      ],
      [
        ['auth', 'login', '--consumer-key', 'k'],
        [/consumer secret is needed/, /--consumer-secret-stdin/, /POSTCTL_CONSUMER_SECRET/],
      ],
      [['auth', 'login', '--consumer-key', 'k', '--consumer-secret-stdin'], [/--consumer-secret-stdin was given but stdin was empty/], ''],
      [
        ['auth', 'pin'],
        [/--consumer-key/, /POSTCTL_CONSUMER_SECRET/],
      ],
      [
        ['auth', 'pin', '--pin', '1234567'],
        [/no pending PIN login/, /postctl auth pin/],
      ],
      [
        ['auth', 'pin', '--pin', ''],
        [/missing verifier/, /--pin/],
      ],
      [['auth', 'pin', '--pin', '-', '--consumer-secret-stdin'], [/both read stdin/]],
      [
        ['auth', 'token'],
        [/--consumer-key/, /POSTCTL_CONSUMER_SECRET/],
      ],
      [['auth', 'remove', 'nope'], [/no profile named "nope"/]],
    ];
    for (const [args, patterns, input] of cases) {
      const r = await f.run(args, input !== undefined ? { input } : {});
      expect(r.code, args.join(' ')).toBe(2);
      for (const p of patterns) expect(r.stderr, args.join(' ')).toMatch(p);
    }
    expect(emu.state.log.length).toBe(before);
  });

  it('with stdin left open (a pipe nobody writes to), every verb that could ask exits 2 at once instead of waiting', async () => {
    const f = fresh();
    expect((await f.run(['--profile', 'spare', 'auth', 'token'])).code).toBe(0);
    const noApp = { POSTCTL_CONSUMER_KEY: undefined, POSTCTL_CONSUMER_SECRET: undefined };
    const cases: Array<[string[], Record<string, string | undefined>, RegExp[]]> = [
      [['auth', 'login'], noApp, [/--consumer-key or POSTCTL_CONSUMER_KEY/, /POSTCTL_CONSUMER_SECRET/]],
      [
        ['auth', 'login', '--consumer-key', 'k'],
        noApp,
        [/consumer secret is needed/, /--consumer-secret-stdin/, /POSTCTL_CONSUMER_SECRET/],
      ],
      [['auth', 'pin'], noApp, [/--consumer-key or POSTCTL_CONSUMER_KEY/]],
      [['--profile', 'fresh', 'auth', 'pin', '--pin', '1234567'], {}, [/no pending PIN login in profile fresh/, /auth pin --pin <PIN>/]],
      [['--profile', 'fresh', 'auth', 'token'], noApp, [/--consumer-key or POSTCTL_CONSUMER_KEY/]],
      [['--profile', 'spare', 'auth', 'logout', '--bearer'], {}, [/confirmation needed/, /--yes/]],
      [['auth', 'remove', 'spare'], {}, [/confirmation needed/, /--yes/]],
    ];
    const before = emu.state.log.length;
    for (const [args, extra, patterns] of cases) {
      const env: Record<string, string> = {};
      for (const [k, v] of Object.entries({ ...emu.cliEnv(), ...f.env, ...extra })) if (v !== undefined) env[k] = v;
      const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
      // Never written to, never ended: a verb that waited for input would be killed here.
      const kill = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
      clearTimeout(kill);
      child.stdin.destroy();
      expect(code, `${args.join(' ')}: ${stderr}`).toBe(2);
      for (const p of patterns) expect(stderr, args.join(' ')).toMatch(p);
    }
    expect(emu.state.log.length).toBe(before);
    expect(f.config().profiles.spare.bearer_token).toBeDefined();
  });

  it('secrets are read from stdin or the environment; no option takes one as a plain argv value', async () => {
    for (const v of ['login', 'pin', 'token', 'logout', 'status']) {
      const help = await runCli(['auth', v, '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout, v).not.toMatch(/--[\w-]*(secret|token|bearer)[\w-]* </);
    }
    const f = fresh({ POSTCTL_CONSUMER_SECRET: undefined });
    const r = await f.run(['auth', 'token', '--consumer-secret-stdin'], { input: `${EMU_APP.consumerSecret}\n` });
    expect(r.code).toBe(0);
    expect(r.json().cached).toBe(false);
  });

  it('consumer secret, token secrets and bearer never appear in any output, --verbose included', async () => {
    const f = fresh({ POSTCTL_CONSUMER_SECRET: undefined });
    const outputs: string[] = [];
    const keep = (r: CliResult) => {
      outputs.push(r.stdout, r.stderr);
      return r;
    };
    const secretIn = { input: `${EMU_APP.consumerSecret}\n` };
    const { result } = await loginVia((a, o) => f.run(['--verbose', ...a, '--consumer-secret-stdin'], { ...o, ...secretIn }), []);
    expect(keep(result).code).toBe(0);
    const start = keep(await f.run(['--verbose', '--profile', 'pin', 'auth', 'pin', '--consumer-secret-stdin'], secretIn));
    expect(start.code).toBe(0);
    const pending = f.config().profiles.pin.pending_request;
    const pin = /PIN: (\d+)/.exec(await (await fetch(start.json().authorize_url)).text())![1]!;
    expect(keep(await f.run(['--verbose', '--profile', 'pin', 'auth', 'pin', '--pin', '-'], { input: `${pin}\n` })).code).toBe(0);
    expect(keep(await f.run(['--verbose', 'auth', 'token'])).code).toBe(0);
    expect(keep(await f.run(['--verbose', 'auth', 'token', '--refresh'])).code).toBe(0);
    expect(keep(await f.run(['--verbose', 'auth', 'status', '--check'])).code).toBe(0);
    expect(keep(await f.run(['--verbose', 'auth', 'status', '-o', 'table'])).code).toBe(0);
    expect(keep(await f.run(['--verbose', 'auth', 'list'])).code).toBe(0);
    const cfg = f.config().profiles;
    const secrets = [
      EMU_APP.consumerSecret,
      cfg.default.access_token,
      cfg.default.access_token_secret,
      cfg.pin.access_token,
      cfg.pin.access_token_secret,
      cfg.default.bearer_token,
      pending.oauth_token_secret,
    ];
    expect(keep(await f.run(['--verbose', 'auth', 'logout', '--all', '--yes'])).code).toBe(0);
    const all = outputs.join('\n');
    expect(all).toContain('authorization: OAuth [redacted]');
    expect(all).toContain('authorization: Basic [redacted]');
    for (const s of secrets) {
      expect(typeof s).toBe('string');
      expect(all).not.toContain(s);
    }
  });
});
