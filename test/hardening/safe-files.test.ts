// The safe-file rule (bin/safe-file.js) at every path postctl reads or writes in its own directories: a
// FIFO, a link to /dev/zero, a device, a huge (sparse) file and a file of another user are planted at the
// field-name cache, the compiled-code cache, the config (credentials), its lock and a resume state file.
// A cache ignores what is there (the command runs, exit 0); credentials, locks and state stop the command
// with exit 2 naming the path. Nothing blocks: every run ends long before its timeout. The device and the
// other owner need root (mknod, chown), as the suite runs in CI; a FIFO and a link do not.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMU_AUDIENCE } from '../../src/emulator/routes/audiences.js';
import { tempDir } from '../helpers/cli.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();
// In the openapi v2.167 dialect: a lookup negotiates the field names, reading and writing dialects.json.
const emu167 = fileEmulator({ dialect: '2.167' });
const root = process.getuid?.() === 0;
const OTHER_UID = 65534;
const TIMEOUT = 10_000;

type Plant = (path: string) => void;
const PLANTS: Array<[string, Plant]> = [
  ['a FIFO', (p) => expect(spawnSync('mkfifo', [p]).status).toBe(0)],
  ['a link to /dev/zero', (p) => symlinkSync('/dev/zero', p)],
  [
    'a huge (sparse) file',
    (p) => {
      writeFileSync(p, '', { mode: 0o600 });
      truncateSync(p, 5 * 2 ** 30);
    },
  ],
  ...(root
    ? ([
        ['/dev/zero itself (a device)', (p) => expect(spawnSync('mknod', [p, 'c', '1', '5']).status).toBe(0)],
        [
          'a file of another user',
          (p) => {
            writeFileSync(p, '{}', { mode: 0o600 });
            chownSync(p, OTHER_UID, OTHER_UID);
          },
        ],
      ] as Array<[string, Plant]>)
    : []),
];

/** A private directory (0700) for one case. */
const privateDir = (prefix: string): string => {
  const d = tempDir(prefix);
  chmodSync(d, 0o700);
  return d;
};

const LOOKUP = ['posts', 'lookup', '20', '--post-fields', 'created_at', '--auth', 'user', '-o', 'json'];

