// Background emulators (issue 27): `stop --port N` stops only that one, `status` lists the running ones,
// and an emulator's credentials live in its own profile: a real default profile is never read, changed,
// or sent to it.
import { execFile, spawn } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
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

/** A foreground emulator (stdout piped: it prints its env and keeps serving); resolves with its port once listening. */
function startForeground(env: Record<string, string>): Promise<{ port: number; kill9: () => Promise<void> }> {
  const child = spawn(process.execPath, [BIN, 'emulator', '--port', '0'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /^export POSTCTL_PROFILE=emulator-(\d+)$/m.exec(out);
      const kill9 = () => {
        child.kill('SIGKILL');
        return gone;
      };
      if (m) resolve({ port: Number(m[1]), kill9 });
    });
    child.once('exit', (code) => reject(new Error(`the emulator exited (${code}) before listening: ${out}`)));
  });
}

const profiles = (dir: string): string[] =>
  Object.keys((JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { profiles: object }).profiles).sort();

describe('stale emulator profiles', () => {
  it.each([
    ['emulator status', ['emulator', 'status']],
    ['emulator stop', ['emulator', 'stop']],
  ])(
    'a foreground emulator killed -9 leaves its profile; %s removes it (and only it)',
    async (_name, args) => {
      const dir = tempDir();
      dirs.push(dir);
      const env = baseEnv(dir);
      writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { default: { bearer_token: 'realToken' } } }), { mode: 0o600 });
      chmodSync(dir, 0o700);
      const fg = await startForeground(env);
      const bg = await startBackground(env);
      expect(profiles(dir)).toEqual(['default', `emulator-${bg.port}`, `emulator-${fg.port}`].sort());
      // While it runs, status does not list the foreground one (not a background emulator) and keeps its profile.
      const running = await runCli(['emulator', 'status', '-o', 'json'], { env });
      expect(running.json<Array<{ port: number }>>().map((e) => e.port)).toEqual([bg.port]);
      expect(profiles(dir)).toContain(`emulator-${fg.port}`);
      await fg.kill9();
      expect(profiles(dir)).toContain(`emulator-${fg.port}`);
      expect(existsSync(join(dir, 'emulators', `${fg.port}.json`))).toBe(true);

      const r = await runCli(args, { env });
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(join(dir, 'emulators', `${fg.port}.json`))).toBe(false);
      expect(profiles(dir)).not.toContain(`emulator-${fg.port}`);
      expect(profiles(dir)).toContain('default');
      // status leaves the live background emulator's profile; stop ends it, and it removes its own.
      if (args[1] === 'status') expect(profiles(dir)).toEqual(['default', `emulator-${bg.port}`]);
    },
    40_000,
  );

  it('the next emulator start removes the profile of one killed -9', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const env = baseEnv(dir);
    const first = await startForeground(env);
    await first.kill9();
    expect(profiles(dir)).toEqual([`emulator-${first.port}`]);
    const next = await startBackground(env);
    expect(profiles(dir)).toEqual([`emulator-${next.port}`]);
    expect(existsSync(join(dir, 'emulators', `${first.port}.json`))).toBe(false);
  }, 40_000);

  it('an emulator-<port> profile with no record (an older postctl killed -9) is removed by status', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const env = baseEnv(dir);
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ profiles: { 'emulator-41234': { bearer_token: 'x' }, work: { bearer_token: 'y' } } }),
      {
        mode: 0o600,
      },
    );
    chmodSync(dir, 0o700);
    const r = await runCli(['emulator', 'status', '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toEqual([]);
    expect(profiles(dir)).toEqual(['work']);
  });
});
