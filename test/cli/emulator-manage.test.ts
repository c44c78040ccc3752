// Background emulators (issue 27): `stop --port N` stops only that one, `status` lists the running ones,
// and an emulator's credentials live in its own profile: a real default profile is never read, changed,
// or sent to it.
import { execFile } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { baseEnv, BIN, runCli, tempDir } from '../helpers/cli.js';

const exec = promisify(execFile);
let dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs) await runCli(['emulator', 'stop'], { env: baseEnv(dir) });
  dirs = [];
});

async function startBackground(env: Record<string, string>): Promise<{ port: number; env: Record<string, string> }> {
  const r = await runCli(['emulator', '--print-env'], { env });
  expect(r.code, r.stderr).toBe(0);
  const exported = Object.fromEntries([...r.stdout.matchAll(/^export (\w+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));
  return { port: Number(/stop --port (\d+)/.exec(r.stdout)![1]), env: exported };
}

describe('emulator stop --port and status', () => {
  it('two emulators: status lists both; stop --port stops only that one and the other still answers', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const env = baseEnv(dir);
    const a = await startBackground(env);
    const b = await startBackground(env);
    const status = await runCli(['emulator', 'status', '-o', 'json'], { env });
    expect(status.code, status.stderr).toBe(0);
    const listed = status.json<Array<{ port: number; pid: number; started: string; profile: string }>>();
    expect(listed.map((e) => e.port).sort()).toEqual([a.port, b.port].sort());
    for (const e of listed) {
      expect(e.pid).toBeGreaterThan(0);
      expect(Date.parse(e.started)).not.toBeNaN();
      expect(e.profile).toBe(`emulator-${e.port}`);
    }

    const stop = await runCli(['emulator', 'stop', '--port', String(a.port)], { env });
    expect(stop.code, stop.stderr).toBe(0);
    expect(stop.stderr).toContain(`stopped the emulator on port ${a.port}`);
    expect(stop.stderr).not.toContain(`port ${b.port}`);
    const stillUp = await runCli(['posts', 'lookup', '20', '-o', 'json'], { env: { ...env, ...b.env } });
    expect(stillUp.code, stillUp.stderr).toBe(0);
    expect(stillUp.json().data[0].id).toBe('20');
    await expect(fetch(`http://127.0.0.1:${a.port}/_emulator/log`)).rejects.toThrow();
    const after = await runCli(['emulator', 'status', '-o', 'json'], { env });
    expect(after.json<Array<{ port: number }>>().map((e) => e.port)).toEqual([b.port]);
  }, 40_000);
});

describe("the emulator's own profile", () => {
  it('a real default profile with a bearer token: the quick start twice, the profile unchanged, its token never sent', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const REAL = 'AAAAAAAAAAAAAAAAAAAAAReal%2FUserToken0123456789abcdefghijklmnopqrstuvwxyz';
    const config = JSON.stringify({
      default_profile: 'default',
      profiles: { default: { bearer_token: REAL, consumer_key: 'realConsumerKey123', consumer_secret: 'realConsumerSecret456' } },
    });
    writeFileSync(join(dir, 'config.json'), config, { mode: 0o600 });
    chmodSync(dir, 0o700);
    // The README's quick start (posts lookup is app-only: the bearer token), with the request log kept before stopping.
    const script = `
      postctl() { ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"; }
      eval "$(postctl emulator --port 0 --print-env)"
      postctl posts lookup 20 21 --expansions author_id
      postctl ads accounts list
      postctl ads line-items update 8u94w --bid 2.50 --dry-run
      postctl posts lookup 20 --post-fields public_metrics -o csv
      ${JSON.stringify(process.execPath)} -e "fetch(process.env.POSTCTL_API_URL + '/_emulator/log').then((r) => r.text()).then((t) => process.stdout.write('LOG ' + t + '\\n'))"
      postctl emulator stop`;
    for (const round of [1, 2]) {
      const { stdout, stderr } = await exec('bash', ['-e', '-o', 'pipefail', '-c', script], { env: baseEnv(dir), timeout: 30_000 });
      expect(stdout, `round ${round}`).toContain('"username": "emu_dev"');
      expect(stderr).not.toContain(REAL);
      const log = JSON.parse(/^LOG (.*)$/m.exec(stdout)![1]!) as { data: Array<{ status: number; path: string }> };
      const entries = log.data;
      expect(entries.length).toBeGreaterThan(3);
      // A token the emulator did not issue would have been answered 401: every request was its own credentials'.
      expect(entries.filter((e) => e.status === 401)).toEqual([]);
      expect(JSON.stringify(log)).not.toContain(REAL);
      // The real profile is byte for byte what it was; the emulator's profile is gone with it.
      expect(readFileSync(join(dir, 'config.json'), 'utf8').replace(/\s/g, '')).toBe(JSON.stringify(JSON.parse(config)).replace(/\s/g, ''));
    }
  }, 60_000);
});
