// Start-up benchmark: `postctl --version`, `postctl --help` and a signed
// request against a local emulator, each as a ratio to an empty `node` script
// measured in the same run (interleaved, median of N runs).
import { spawnSync } from 'node:child_process';
import { startEmulatorProcess } from '../../scripts/emulator-process.mjs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(root, 'bin/postctl.js');

function timeOnce(args, env) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

export async function main({ runs = 25 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'postctl-bench-'));
  const empty = join(dir, 'empty.mjs');
  writeFileSync(empty, '');
  const emu = await startEmulatorProcess();
  const baseEnv = { PATH: process.env.PATH, HOME: dir, POSTCTL_CONFIG_DIR: dir, NO_COLOR: '1' };
  const cases = {
    'node empty.mjs': [[empty], baseEnv],
    'postctl --version': [[BIN, '--version'], baseEnv],
    'postctl --help': [[BIN, '--help'], baseEnv],
    'postctl posts lookup (signed, emulator)': [[BIN, ...(process.env.BENCH_LOOKUP_ARGS ?? 'posts lookup 20 --auth user -o json').split(' ')], { ...baseEnv, ...emu.env }],
  };
  const times = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (const [, [args, env]] of Object.entries(cases)) timeOnce(args, env); // warm caches
  for (let i = 0; i < runs; i++) for (const [name, [args, env]] of Object.entries(cases)) times[name].push(timeOnce(args, env));
  emu.stop();
  const base = median(times['node empty.mjs']);
  const rows = Object.entries(times).map(([name, xs]) => ({ name, median_ms: median(xs).toFixed(1), ratio: (median(xs) / base).toFixed(2) }));
  console.log(`\nStart-up (median of ${runs} interleaved runs, Node ${process.version}); goals: --version/--help ≤ 1.25, signed lookup ≤ 2.0`);
  console.table(rows);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
