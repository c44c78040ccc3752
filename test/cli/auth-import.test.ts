// `postctl auth import twurl|xurl`: profiles from a twurl file and from an xurl store, then a signed call with an
// imported profile against the emulator; no secret printed; a file others can read refused; a second import
// changes nothing.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMU_APP, EMU_USER } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { fileEmulator, testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { oauth2Only } from '../helpers/oauth2.js';

const emu = fileEmulator();

/**
 * A private home and config dir, with none of the emulator's credentials in the environment. A test that reads
 * which scheme the emulator saw passes its own emulator: the file's tests run at the same time.
 */
function home(server: TestEmulator = emu) {
  const dir = tempDir('postctl-import-');
  const env = {
    HOME: dir,
    POSTCTL_CONFIG_DIR: join(dir, 'config'),
    POSTCTL_CONSUMER_KEY: undefined,
    POSTCTL_CONSUMER_SECRET: undefined,
    POSTCTL_ACCESS_TOKEN: undefined,
    POSTCTL_ACCESS_TOKEN_SECRET: undefined,
    POSTCTL_CLIENT_ID: undefined,
  };
  const run = (args: string[]) => server.run(args, { env });
  const config = () => JSON.parse(readFileSync(join(dir, 'config', 'config.json'), 'utf8'));
  return { dir, run, config };
}

const SECRETS = [EMU_APP.consumerSecret, EMU_USER.accessToken, EMU_USER.accessTokenSecret, 'bob-token-secret-xyz', 'bearer-AAAA-xyz'];
const twurlrc = `---
profiles:
  emu_dev:
    ${EMU_APP.consumerKey}:
      username: emu_dev
      consumer_key: ${EMU_APP.consumerKey}
      consumer_secret: ${EMU_APP.consumerSecret}
      token: ${EMU_USER.accessToken}
      secret: ${EMU_USER.accessTokenSecret}
  bob:
    other-app-key:
      username: bob
      consumer_key: other-app-key
      consumer_secret: other-app-secret
      token: 1000000002-bobtoken
      secret: bob-token-secret-xyz
configuration:
  default_profile:
  - emu_dev
  - ${EMU_APP.consumerKey}
bearer_tokens:
  other-app-key: bearer-AAAA-xyz
`;

function write(path: string, text: string, mode = 0o600) {
  writeFileSync(path, text);
  chmodSync(path, mode);
}

