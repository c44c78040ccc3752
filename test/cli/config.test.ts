// The config store through the CLI: precedence, masking, file mode, a corrupt
// file is reported (never reset), and concurrent writers never lose an update.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseEnv, runCli, tempDir } from '../helpers/cli.js';

function env(dir: string, extra: Record<string, string> = {}) {
  return { ...baseEnv(dir), ...extra };
}

describe('postctl config', () => {
  it('set/get/unset with precedence flag > env > profile > default', async () => {
    const dir = tempDir();
    expect((await runCli(['config', 'get', 'ads_url'], { env: env(dir) })).json()).toEqual({
      key: 'ads_url',
      value: 'https://ads-api.x.com',
      source: 'default',
    });
    const set = await runCli(['config', 'set', 'ads_url', 'http://127.0.0.1:1234/ads'], { env: env(dir) });
    expect(set.code).toBe(0);
    expect(set.stdout).toBe('');
    expect(set.stderr).toContain('ads_url set for profile default');
    expect((await runCli(['config', 'get', 'ads_url'], { env: env(dir) })).json()).toMatchObject({
      value: 'http://127.0.0.1:1234/ads',
      source: 'profile',
    });
    expect(
      (await runCli(['config', 'get', 'ads_url'], { env: env(dir, { POSTCTL_ADS_URL: 'https://ads.example' }) })).json(),
    ).toMatchObject({ value: 'https://ads.example', source: 'env' });
    expect((await runCli(['config', 'unset', 'ads_url'], { env: env(dir) })).code).toBe(0);
    expect((await runCli(['config', 'get', 'ads_url'], { env: env(dir) })).json()).toMatchObject({ source: 'default' });
  });

  it('refuses credentials, unknown keys, bad values and plain-http remote URLs', async () => {
    const dir = tempDir();
    // Usage (a credential, an unknown key) exits 2; a bad value for a known setting exits 6.
    for (const [code, args] of [
      [2, ['set', 'consumer_secret', 'x']],
      [2, ['set', 'nope', 'x']],
      [6, ['set', 'output', 'yaml']],
      [6, ['set', 'api_url', 'http://api.example.com']],
    ] as const) {
      const r = await runCli(['config', ...args], { env: env(dir) });
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.stderr).toMatch(/^error: /);
    }
  });

  it('list masks secrets and names where each value comes from', async () => {
    const dir = tempDir();
    const r = await runCli(['config', 'list'], { env: env(dir, { POSTCTL_CONSUMER_SECRET: 'super-secret-value-123456' }) });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('super-secret-value-123456');
    const row = r.json().data.find((x: { key: string }) => x.key === 'consumer_secret');
    expect(row).toMatchObject({ source: 'env', origin: 'POSTCTL_CONSUMER_SECRET' });
    expect(row.value).toBe('••••3456 (25 chars)');
  });

  it('creates the config file with mode 0600 and `config path` prints it', async () => {
    const dir = tempDir();
    await runCli(['config', 'set', 'ads_account', 'abc'], { env: env(dir) });
    const path = (await runCli(['config', 'path'], { env: env(dir) })).json().path;
    expect(path).toBe(join(dir, 'config.json'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('a corrupt config file is an error naming the file, and is left untouched', async () => {
    const dir = tempDir();
    const file = join(dir, 'config.json');
    writeFileSync(file, '{"profiles": {', { mode: 0o600 });
    const r = await runCli(['config', 'set', 'ads_account', 'abc'], { env: env(dir) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(file);
    expect(r.stderr).toMatch(/never resets it/);
    expect(readFileSync(file, 'utf8')).toBe('{"profiles": {');
  });

  it.each([
    ['on the real clock', {}],
    // The lock's age is the file's mtime against the machine's clock, not the run's: with POSTCTL_NOW a year
    // ahead (or behind) every lock would otherwise look stale at once and be broken under its holder.
    ['a year ahead (POSTCTL_NOW)', { POSTCTL_NOW: '+365d' }],
    ['a year behind (POSTCTL_NOW)', { POSTCTL_NOW: '-365d' }],
  ])("parallel writers never lose each other's update, %s", async (_when, clock) => {
    const dir = tempDir();
    const n = 12;
    const results = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        runCli(['--profile', `p${i}`, 'config', 'set', 'ads_account', `acct${i}`], { env: { ...env(dir), ...clock } }),
      ),
    );
    expect(results.map((r) => r.code)).toEqual(Array(n).fill(0));
    const data = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    for (let i = 0; i < n; i++) expect(data.profiles[`p${i}`]).toEqual({ ads_account: `acct${i}` });
  });
});

describe('global behaviour', () => {
  it('help topics list every exit code and variable', async () => {
    const codes = await runCli(['help', 'exit-codes']);
    expect(codes.code).toBe(0);
    for (const c of ['0', '1', '2', '3', '4', '5', '6', '7', '8', '129', '130', '143'])
      expect(codes.stdout).toMatch(new RegExp(`^\\s+${c}  `, 'm'));
    const envs = await runCli(['help', 'environment']);
    for (const v of [
      'POSTCTL_API_URL',
      'POSTCTL_ADS_URL',
      'POSTCTL_ADS_SANDBOX_URL',
      'POSTCTL_CONSUMER_KEY',
      'POSTCTL_CONSUMER_SECRET',
      'POSTCTL_ACCESS_TOKEN',
      'POSTCTL_ACCESS_TOKEN_SECRET',
      'POSTCTL_BEARER_TOKEN',
      'POSTCTL_ADS_ACCOUNT',
      'POSTCTL_PROFILE',
      'POSTCTL_CONFIG_DIR',
      'NO_COLOR',
    ])
      expect(envs.stdout).toContain(v);
  });

  it('--version prints the package version; unknown commands exit 2, bad choices 6', async () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect((await runCli(['--version'])).stdout.trim()).toBe(pkg.version);
    expect((await runCli(['frobnicate'])).code).toBe(2);
    const bad = await runCli(['config', 'list', '-o', 'xml']);
    expect(bad.code).toBe(6);
    expect(bad.stderr).toContain('xml');
    const json = await runCli(['config', 'get', '--json']);
    expect(json.code).toBe(2);
    expect(json.errorJson().error.exit_code).toBe(2);
  });

  it('output formats: csv and jsonl for lists', async () => {
    const dir = tempDir();
    const csv = await runCli(['config', 'list', '-o', 'csv'], { env: env(dir) });
    expect(csv.stdout.split('\n')[0]).toBe('key,value,source');
    const jsonl = await runCli(['config', 'list', '-o', 'jsonl'], { env: env(dir) });
    expect(
      jsonl.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).key),
    ).toContain('api_url');
  });

  it('piping into a closed reader ends quietly (EPIPE)', async () => {
    const { spawnSync } = await import('node:child_process');
    const r = spawnSync(
      'bash',
      [
        '-c',
        `node ${JSON.stringify(new URL('../../bin/postctl.js', import.meta.url).pathname)} help environment | head -c 10 >/dev/null; echo "rc=\${PIPESTATUS[0]}"`,
      ],
      { encoding: 'utf8' },
    );
    expect(r.stdout.trim()).toBe('rc=0');
    expect(r.stderr).toBe('');
  });
});
