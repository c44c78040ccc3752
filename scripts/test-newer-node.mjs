#!/usr/bin/env node
// The suite on a newer Node line (CI: Node 24 and Node 26, after the whole suite on Node 20).
//
//   node scripts/test-newer-node.mjs <major> <part>/<parts>
//
// What differs between Node lines is the runtime under the CLI: start-up, the code cache, signals,
// terminals, sockets, streams and the native modules. So each newer line runs every end-to-end file (the
// test files that start a process: they are what the runtime can break) and one part of the in-process
// files, split by name so the parts of the two lines are complementary: with 24 running 1/2 and 26 running
// 2/2, every test file runs on Node 20 and on at least one newer line, at half the cost of running the
// whole suite on both. The sweeps (vitest.config.ts SWEEPS) check what the tree declares and run on
// Node 20 only. The Node binary comes from the npm `node` package (npm exec), so nothing is installed by hand.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const [major, split = '1/1'] = process.argv.slice(2);
const [part, parts] = split.split('/').map(Number);
if (!/^\d+$/.test(major ?? '') || !(part >= 1 && part <= parts)) {
  console.error('usage: node scripts/test-newer-node.mjs <major> <part>/<parts>');
  process.exit(2);
}

function testFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...testFiles(p));
    else if (e.name.endsWith('.test.ts')) out.push(relative(root, p));
  }
  return out;
}

/** A file that starts a process (test/helpers/cli.ts spawnCli, or child_process directly). */
const START = /\bspawnCli\b|\bspawn(?:Sync)?\(|\bexecFile(?:Sync)?\(/;
const all = testFiles(join(root, 'test')).sort();
const endToEnd = all.filter((f) => START.test(readFileSync(join(root, f), 'utf8')));
const inProcess = all.filter((f) => !endToEnd.includes(f)).filter((_, i) => i % parts === part - 1);
const files = [...endToEnd, ...inProcess];
console.error(`Node ${major}: ${endToEnd.length} end-to-end files and part ${split} of the in-process ones (${inProcess.length})`);

const run = spawnSync(
  'npm',
  ['exec', '--yes', `--package=node@${major}`, '--', 'node', join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', ...files],
  { cwd: root, stdio: 'inherit', env: { ...process.env, POSTCTL_TEST_SWEEPS: 'off' } },
);
process.exit(run.status ?? 1);
