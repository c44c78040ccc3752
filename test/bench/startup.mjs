// Start-up benchmark: empty node, `postctl --version`, group help, and one
// signed lookup against a local emulator, with a Python requests-oauthlib
// script making the same signed call as a peer. One hyperfine run (interleaved
// by hyperfine's own warm-up and repetition), ratios against the empty node
// script measured in that run. Without hyperfine, an interleaved loop here.
//
// NODE_EXTRA_CA_CERTS is unset for every command: these machines set it, and
// Node 20 then parses a CA bundle in every process (~30 ms), which hides the
// differences being measured.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { startEmulatorProcess } from '../../scripts/emulator-process.mjs';
import { llhttpWasmFiles, undiciPlugins } from '../../scripts/undici-lean.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(root, 'bin/postctl.js');
const PEER = join(root, 'test/bench/peers/lookup_requests_oauthlib.py');
const PYTHON = process.env.BENCH_PYTHON ?? '/usr/bin/python3';

const has = (cmd, args) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const quote = (s) => (/^[\w./=:-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

function cleanEnv(extra) {
  const env = { ...process.env, ...extra };
  delete env.NODE_EXTRA_CA_CERTS;
  return env;
}

/** Interleaved fallback when hyperfine is absent: median wall time of each command. */
function loop(cases, env, runs) {
  const times = cases.map(() => []);
  for (let i = 0; i <= runs; i++) {
    cases.forEach(([, argv], k) => {
      const t0 = process.hrtime.bigint();
      const r = spawnSync(argv[0], argv.slice(1), { env, stdio: 'ignore' });
      if (r.status !== 0) throw new Error(`${argv.join(' ')} exited ${r.status}`);
      if (i > 0) times[k].push(Number(process.hrtime.bigint() - t0) / 1e6); // run 0 warms caches
    });
  }
  return times.map(median);
}

function viaHyperfine(cases, env, runs, dir) {
  const out = join(dir, 'hyperfine.json');
  const args = [
    '-N',
    '--warmup',
    '3',
    '--runs',
    String(runs),
    '--export-json',
    out,
    ...cases.flatMap(([name, argv]) => ['-n', name, argv.map(quote).join(' ')]),
  ];
  const r = spawnSync('hyperfine', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('hyperfine failed');
  return JSON.parse(readFileSync(out, 'utf8')).results.map((x) => x.median * 1000);
}

/** Bundles the floor script (test/bench/floor/) the way the build bundles undici; returns its path. */
async function buildFloor(dir) {
  const outfile = join(dir, 'floor', 'lookup-undici.mjs');
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['test/bench/floor/lookup-undici.mjs'],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.18',
    minifySyntax: true,
    minifyWhitespace: true,
    metafile: true,
    banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
    logLevel: 'warning',
    plugins: undiciPlugins,
  });
  for (const { path, bytes } of llhttpWasmFiles(result.metafile, root)) writeFileSync(path, bytes);
  return outfile;
}

export async function main({ runs = Number(process.env.BENCH_RUNS ?? 25) } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'postctl-bench-'));
  const empty = join(dir, 'empty.mjs');
  writeFileSync(empty, '');
  const emu = await startEmulatorProcess();
  const env = cleanEnv({ HOME: dir, POSTCTL_CONFIG_DIR: dir, NO_COLOR: '1', ...emu.env });
  const node = process.execPath;
  const lookup = (process.env.BENCH_LOOKUP_ARGS ?? 'posts lookup 20 --auth user -o json').split(' ');
  const cases = [
    ['node empty.mjs', [node, empty]],
    ['postctl --version', [node, BIN, '--version']],
    ['postctl ads line-items --help', [node, BIN, 'ads', 'line-items', '--help']],
    ['postctl posts lookup (signed)', [node, BIN, ...lookup]],
    ['floor: node + lean undici, signed GET, no CLI', [node, await buildFloor(dir)]],
  ];
  const notes = [];
  if (has(PYTHON, ['-c', 'import requests_oauthlib']))
    cases.push(['python requests-oauthlib (signed)', [PYTHON, PEER, process.env.BENCH_PEER_PATH ?? '/2/tweets']]);
  else
    notes.push(`python requests-oauthlib: skipped (${PYTHON} cannot import requests_oauthlib; apt-get install python3-requests-oauthlib)`);
  for (const [name, argv] of cases) {
    const r = spawnSync(argv[0], argv.slice(1), { env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${name} exited ${r.status}: ${r.stderr}`);
  }
  const tool = has('hyperfine', ['--version']) ? 'hyperfine' : 'an interleaved loop (hyperfine not installed)';
  const medians = tool === 'hyperfine' ? viaHyperfine(cases, env, runs, dir) : loop(cases, env, runs);
  emu.stop();
  const base = medians[0];
  console.log(
    `\nStart-up: median of ${runs} runs by ${tool}, Node ${process.version}, NODE_EXTRA_CA_CERTS unset, load average ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  console.log('goals: signed lookup ≤ 2.5× empty node and faster than the python peer; group help ≤ 1.5×');
  console.table(cases.map(([name], k) => ({ name, median_ms: medians[k].toFixed(1), ratio: (medians[k] / base).toFixed(2) })));
  for (const n of notes) console.log(n);
  return medians;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
