// Config trust (issue 19): a config directory or file someone else can change
// is refused with exit 2, a message naming the path and the fix, and nothing
// sent; a symlinked config file is neither read nor written through; a
// profile name a shell would read as code cannot be created.
import { chmodSync, chownSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();
const isRoot = process.getuid?.() === 0;

/** A config dir holding a valid config file (0700 / 0600 unless changed). */
function configDir(): { dir: string; file: string } {
  const dir = join(tempDir('postctl-trust-'), 'cfg');
  mkdirSync(dir, { mode: 0o700 });
  const file = join(dir, 'config.json');
  writeFileSync(file, JSON.stringify({ default_profile: 'default', profiles: { default: { output: 'json' } } }), { mode: 0o600 });
  return { dir, file };
}

/** Runs a command that would send a request, with the given config dir; returns the result and the requests made. */
async function attempt(dir: string) {
  const before = emu.state.log.length;
  const r = await emu.run(['ads', 'accounts', 'list', '-o', 'json'], { env: { POSTCTL_CONFIG_DIR: dir, HOME: dir } });
  return { r, requests: emu.state.log.length - before };
}

describe('config trust', () => {
  it('a private config (0700 dir, 0600 file) is used', async () => {
    const { dir } = configDir();
    const { r, requests } = await attempt(dir);
    expect(r.code).toBe(0);
    expect(requests).toBe(1);
  });

  it.each([
    [0o777, 'others'],
    [0o770, 'its group'],
  ])('a config directory with mode %s is refused (writable by %s): exit 2, path and chmod 700 named, nothing sent', async (mode, who) => {
    const { dir } = configDir();
    chmodSync(dir, mode);
    const { r, requests } = await attempt(dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`refusing to use the config directory ${dir}: it is writable by ${who}`);
    expect(r.stderr).toContain(`chmod 700 ${dir}`);
    expect(requests).toBe(0);
  });

  it.each([0o644, 0o660, 0o604])('a config file with mode %o is refused: exit 2, chmod 600 named, nothing sent', async (mode) => {
    const { dir, file } = configDir();
    chmodSync(file, mode);
    const { r, requests } = await attempt(dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`refusing to use the config file ${file}`);
    expect(r.stderr).toContain(`chmod 600 ${file}`);
    expect(requests).toBe(0);
  });

  it.runIf(isRoot)('a config file or directory owned by another user is refused, even for root', async () => {
    const a = configDir();
    chownSync(a.file, 1000, 1000);
    const file = await attempt(a.dir);
    expect(file.r.code).toBe(2);
    expect(file.r.stderr).toContain(`config file ${a.file}: it is owned by uid 1000, not by you (uid 0)`);
    expect(file.requests).toBe(0);
    const b = configDir();
    chownSync(b.dir, 1000, 1000);
    const dir = await attempt(b.dir);
    expect(dir.r.code).toBe(2);
    expect(dir.r.stderr).toContain(`config directory ${b.dir}: it is owned by uid 1000`);
    expect(dir.requests).toBe(0);
  });

  it('a symlinked config file is refused for reading, and a write does not go through the link', async () => {
    const { dir, file } = configDir();
    const target = join(tempDir('postctl-trust-target-'), 'elsewhere.json');
    writeFileSync(target, readFileSync(file), { mode: 0o600 });
    const before = readFileSync(target, 'utf8');
    const { rmSync } = await import('node:fs');
    rmSync(file);
    symlinkSync(target, file);
    const read = await attempt(dir);
    expect(read.r.code).toBe(2);
    expect(read.r.stderr).toContain(`config file ${file}: it is a symbolic link`);
    expect(read.requests).toBe(0);
    const write = await emu.run(['config', 'set', 'output', 'table'], { env: { POSTCTL_CONFIG_DIR: dir, HOME: dir } });
    expect(write.code).toBe(2);
    expect(write.stderr).toContain('it is a symbolic link');
    expect(readFileSync(target, 'utf8')).toBe(before);
    expect(lstatSync(file).isSymbolicLink()).toBe(true);
  });

  it('the store itself re-checks before writing: a symlink planted after the read is not written through', async () => {
    const { ConfigStore } = await import('../../src/config/store.js');
    const { dir, file } = configDir();
    const store = new ConfigStore({ POSTCTL_CONFIG_DIR: dir });
    expect(store.read().profiles?.default?.output).toBe('json');
    const target = join(tempDir('postctl-trust-target-'), 'victim.json');
    writeFileSync(target, 'victim', { mode: 0o600 });
    const { rmSync } = await import('node:fs');
    rmSync(file);
    symlinkSync(target, file);
    expect(() => store.patchProfile('default', { output: 'csv' })).toThrow(/symbolic link/);
    expect(readFileSync(target, 'utf8')).toBe('victim');
  });

  it('a profile named $(touch pwned) cannot be created (exit 6, nothing written)', async () => {
    const dir = tempDir('postctl-trust-profile-');
    const r = await emu.run(['--profile', '$(touch pwned)', 'config', 'set', 'output', 'json'], {
      env: { POSTCTL_CONFIG_DIR: dir, HOME: dir },
      cwd: dir,
    });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('invalid profile name "$(touch pwned)"');
    expect(() => readFileSync(join(dir, 'config.json'), 'utf8')).toThrow();
    // Checked before anything else: a login would otherwise be lost at the final write.
    const before = emu.state.log.length;
    const login = await emu.run(['--profile', '`touch pwned`', 'auth', 'token'], { env: { POSTCTL_CONFIG_DIR: dir, HOME: dir }, cwd: dir });
    expect(login.code).toBe(6);
    expect(login.stderr).toContain('invalid profile name');
    expect(emu.state.log.length - before).toBe(0);
    const ok = await emu.run(['--profile', 'work-2.eu_1', 'config', 'set', 'output', 'json'], {
      env: { POSTCTL_CONFIG_DIR: dir, HOME: dir },
    });
    expect(ok.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles).toHaveProperty('work-2.eu_1');
  });
});
