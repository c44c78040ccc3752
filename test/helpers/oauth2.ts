// A profile holding only an OAuth 2.0 login (no OAuth 1.0a token, bearer or
// consumer key), logged in against a test emulator with the given scopes
// through the two headless steps of `auth oauth2`.
import { expect } from 'vitest';
import { tempDir, type CliResult, type RunOptions } from './cli.js';
import type { TestEmulator } from './emulator.js';

export async function oauth2Only(
  emu: TestEmulator,
  scopes: string,
): Promise<{ dir: string; run: (args: string[], opts?: RunOptions) => Promise<CliResult> }> {
  const dir = tempDir();
  const env = {
    POSTCTL_CONFIG_DIR: dir,
    HOME: dir,
    POSTCTL_ACCESS_TOKEN: undefined,
    POSTCTL_ACCESS_TOKEN_SECRET: undefined,
    POSTCTL_CONSUMER_KEY: undefined,
    POSTCTL_CONSUMER_SECRET: undefined,
    POSTCTL_BEARER_TOKEN: undefined,
  };
  const run = (args: string[], opts: RunOptions = {}): Promise<CliResult> => emu.run(args, { ...opts, env: { ...env, ...opts.env } });
  const s1 = await run(['auth', 'oauth2', '--scopes', scopes]);
  expect(s1.code, s1.stderr).toBe(0);
  const approve = await fetch(s1.json().authorize_url, { redirect: 'manual' });
  const s2 = await run(['auth', 'oauth2', '--redirect-url', approve.headers.get('location')!]);
  expect(s2.code, s2.stderr).toBe(0);
  return { dir, run };
}
