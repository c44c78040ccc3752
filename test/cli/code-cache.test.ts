// The compiled-code cache (bin/code-cache.js). A signed call runs from one
// script (dist/chunks/api-script.js) whose V8 code cache lives in <cache>/code;
// a run without a cache compiles the script and writes its cache: a corrupt
// cache file is ignored and rewritten, a
// cache made for another Node version or another build is never used, a
// directory or file another user could have written is never read. On Node 22+ the ES-module CLI (commander's
// path) keeps Node's compile cache in <cache>/compile.
import { chmodSync, chownSync, mkdirSync, readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import module from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain .js launcher module without type declarations
import { loadApiScript } from '../../bin/code-cache.js';
import { tempDir } from '../helpers/cli.js';
import { fileEmulator } from '../helpers/emulator.js';

const compileCache = 'enableCompileCache' in module;
const emu = fileEmulator();
const LOOKUP = ['posts', 'lookup', '20', '--auth', 'user', '-o', 'json'];

type Loaded = { api?: Record<string, unknown>; cached?: boolean; save?: () => void };
type Runtime = { node: string; v8: string };
const load = loadApiScript as (path: string, env: Record<string, string>, runtime?: Runtime) => Loaded | undefined;
/** A cache made as a run makes it: a run without one compiles the script afresh and saves. */
function makeCache(path: string, env: Record<string, string>, runtime?: Runtime): Loaded {
  const first = load(path, env, runtime)!;
  expect(first.cached).toBe(false);
  first.save!();
  return first;
}

const cacheFiles = (dir: string) => readdirSync(join(dir, 'code')).filter((f) => f.endsWith('.bin'));
/** A cache file: SHA-256 of V8's data, then the data. */
const wellFormed = (buf: Buffer) => createHash('sha256').update(buf.subarray(32)).digest().equals(buf.subarray(0, 32));

async function lookup(cacheDir: string) {
  const r = await emu.run(LOOKUP, { spawn: true, env: { POSTCTL_CACHE_DIR: cacheDir } });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.json().data).toEqual([expect.objectContaining({ id: '20', text: expect.stringContaining('Post 20') })]);
}

