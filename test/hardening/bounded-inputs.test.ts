// Files a user hands in are parsed within bounds (src/input/structured.ts): no key that names a prototype
// slot, at most 64 levels deep, at most a size cap; profile names follow one rule wherever they enter.
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTree } from '../../src/ads/plan/load.js';
import { depthExceeded, MAX_DEPTH, parseDataJson } from '../../src/input/structured.js';
import { baseEnv, runCli, tempDir } from '../helpers/cli.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();
const PRELOAD = new URL('../helpers/rss-preload.mjs', import.meta.url).pathname;

function fileWith(text: string, name: string, mode = 0o644): string {
  const path = join(tempDir('postctl-bounded-'), name);
  writeFileSync(path, text, { mode });
  chmodSync(path, mode);
  return path;
}

const PLAN = `account: 9iqxk2
campaigns:
  - name: Spring
    funding_instrument_id: fiqxk2
    __proto__:
      daily_budget: 50
`;

describe('campaigns files', () => {
  it('a __proto__ key is exit 6 naming the key and its line, nothing sent', async () => {
    const file = fileWith(PLAN, 'campaigns.yaml');
    const before = emu.state.log.length;
    const r = await emu.run(['ads', 'plan', file, '-o', 'json']);
    expect(r.code, r.stderr).toBe(6);
    const problems = r.errorJson().error.problems as Array<{ line?: number; field: string; message: string }>;
    expect(problems).toContainEqual(
      expect.objectContaining({ line: 5, field: 'campaigns[0].__proto__', message: expect.stringMatching(/__proto__/) }),
    );
    expect(emu.state.log.length).toBe(before);
  });

  it('constructor and prototype keys are refused too', async () => {
    for (const key of ['constructor', 'prototype']) {
      await expect(loadTree('f.yaml', PLAN.replace('__proto__', key), 'neutral')).rejects.toMatchObject({
        problems: expect.arrayContaining([
          expect.objectContaining({ line: 5, field: `campaigns[0].${key}`, message: expect.stringMatching(/prototype/) }),
        ]),
      });
    }
  });

  it('a 16 MiB deeply nested file is refused in under 2 s in process', async () => {
    const half = 8 * 1024 * 1024 - 16;
    for (const text of [
      `campaigns: ${'['.repeat(half)}${']'.repeat(half)}`,
      `${'- '.repeat(half)}x\n`,
      `${'{a: '.repeat(half / 4)}1${'}'.repeat(half / 4)}`,
    ]) {
      const t0 = Date.now();
      await expect(loadTree('deep.yaml', text, 'neutral')).rejects.toMatchObject({
        problems: [expect.objectContaining({ line: 1, message: expect.stringMatching(/nested more than 64/) })],
      });
      expect(Date.now() - t0).toBeLessThan(2000);
    }
  });

  it('the CLI refuses a 16 MiB nested file with at most 200 MB resident', async () => {
    const half = 8 * 1024 * 1024 - 8;
    const file = fileWith(`${'- '.repeat(half)}x\n`, 'deep.yaml');
    const rss = join(tempDir(), 'rss');
    const t0 = Date.now();
    const r = await emu.run(['ads', 'plan', file, '-o', 'json'], {
      env: { NODE_OPTIONS: `--import ${PRELOAD}`, POSTCTL_TEST_RSS_FILE: rss },
    });
    const ms = Date.now() - t0;
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toMatch(/nested more than 64 levels/);
    expect(Number(readFileSync(rss, 'utf8')) / 1024).toBeLessThan(200);
    // Process start included (about a second on a loaded machine); the parser alone took 51 s before.
    expect(ms).toBeLessThan(6000);
  });
});

describe('the depth scan', () => {
  it('counts flow, block and compact nesting; quotes, comments and block scalars do not nest', () => {
    // The document's own line counts as a level: a level too many, never one too few.
    expect(depthExceeded(`${'['.repeat(MAX_DEPTH - 1)}${']'.repeat(MAX_DEPTH - 1)}`)).toBeUndefined();
    expect(depthExceeded(`${'['.repeat(MAX_DEPTH + 1)}${']'.repeat(MAX_DEPTH + 1)}`)).toBe(1);
    let indented = '';
    for (let i = 0; i < 70; i++) indented += `${' '.repeat(i)}k${i}:\n`;
    expect(depthExceeded(indented)).toBe(MAX_DEPTH + 1);
    const quiet = `a: "${'['.repeat(200)}"\nb: '${'{'.repeat(200)}'\nc: |\n  ${'['.repeat(200)}\n# ${'['.repeat(200)}\nd: x${'['.repeat(200)}\n`;
    expect(depthExceeded(quiet)).toBeUndefined();
    expect(depthExceeded(`a: 'it''s'\nb: ${'['.repeat(100)}`)).toBe(2);
    expect(depthExceeded(`{"a": "\\" [[[[[[[[", "b": [[[1]]]}`)).toBeUndefined();
  });

  it('JSON data: prototype keys refused naming the line, objects without a prototype', () => {
    expect(() => parseDataJson('card.json', '{\n "name": "x",\n "__proto__": {"a": 1}\n}')).toThrow(
      /card\.json line 3: the key "__proto__"/,
    );
    expect(() => parseDataJson('card.json', '{"components": [{"constructor": 1}]}')).toThrow(/constructor/);
    expect(() => parseDataJson('card.json', `${'['.repeat(100)}${']'.repeat(100)}`)).toThrow(/nested more than 64/);
    const v = parseDataJson('card.json', '{"a": {"b": 1}}') as Record<string, Record<string, number>>;
    expect(Object.getPrototypeOf(v.a)).toBeNull();
  });
});

