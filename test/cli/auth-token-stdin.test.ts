// `auth token --stdin`: a bearer token from the developer portal, piped in,
// stored in the profile (0600, the safe-file store) and never echoed; the
// profile then reads with it without any consumer key. Bad shapes and stdin
// conflicts are refused before anything is stored.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator();
const NO_APP = { POSTCTL_CONSUMER_KEY: undefined, POSTCTL_CONSUMER_SECRET: undefined, POSTCTL_ACCESS_TOKEN: undefined };

describe('auth token --stdin', () => {
  it('stores a piped bearer token in the profile, never printing it, and app calls use it', async () => {
    // The "portal" token: one the emulator issued to its app.
    const portal = (await emu.run(['auth', 'token', '--print'])).stdout.trim();
    expect(portal.length).toBeGreaterThan(20);
    const dir = tempDir();
    const env = { ...NO_APP, POSTCTL_CONFIG_DIR: dir, HOME: dir };
    const r = await emu.run(['--profile', 'bot', 'auth', 'token', '--stdin', '-o', 'json'], { env, input: `${portal}\n` });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(portal);
    expect(r.json()).toMatchObject({ profile: 'bot', token_type: 'bearer', source: 'stdin' });
    const file = join(dir, 'config.json');
    expect(JSON.parse(readFileSync(file, 'utf8')).profiles.bot.bearer_token).toBe(portal);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const from = emu.state.log.length;
    const posts = await emu.run(['--profile', 'bot', 'users', 'posts', '2244994945', '--auth', 'app', '-o', 'json'], { env });
    expect(posts.code, posts.stderr).toBe(0);
    const sent = emu.state.log.slice(from);
    expect(sent.map((e) => `${e.method} ${e.path} ${e.authScheme}`)).toEqual(['GET /2/users/2244994945/tweets Bearer']);
  });

  it('refuses a malformed token (without echoing it), an empty stdin, and --stdin with --print or --refresh', async () => {
    const dir = tempDir();
    const env = { ...NO_APP, POSTCTL_CONFIG_DIR: dir, HOME: dir };
    const bad = 'has spaces in it so it is not a bearer token at all';
    const r = await emu.run(['auth', 'token', '--stdin'], { env, input: bad });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('bearer token');
    expect(r.stdout + r.stderr).not.toContain(bad);
    expect((await emu.run(['auth', 'token', '--stdin'], { env, input: '' })).code).toBe(2);
    expect((await emu.run(['auth', 'token', '--stdin', '--print'], { env, input: 'A'.repeat(40) })).code).toBe(2);
    expect((await emu.run(['auth', 'token', '--stdin', '--refresh'], { env, input: 'A'.repeat(40) })).code).toBe(2);
    expect(() => readFileSync(join(dir, 'config.json'))).toThrow();
  });
});