describe.concurrent('caches: an unsafe file is ignored, the command runs', () => {
  it.each(PLANTS)('dialects.json is %s', async (_kind, plant) => {
    const cache = privateDir('postctl-safe-dialects-');
    const file = join(cache, 'dialects.json');
    plant(file);
    const r = await emu167.run(LOOKUP, { spawn: true, env: { POSTCTL_CACHE_DIR: cache }, timeoutMs: TIMEOUT });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toBeTruthy();
    // Replaced by what this run learnt: a regular file of its own.
    expect(lstatSync(file).isFile()).toBe(true);
    expect(Object.values(JSON.parse(readFileSync(file, 'utf8')) as object)).toEqual(['post']);
  });

  it.each(PLANTS)('the code cache file is %s', async (_kind, plant) => {
    const cache = privateDir('postctl-safe-code-');
    const env = { POSTCTL_CACHE_DIR: cache };
    expect((await emu.run(LOOKUP, { spawn: true, env })).code).toBe(0); // writes code/api-<key>.bin
    const bins = readdirSync(join(cache, 'code')).filter((f) => f.endsWith('.bin'));
    expect(bins).toHaveLength(1);
    rmSync(join(cache, 'code', bins[0]!));
    plant(join(cache, 'code', bins[0]!));
    const r = await emu.run(LOOKUP, { spawn: true, env, timeoutMs: TIMEOUT });
    expect(r.code, r.stderr).toBe(0);
  });

  it('a link planted at dialects.json is replaced, its target never written', async () => {
    const cache = privateDir('postctl-safe-dialects-');
    const victim = join(privateDir('postctl-safe-victim-'), 'victim.json');
    writeFileSync(victim, 'victim', { mode: 0o600 });
    symlinkSync(victim, join(cache, 'dialects.json'));
    const r = await emu167.run(LOOKUP, { spawn: true, env: { POSTCTL_CACHE_DIR: cache }, timeoutMs: TIMEOUT });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(victim, 'utf8')).toBe('victim');
    expect(lstatSync(join(cache, 'dialects.json')).isSymbolicLink()).toBe(false);
    // The temporary file had a random name and is gone.
    expect(readdirSync(cache).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('code/ as a link to another private folder: nothing is written or removed there', async () => {
    const cache = privateDir('postctl-safe-code-');
    const elsewhere = privateDir('postctl-safe-elsewhere-');
    writeFileSync(join(elsewhere, 'api-0123456789abcdef.bin'), 'unrelated', { mode: 0o600 });
    symlinkSync(elsewhere, join(cache, 'code'));
    const r = await emu.run(LOOKUP, { spawn: true, env: { POSTCTL_CACHE_DIR: cache }, timeoutMs: TIMEOUT });
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(elsewhere)).toEqual(['api-0123456789abcdef.bin']);
  });

  it('a code cache directory others can write to (0777) is not used', async () => {
    const cache = privateDir('postctl-safe-code-');
    chmodSync(cache, 0o777);
    for (let i = 0; i < 2; i++) expect((await emu.run(LOOKUP, { spawn: true, env: { POSTCTL_CODE_CACHE_DIR: cache } })).code).toBe(0);
    const code = join(cache, 'code');
    expect(readdirSync(code).filter((f) => f.endsWith('.bin'))).toEqual([]);
  });
});

describe.concurrent('credentials, locks and state: an unsafe file is exit 2 naming it', () => {
  /** A private config dir with a config file (0600) and nothing else. */
  const configDir = (): string => {
    const dir = privateDir('postctl-safe-config-');
    writeFileSync(join(dir, 'config.json'), '{"profiles":{"default":{"output":"json"}}}', { mode: 0o600 });
    return dir;
  };

  it.each(PLANTS)('config.json is %s', async (_kind, plant) => {
    const dir = configDir();
    const file = join(dir, 'config.json');
    rmSync(file);
    plant(file);
    const r = await emu.run(['config', 'get', 'output'], { env: { POSTCTL_CONFIG_DIR: dir, HOME: dir }, timeoutMs: TIMEOUT });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(file);
    expect(r.stderr).toMatch(/refusing to use the config file/);
  });

  it.each(PLANTS)('the config lock is %s', async (_kind, plant) => {
    const dir = configDir();
    const lock = join(dir, 'config.json.lock');
    plant(lock);
    const r = await emu.run(['config', 'set', 'output', 'csv'], { env: { POSTCTL_CONFIG_DIR: dir, HOME: dir }, timeoutMs: TIMEOUT });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`refusing to use the lock file ${lock}`);
    expect(readFileSync(join(dir, 'config.json'), 'utf8')).toContain('"output":"json"');
  });

  it.each(PLANTS)('a resume state file is %s (nothing sent)', async (_kind, plant) => {
    const dir = privateDir('postctl-safe-state-');
    const emails = join(dir, 'emails.txt');
    writeFileSync(emails, 'one@example.com\ntwo@example.com\n');
    const state = join(dir, 'upload.state.json');
    plant(state);
    const before = emu.state.log.length;
    const r = await emu.run(['audiences', 'upload', EMU_AUDIENCE, '--file', emails, '--type', 'email', '--state', state, '--resume'], {
      timeoutMs: TIMEOUT,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`refusing the upload state ${state}`);
    expect(emu.state.log.slice(before).filter((e) => e.method !== 'GET')).toEqual([]);
  });

  it('the config directory chain: a config dir created below a 0777 one is refused on write', async () => {
    const open = privateDir('postctl-safe-open-');
    chmodSync(open, 0o777);
    const dir = join(open, 'postctl');
    mkdirSync(dir, { mode: 0o700 });
    const r = await emu.run(['config', 'set', 'output', 'csv'], { env: { POSTCTL_CONFIG_DIR: open, HOME: open }, timeoutMs: TIMEOUT });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(open);
  });
});
