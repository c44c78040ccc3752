// `auth import xurl` and the rotating OAuth 2.0 refresh token: by default postctl
// takes xurl's access token only, says why, and never refreshes (so xurl's refresh
// token stays valid); with --take-over it takes the refresh token and owns the
// login (it refreshes on expiry, and says xurl's copy stops working).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expireAccessTokens } from '../../src/emulator/oauth2-state.js';
import { EMU_USER } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { freshEmulator } from '../helpers/emulator.js';
import { oauth2Only } from '../helpers/oauth2.js';

const emu = freshEmulator();

/** A HOME whose ~/.xurl/auth.yml holds a real OAuth 2.0 login at the emulator, and a run in it. */
async function xurlHome() {
  const login = await oauth2Only(emu);
  const o2 = JSON.parse(readFileSync(join(login.dir, 'config.json'), 'utf8')).profiles.default.oauth2;
  const dir = tempDir('postctl-rotation-');
  mkdirSync(join(dir, '.xurl'), { mode: 0o700 });
  writeFileSync(
    join(dir, '.xurl', 'auth.yml'),
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
default_app: default
`,
    { mode: 0o600 },
  );
  const env = {
    HOME: dir,
    POSTCTL_CONFIG_DIR: join(dir, 'config'),
    POSTCTL_CONSUMER_KEY: undefined,
    POSTCTL_CONSUMER_SECRET: undefined,
    POSTCTL_ACCESS_TOKEN: undefined,
    POSTCTL_ACCESS_TOKEN_SECRET: undefined,
    POSTCTL_CLIENT_ID: undefined,
  };
  const stored = () => JSON.parse(readFileSync(join(dir, 'config', 'config.json'), 'utf8')).profiles[EMU_USER.screenName].oauth2;
  return { o2, run: (args: string[]) => emu.run(args, { env }), stored };
}

describe('auth import xurl and rotating refresh tokens', () => {
  it('by default: a warning, the access token only, and no refresh by postctl when it expires', async () => {
    const h = await xurlHome();
    const r = await h.run(['auth', 'import', 'xurl', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/rotates OAuth 2\.0 refresh tokens.*refreshing stays with xurl.*--take-over/);
    expect(r.json()[0].credentials).toBe('OAuth 2.0 (refreshed by xurl)');
    expect(h.stored()).toMatchObject({ access_token: h.o2.access_token, refreshed_by: 'xurl' });
    expect(h.stored().refresh_token).toBeUndefined();
    expect((await h.run(['users', 'me', '--auth', 'oauth2'])).code).toBe(0);

    expireAccessTokens(emu.state, h.o2.access_token);
    const before = emu.state.log.length;
    const after = await h.run(['users', 'me', '--auth', 'oauth2']);
    expect(after.code).toBe(3);
    expect(after.stderr).toMatch(/xurl refreshes this login/);
    expect(emu.state.log.slice(before).some((e) => e.path.includes('oauth2/token'))).toBe(false);
  });

  it('--take-over: the refresh token is kept, the warning says xurl loses it, and postctl refreshes on expiry', async () => {
    const h = await xurlHome();
    const r = await h.run(['auth', 'import', 'xurl', '--take-over', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/postctl now owns the OAuth 2\.0 login of emu_dev.*invalidates xurl's copy/);
    expect(h.stored()).toMatchObject({ refresh_token: h.o2.refresh_token });
    expect(h.stored().refreshed_by).toBeUndefined();
    expireAccessTokens(emu.state, h.o2.access_token);
    const after = await h.run(['users', 'me', '--auth', 'oauth2']);
    expect(after.code, after.stderr).toBe(0);
    expect(h.stored().refresh_token).not.toBe(h.o2.refresh_token);
  });

  it('--take-over is refused for twurl', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, '.twurlrc'), '---\nprofiles: {}\n', { mode: 0o600 });
    const r = await emu.run(['auth', 'import', 'twurl', '--take-over'], { env: { HOME: dir, POSTCTL_CONFIG_DIR: join(dir, 'c') } });
    expect([2, 6]).toContain(r.code);
  });
});