describe('V8 code cache of the one-script API path', () => {
  it('the first call writes a private cache; a corrupted cache file is ignored, the call succeeds and the file is rewritten', async () => {
    const dir = tempDir();
    // A mark an older build left beside its cache is removed with the other builds' files.
    mkdirSync(join(dir, 'code'), { mode: 0o700 });
    writeFileSync(join(dir, 'code', 'api-0123abcd.bin.seen'), '');
    await lookup(dir);
    expect(statSync(join(dir, 'code')).mode & 0o777).toBe(0o700);
    const [name] = cacheFiles(dir);
    expect(readdirSync(join(dir, 'code'))).toEqual([name]);
    const file = join(dir, 'code', name!);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const good = readFileSync(file);
    expect(good.length).toBeGreaterThan(100_000);
    expect(wellFormed(good)).toBe(true);
    await lookup(dir); // used, not rewritten
    expect(readFileSync(file).equals(good)).toBe(true);

    // Bytes flipped in the middle of the V8 data: the digest no longer matches. Cut short. Garbage with a
    // valid digest: V8 rejects it (cachedDataRejected). Each is ignored and rewritten by the next call.
    const bad = Buffer.from(good);
    for (let i = bad.length >> 1; i < (bad.length >> 1) + 64; i++) bad[i] = bad[i]! ^ 0xff;
    const junk = Buffer.alloc(4096, 7);
    for (const broken of [bad, good.subarray(0, 1000), Buffer.concat([createHash('sha256').update(junk).digest(), junk])]) {
      writeFileSync(file, broken);
      await lookup(dir);
      const rewritten = readFileSync(file);
      expect(wellFormed(rewritten)).toBe(true);
      expect(rewritten.length).toBeGreaterThan(100_000);
      expect(readdirSync(join(dir, 'code'))).toEqual([name]);
    }
  });

  it('a cache is used only by the Node version and the script build that made it', () => {
    const cache = tempDir();
    const env = { POSTCTL_CACHE_DIR: cache };
    const script = join(tempDir(), 'api-script.js');
    writeFileSync(script, '//postctl-api aaaa\nexports.answer = () => 42;\n');
    const node20 = { node: 'v20.0.0', v8: '11.3' };
    expect((makeCache(script, env, node20).api!.answer as () => number)()).toBe(42);
    const hit = load(script, env, node20)!;
    expect(hit.cached).toBe(true);
    expect((hit.api!.answer as () => number)()).toBe(42);
    // Another Node or V8 version: another key, the cache is not read.
    expect(load(script, env, { node: 'v20.0.1', v8: '11.3' })!.cached).toBe(false);
    expect(load(script, env, { node: 'v20.0.0', v8: '11.4' })!.cached).toBe(false);
    // Another build of the same length and time: its content hash differs.
    const { mtime } = statSync(script);
    writeFileSync(script, '//postctl-api bbbb\nexports.answer = () => 43;\n');
    utimesSync(script, mtime, mtime);
    // Its first run does not use the other build's cache (makeCache checks); its cache replaces it.
    expect((makeCache(script, env, node20).api!.answer as () => number)()).toBe(43);
    expect(readdirSync(join(cache, 'code'))).toHaveLength(1);
    expect(load(script, env, node20)!.cached).toBe(true);
  });

  it('a cache directory others can open, or a cache file another user owns, is not used', () => {
    const cache = tempDir();
    const env = { POSTCTL_CACHE_DIR: cache };
    const script = join(tempDir(), 'api-script.js');
    writeFileSync(script, '//postctl-api cccc\nexports.answer = () => 1;\n');
    makeCache(script, env);
    expect(load(script, env)!.cached).toBe(true);
    const [name] = cacheFiles(cache);
    const before = readFileSync(join(cache, 'code', name!));
    chmodSync(join(cache, 'code'), 0o755);
    // Compiled afresh each time, and nothing written there.
    const open = load(script, env)!;
    expect(open.cached).toBe(false);
    expect((open.api!.answer as () => number)()).toBe(1);
    open.save!();
    expect(readdirSync(join(cache, 'code'))).toEqual([name]);
    expect(readFileSync(join(cache, 'code', name!)).equals(before)).toBe(true);
    chmodSync(join(cache, 'code'), 0o700);
    expect(load(script, env)!.cached).toBe(true);
    if (process.getuid?.() === 0) {
      // Only root can hand a file to another user; elsewhere this part is covered by the mode check.
      chownSync(join(cache, 'code', name!), 4242, 4242);
      expect(load(script, env)!.cached).toBe(false);
    }
  });
  it('POSTCTL_CODE_CACHE_DIR keeps the compiled code apart from the rest of the cache, under the same checks', () => {
    const cache = tempDir();
    const code = tempDir();
    const env = { POSTCTL_CACHE_DIR: cache, POSTCTL_CODE_CACHE_DIR: code };
    const script = join(tempDir(), 'api-script.js');
    writeFileSync(script, '//postctl-api dddd\nexports.answer = () => 2;\n');
    makeCache(script, env);
    expect(cacheFiles(code)).toHaveLength(1);
    expect(readdirSync(cache)).toEqual([]);
    // A run with another POSTCTL_CACHE_DIR (another test) finds it warm.
    const shared = load(script, { POSTCTL_CACHE_DIR: tempDir(), POSTCTL_CODE_CACHE_DIR: code })!;
    expect(shared.cached).toBe(true);
    expect((shared.api!.answer as () => number)()).toBe(2);
    chmodSync(join(code, 'code'), 0o755);
    expect(load(script, env)!.cached).toBe(false);
  });
});

describe.runIf(compileCache)("Node's compile cache (Node 22+)", () => {
  it("is kept in postctl's cache directory, private to the user, for what runs through commander", async () => {
    const dir = tempDir();
    const r = await emu.run(['help', 'exit-codes'], { spawn: true, env: { POSTCTL_CACHE_DIR: dir } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Exit codes:');
    expect(statSync(join(dir, 'compile')).mode & 0o777).toBe(0o700);
    expect(readdirSync(join(dir, 'compile')).length).toBeGreaterThan(0);
  });

  it('is not written by an API call, which runs from the one script from its first run on', async () => {
    const dir = tempDir();
    await lookup(dir);
    expect(cacheFiles(dir)).toHaveLength(1);
    expect(readdirSync(dir)).not.toContain('compile');
  });
});

it('without a usable cache directory the call still succeeds', async () => {
  const dir = tempDir();
  mkdirSync(join(dir, 'code'), { mode: 0o755 });
  chmodSync(join(dir, 'code'), 0o755);
  mkdirSync(join(dir, 'compile'), { mode: 0o755 });
  chmodSync(join(dir, 'compile'), 0o755);
  await lookup(dir);
  const help = await emu.run(['help', 'exit-codes'], { spawn: true, env: { POSTCTL_CACHE_DIR: dir } });
  expect(help.code).toBe(0);
  expect(readdirSync(join(dir, 'code'))).toEqual([]);
  expect(readdirSync(join(dir, 'compile'))).toEqual([]);
});
