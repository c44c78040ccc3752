// `emulator stop` sends SIGTERM only to a process its own trusted record names
// precisely: a record in a group-writable directory is refused (exit 2), and a
// record naming some other live process (a planted or stale pid) kills nothing.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { baseEnv, runCli, tempDir } from '../helpers/cli.js';

let victim: ChildProcess | undefined;
afterEach(() => {
  victim?.kill('SIGKILL');
  victim = undefined;
});

/** A live process that is not an emulator, and a config dir with a record naming it. */
function planted(extra: Record<string, unknown> = {}) {
  victim = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)', 'emulator'], { stdio: 'ignore' });
  const dir = tempDir();
  mkdirSync(join(dir, 'emulators'), { mode: 0o700 });
  const record = join(dir, 'emulators', '8799.json');
  writeFileSync(record, JSON.stringify({ pid: victim.pid, port: 8799, url: 'http://127.0.0.1:8799', ...extra }), { mode: 0o600 });
  return { dir, record, env: baseEnv(dir) };
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('emulator stop trusts only its own records', () => {
  it('a record in a group-writable emulators directory: exit 2, nothing killed', async () => {
    const { dir, env } = planted();
    chmodSync(join(dir, 'emulators'), 0o770);
    const r = await runCli(['emulator', 'stop'], { env });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`refusing to use the config directory ${join(dir, 'emulators')}: it is writable by its group (mode 770)`);
    expect(alive(victim!.pid!)).toBe(true);
  });

  it('a record naming another live process (its command line even says "emulator"): nothing killed, exit 4', async () => {
    const { env } = planted({ cmdline: 'postctl\0emulator\0', start: '1' });
    const r = await runCli(['emulator', 'stop'], { env });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('no background emulator is running');
    expect(alive(victim!.pid!)).toBe(true);
  });

  it('a record without the recorded identity (an old or hand-written one): nothing killed where /proc can tell', async () => {
    const { env } = planted();
    const r = await runCli(['emulator', 'stop', '--port', '8799'], { env });
    expect(r.code).toBe(4);
    expect(alive(victim!.pid!)).toBe(true);
  });
});
