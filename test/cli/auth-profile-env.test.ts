// An explicit --profile that holds its own login wins over credentials in the
// environment: the OAuth 1.0a keys a shell exports are set aside (and named by
// auth status and warned of by every run that sends), so `--profile bot` acts as the bot's OAuth 2.0 login. A profile
// without credentials still takes them from the environment (how a new profile
// is logged in from exported keys), and without --profile the environment wins.
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator();

describe('--profile and credentials in the environment', () => {
  it("--profile bot uses the profile's OAuth 2.0 login, not OAuth 1.0a keys from the environment", async () => {
    const dir = tempDir();
    const env = { POSTCTL_CONFIG_DIR: dir, HOME: dir };
    const run = (args: string[]) => emu.run(args, { env });
    // The environment holds the seeded OAuth 1.0a user keys (emu.cliEnv); the login below goes to profile bot.
    expect(emu.cliEnv().POSTCTL_ACCESS_TOKEN).toBeTruthy();
    const s1 = await run(['--profile', 'bot', 'auth', 'oauth2', '-o', 'json']);
    expect(s1.code, s1.stderr).toBe(0);
    const approve = await fetch(s1.json().authorize_url, { redirect: 'manual' });
    const s2 = await run(['--profile', 'bot', 'auth', 'oauth2', '--redirect-url', approve.headers.get('location')!, '-o', 'json']);
    expect(s2.code, s2.stderr).toBe(0);

    const from = emu.state.log.length;
    const me = await run(['--profile', 'bot', 'users', 'timeline', '--max-results', '1', '-o', 'json']);
    expect(me.code, me.stderr).toBe(0);
    const sent = emu.state.log.slice(from).filter((e) => e.path.includes('/timelines/'));
    expect(sent.map((e) => e.authScheme)).toEqual(['Bearer']);
    // The run says so where it takes effect, naming the variables (their values never).
    expect(me.stderr).toContain('--profile bot holds its own credentials; set aside from the environment: POSTCTL_CONSUMER_KEY');
    expect(me.stderr).not.toContain(emu.cliEnv().POSTCTL_ACCESS_TOKEN!);

    const status = await run(['--profile', 'bot', 'auth', 'status', '-o', 'json']);
    expect(status.json().ignored_env).toEqual(
      expect.arrayContaining(['POSTCTL_CONSUMER_KEY', 'POSTCTL_CONSUMER_SECRET', 'POSTCTL_ACCESS_TOKEN', 'POSTCTL_ACCESS_TOKEN_SECRET']),
    );
    const access = status.json().credentials.find((c: { credential: string }) => c.credential === 'access_token');
    expect(access.source ?? null).toBeNull();

    // Without --profile the environment still wins: the same call is signed with OAuth 1.0a, and nothing is set aside.
    const at = emu.state.log.length;
    const plain = await run(['users', 'timeline', '--max-results', '1', '-o', 'json']);
    expect(plain.code).toBe(0);
    expect(plain.stderr).not.toContain('set aside');
    expect(
      emu.state.log
        .slice(at)
        .filter((e) => e.path.includes('/timelines/'))
        .map((e) => e.authScheme),
    ).toEqual(['OAuth']);
    expect((await run(['auth', 'status', '-o', 'json'])).json().ignored_env).toEqual([]);
  });

  it('a named profile without credentials of its own takes them from the environment', async () => {
    const dir = tempDir();
    const r = await emu.run(['--profile', 'fresh', 'auth', 'status', '-o', 'json'], { env: { POSTCTL_CONFIG_DIR: dir, HOME: dir } });
    expect(r.json().ignored_env).toEqual([]);
    const access = r.json().credentials.find((c: { credential: string }) => c.credential === 'access_token');
    expect(access).toMatchObject({ source: 'env', origin: 'POSTCTL_ACCESS_TOKEN' });
  });
});
