#!/usr/bin/env node
// Order independence, checked over a sample (CI runs it; the whole suite under
// --sequence.shuffle takes minutes): N random test files run with their tests
// shuffled, then M random tests each run alone with -t. The choice is seeded
// and printed, so a failure is reproduced with the same --seed.
//
//   node scripts/test-isolation.mjs [--files N] [--tests M] [--seed S]
//
// Needs a built dist/ (`npm run build`), like the CLI tests themselves.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = join(root, 'node_modules', 'vitest', 'vitest.mjs');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? Number(process.argv[i + 1]) : fallback;
}
const files = arg('files', 4);
const tests = arg('tests', 6);
const seed = arg('seed', Date.now() % 2 ** 31);

// mulberry32: a small seeded generator, so a run is repeatable from its seed.
let state = seed >>> 0;
function random() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list, n) => {
  const pool = [...list];
  const out = [];
  while (out.length < n && pool.length) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return out;
};

function testFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return testFiles(p);
    return e.name.endsWith('.test.ts') ? [relative(root, p)] : [];
  });
}

function vitestRun(args) {
  console.log(`$ vitest ${args.map((a) => (/[\s"'()|?*+[\]{}^$\\]/.test(a) ? JSON.stringify(a) : a)).join(' ')}`);
  return spawnSync(process.execPath, [vitest, ...args], { cwd: root, stdio: 'inherit' }).status === 0;
}

/** A -t pattern matching exactly this test's full name (describe blocks joined by ' > ' in the list, by a space in the matcher). */
function exactly(name) {
  const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return `^${name.split(' > ').map(esc).join('(?: > | )')}$`;
}

const all = testFiles(join(root, 'test')).sort();
console.log(`test-isolation: seed ${seed}, ${files} file(s) shuffled, ${tests} test(s) alone (of ${all.length} files)`);
const failures = [];

const shuffled = pick(all, files);
if (shuffled.length && !vitestRun(['run', '--sequence.shuffle', `--sequence.seed=${seed}`, ...shuffled]))
  failures.push(`shuffled: ${shuffled.join(' ')}`);

for (const file of pick(all, tests)) {
  const listed = spawnSync(process.execPath, [vitest, 'list', file, '--json'], { cwd: root, encoding: 'utf8' });
  const names = listed.status === 0 ? JSON.parse(listed.stdout).map((t) => t.name) : [];
  if (!names.length) {
    failures.push(`${file}: vitest list found no tests (${listed.stderr.trim().split('\n').pop()})`);
    continue;
  }
  const [name] = pick(names, 1);
  if (!vitestRun(['run', file, '-t', exactly(name)])) failures.push(`alone: ${file} -t ${JSON.stringify(name)}`);
}

if (failures.length) {
  console.error(`\ntest-isolation (seed ${seed}) failed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(`\ntest-isolation (seed ${seed}): all passed`);
