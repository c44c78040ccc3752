// One compiled-code cache for the whole run (bin/code-cache.js). Every CLI run of the tests has its own config
// and cache directory, so each would start without a cache — the slow path, then the compile — and most of the
// suite's time is spent starting the CLI. The helpers (test/helpers/cli.ts) point POSTCTL_CODE_CACHE_DIR of
// their runs here, warmed once before the tests (both API scripts); the tests of the cache itself set their own directories.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startEmulator } from '../src/emulator/server.js';
import { fakedTime } from './helpers/cli.js';

const run = promisify(execFile);
const BIN = fileURLToPath(new URL('../bin/postctl.js', import.meta.url));

export async function setup(): Promise<() => void> {
  // Every directory the tests make (tempDir, mkdtemp under tmpdir()) goes under one folder of this run, removed
  // at the end: a run makes some 15,000 of them, and left in /tmp they slow every later mkdtemp and readdir
  // there. The workers inherit TMPDIR; the CLI runs get the clean environment of test/helpers/cli.ts.
  const root = mkdtempSync(join(tmpdir(), 'postctl-suite-'));
  process.env.TMPDIR = root;
  const dir = mkdtempSync(join(root, 'postctl-code-cache-')); // 0700, as the launcher requires
  // Read by the helpers in the test workers, which inherit this process's environment.
  process.env.POSTCTL_TEST_CODE_CACHE = dir;
  // The first run compiles the script and writes its cache (bin/code-cache.js).
  const emu = await startEmulator({ port: 0 });
  const home = mkdtempSync(join(root, 'postctl-warm-'));
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: home,
    POSTCTL_CONFIG_DIR: home,
    POSTCTL_CODE_CACHE_DIR: dir,
    ...emu.env(),
    ...fakedTime(),
  };
  try {
    // Asynchronously: the emulator answers from this process. One verb per API script (scripts/build.mjs).
    for (const argv of [
      ['posts', 'lookup', '20', '--auth', 'user', '-o', 'json'],
      ['ads', 'accounts', 'list', '-o', 'json'],
    ])
      await run(process.execPath, [BIN, ...argv], { env });
  } finally {
    await emu.close();
    rmSync(home, { recursive: true, force: true });
  }
  return () => rmSync(root, { recursive: true, force: true });
}