describe.concurrent('auth import', () => {
  it('twurl: one profile per account, the source default kept, no secret printed, a signed call works', async ({ onTestFinished }) => {
    const own = await testEmulator();
    onTestFinished(() => own.close());
    const h = home(own);
    write(join(h.dir, '.twurlrc'), twurlrc);
    const r = await h.run(['auth', 'import', 'twurl', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    for (const s of SECRETS) expect(r.stdout + r.stderr).not.toContain(s);
    expect(r.json().map((a: { profile: string; action: string }) => [a.profile, a.action])).toEqual([
      ['emu_dev', 'created'],
      ['bob', 'created'],
    ]);
    const c = h.config();
    expect(c.default_profile).toBe('emu_dev');
    expect(c.profiles.bob).toMatchObject({
      consumer_key: 'other-app-key',
      user_id: '1000000002',
      bearer_token: 'bearer-AAAA-xyz',
      screen_name: 'bob',
    });
    const me = await h.run(['users', 'me', '--auth', 'user', '-o', 'json']);
    expect(me.code, me.stderr).toBe(0);
    expect(me.json().data.username).toBe(EMU_USER.screenName);
    // Signed with OAuth 1.0a by the imported credentials.
    expect(own.state.requests('GET', '/2/users/me').at(-1)!.authScheme).toBe('OAuth');
    // Twice: nothing changes, and it says so.
    const before = readFileSync(join(h.dir, 'config', 'config.json'), 'utf8');
    const again = await h.run(['auth', 'import', 'twurl', '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.json().map((a: { action: string }) => a.action)).toEqual(['unchanged', 'unchanged']);
    expect(again.stderr).toMatch(/nothing changed: every account in .* is already imported/);
    expect(readFileSync(join(h.dir, 'config', 'config.json'), 'utf8')).toBe(before);
  });

  it('a source file others can read is refused, naming why; nothing is written', async () => {
    const h = home();
    write(join(h.dir, '.twurlrc'), twurlrc, 0o644);
    const r = await h.run(['auth', 'import', 'twurl', '-o', 'json']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/mode is 644, so other users on this machine can read or change the secrets/);
    expect(r.errorJson().error.hint).toMatch(/chmod 600/);
    expect(() => h.config()).toThrow();
  });

  it('a profile holding other credentials is skipped unless --overwrite; a set default is kept', async () => {
    const h = home();
    write(join(h.dir, '.twurlrc'), twurlrc);
    expect((await h.run(['--profile', 'bob', 'config', 'set', 'output', 'json'])).code).toBe(0);
    const cfg = join(h.dir, 'config', 'config.json');
    const c = h.config();
    c.profiles.bob.consumer_key = 'mine';
    writeFileSync(cfg, JSON.stringify(c));
    const r = await h.run(['auth', 'import', 'twurl', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().find((a: { profile: string }) => a.profile === 'bob').action).toBe('skipped');
    expect(r.stderr).toMatch(/profile bob holds other credentials \(consumer_key\): skipped; --overwrite replaces them/);
    expect(h.config().profiles.bob.consumer_key).toBe('mine');
    expect(h.config().default_profile).toBe('bob');
    const o = await h.run(['auth', 'import', 'twurl', '--overwrite', '-o', 'json']);
    expect(o.json().find((a: { profile: string }) => a.profile === 'bob').action).toBe('updated');
    expect(h.config().profiles.bob.consumer_key).toBe('other-app-key');
  });

  it('xurl: the auth.yml store (OAuth 2.0 users, OAuth 1.0a, bearer), then an OAuth 2.0 call with the imported login', async ({
    onTestFinished,
  }) => {
    // A real OAuth 2.0 login at the emulator, whose tokens xurl would have stored.
    const own = await testEmulator();
    onTestFinished(() => own.close());
    const login = await oauth2Only(own);
    const o2 = JSON.parse(readFileSync(join(login.dir, 'config.json'), 'utf8')).profiles.default.oauth2;
    const h = home(own);
    mkdirSync(join(h.dir, '.xurl'), { mode: 0o700 });
    write(
      join(h.dir, '.xurl', 'auth.yml'),
      `apps:
  default:
    client_id: ${o2.client_id}
    client_secret: ""
    default_user: ${EMU_USER.screenName}
    oauth2_tokens:
      ${EMU_USER.screenName}:
        type: oauth2
        oauth2:
          access_token: ${o2.access_token}
          refresh_token: ${o2.refresh_token}
          expiration_time: ${Math.floor(Date.now() / 1000) + 3600}
    oauth1_token:
      type: oauth1
      oauth1:
        access_token: ${EMU_USER.accessToken}
        token_secret: ${EMU_USER.accessTokenSecret}
        consumer_key: ${EMU_APP.consumerKey}
        consumer_secret: ${EMU_APP.consumerSecret}
default_app: default
`,
    );
    const r = await h.run(['auth', 'import', 'xurl', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    for (const s of [...SECRETS, o2.access_token, o2.refresh_token]) expect(r.stdout + r.stderr).not.toContain(s);
    expect(r.json().map((a: { profile: string; action: string }) => [a.profile, a.action])).toEqual([
      [EMU_USER.screenName, 'created'],
      ['xurl-default', 'created'],
    ]);
    expect(h.config().default_profile).toBe(EMU_USER.screenName);
    const me = await h.run(['users', 'me', '--auth', 'oauth2', '-o', 'json']);
    expect(me.code, me.stderr).toBe(0);
    expect(own.state.requests('GET', '/2/users/me').at(-1)!.authScheme).toBe('Bearer');
    const o1 = await h.run(['--profile', 'xurl-default', 'users', 'me', '--auth', 'user', '-o', 'json']);
    expect(o1.code, o1.stderr).toBe(0);
    expect(o1.json().data.id).toBe(EMU_USER.id);
    const again = await h.run(['auth', 'import', 'xurl']);
    expect(again.stderr).toMatch(/nothing changed/);
  });

  it("xurl's legacy single JSON file ~/.xurl", async () => {
    const h = home();
    write(
      join(h.dir, '.xurl'),
      JSON.stringify({
        oauth2_tokens: {},
        oauth1_tokens: {
          type: 'oauth1',
          oauth1: {
            access_token: EMU_USER.accessToken,
            token_secret: EMU_USER.accessTokenSecret,
            consumer_key: EMU_APP.consumerKey,
            consumer_secret: EMU_APP.consumerSecret,
          },
        },
        bearer_token: { type: 'bearer', bearer: 'bearer-AAAA-xyz' },
      }),
    );
    const r = await h.run(['auth', 'import', 'xurl', '--dry-run', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toEqual([
      {
        profile: 'xurl-default',
        from: 'xurl (OAuth 1.0a and bearer)',
        action: 'would be created',
        credentials: 'OAuth 1.0a user, bearer',
        default: true,
      },
    ]);
    expect(() => h.config()).toThrow();
    expect((await h.run(['auth', 'import', 'xurl'])).code).toBe(0);
    const me = await h.run(['users', 'me', '--auth', 'user', '-o', 'json']);
    expect(me.code, me.stderr).toBe(0);
  });
});