const TWURL = (user: string) => `profiles:
  ${user}:
    k1:
      username: ${user}
      consumer_key: k1
      consumer_secret: s1
      token: 11-t1
      secret: ts1
`;

describe('auth import files', () => {
  it('a twurlrc over the 1 MiB cap is exit 6 at once, naming the cap', async () => {
    const file = fileWith(`${TWURL('alice')}# ${'x'.repeat(2 * 1024 * 1024)}\n`, 'twurlrc', 0o600);
    const t0 = Date.now();
    const r = await runCli(['auth', 'import', 'twurl', '--file', file, '-o', 'json']);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toMatch(/more than the 1048576/);
    expect(Date.now() - t0).toBeLessThan(6000);
  });

  it('a deeply nested or __proto__ twurlrc is exit 6', async () => {
    for (const text of [`profiles: ${'['.repeat(5000)}`, `${TWURL('alice')}  __proto__:\n    k2: {}\n`]) {
      const r = await runCli(['auth', 'import', 'twurl', '--file', fileWith(text, 'twurlrc', 0o600), '-o', 'json']);
      expect(r.code, r.stderr).toBe(6);
      expect(r.stderr).toMatch(/nested more than 64|"__proto__" is not allowed/);
    }
  });

  it('an account whose name would start with - makes no profile', async () => {
    const r = await runCli(['auth', 'import', 'twurl', '--file', fileWith(TWURL('"--x"'), 'twurlrc', 0o600), '-o', 'json']);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toMatch(/cannot make a profile name of "--x"/);
  });
});

describe('profile names', () => {
  it.each([
    ['flag __proto__', ['--profile', '__proto__'], {}, /invalid profile name "__proto__"/],
    ['flag constructor', ['--profile', 'constructor'], {}, /invalid profile name "constructor"/],
    ['flag --x', ['--profile=--x'], {}, /invalid profile name "--x"/],
    ['env --x', [], { POSTCTL_PROFILE: '--x' }, /invalid profile name "--x"/],
    ['env __proto__', [], { POSTCTL_PROFILE: '__proto__' }, /invalid profile name "__proto__"/],
  ])('%s is exit 6 before anything is saved', async (_name, flags, env, message) => {
    const dir = tempDir();
    const r = await runCli([...flags, 'config', 'set', 'api_url', 'https://api.x.com', '-o', 'json'], { env: { ...baseEnv(dir), ...env } });
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toMatch(message);
  });

  it('a config default_profile of __proto__ is refused, not read as the prototype', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ default_profile: '__proto__', profiles: {} }), { mode: 0o600 });
    const r = await runCli(['auth', 'status', '-o', 'json'], { env: baseEnv(dir) });
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toMatch(/invalid profile name "__proto__"/);
  });
});

describe('request file parts', () => {
  const fifo = () => {
    const path = join(tempDir('postctl-fifo-'), 'pipe');
    execFileSync('mkfifo', [path]);
    return path;
  };
  it.each([
    ['-F x=@/dev/zero', () => ['-F', 'x=@/dev/zero'], /-F x: \/dev\/zero is a device, not a regular file/],
    ['-F x=@FIFO', () => ['-F', `x=@${fifo()}`], /-F x: .*pipe is a FIFO, not a regular file/],
    ['--input /dev/zero', () => ['--input', '/dev/zero'], /--input: \/dev\/zero is a device/],
    ['--input FIFO', () => ['--input', fifo()], /--input: .*pipe is a FIFO/],
    [
      '-F over the cap',
      () => {
        const path = join(tempDir(), 'big');
        writeFileSync(path, '');
        truncateSync(path, 17 * 1024 * 1024);
        return ['-F', `x=@${path}`];
      },
      /more than the 16777216/,
    ],
  ])('%s ends at once with exit 6, nothing sent', async (_name, args, message) => {
    const before = emu.state.log.length;
    const t0 = Date.now();
    const r = await emu.run(['request', 'POST', '/2/tweets', ...args(), '-o', 'json'], { timeoutMs: 15_000 });
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toMatch(message);
    expect(Date.now() - t0).toBeLessThan(6000);
    expect(emu.state.log.length).toBe(before);
  });

  it('a regular file part is still sent', async () => {
    const path = join(tempDir(), 'text');
    writeFileSync(path, 'hello\n');
    const r = await emu.run(['request', 'POST', '/2/tweets', '-F', `text=@${path}`, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
  });
});
