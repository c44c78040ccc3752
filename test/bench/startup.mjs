// Start-up benchmark: empty node, `postctl --version`, group help, one signed
// lookup against a local emulator (code cache warm; a first run with no cache, which compiles the
// script and writes its cache; the same through the ES modules), the floor script (bare undici), and the same signed call by Python
// peers (requests-oauthlib, tweepy) where installed. One hyperfine run per Node
// version (this process's Node, and Node 24 from BENCH_NODE24 or `npm exec
// --package=node@24`), ratios against the empty node script measured in that
// run, CPU time (user + system) next to wall time. Without hyperfine, an
// interleaved loop here (wall time only).
//
// BENCH_BASELINE_BIN=<other checkout>/bin/postctl.js adds that build's signed
// lookup with no cache (the old build's first run), to compare first runs; several
// builds separated by commas add a row each.
//
// BENCH_INSTRUCTIONS=<n> also counts the instructions each command executes under
// valgrind's callgrind (median of n runs, each after its prepare command): a figure
// the load of a shared machine does not move (a run still varies by a few million:
// V8's random hash seed, garbage collections). valgrind emulates no SHA extensions, so
// OpenSSL's SHA-256 (the code cache's digest) counts several times what it costs
// on a CPU that has them (~19M instructions instead of ~0.4 ms).
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
const PEERS = [
  ['python requests-oauthlib (signed)', 'requests_oauthlib', 'lookup_requests_oauthlib.py'],
  ['python tweepy (signed)', 'tweepy', 'lookup_tweepy.py'],
];
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
  return times.map((t) => ({ wall: median(t), cpu: undefined }));
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
    ...cases.flatMap(([, , prepare]) => ['--prepare', prepare ?? 'true']),
    ...cases.flatMap(([name, argv]) => ['-n', name, argv.map(quote).join(' ')]),
  ];
  const r = spawnSync('hyperfine', args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('hyperfine failed');
  return JSON.parse(readFileSync(out, 'utf8')).results.map((x) => ({ wall: x.median * 1000, cpu: (x.user + x.system) * 1000 }));
}

/** Node 24's executable: BENCH_NODE24, else the one `npm exec --package=node@24` runs; undefined if neither. */
function findNode24() {
  if (process.env.BENCH_NODE24) return process.env.BENCH_NODE24;
  const r = spawnSync('npm', ['exec', '--yes', '--package=node@24', '--', 'node', '-p', 'process.execPath'], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return r.status === 0 ? r.stdout.trim() : undefined;
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

/** The commands of one run on `node`; [name, argv, prepare command]. */
function startupCases(node, { empty, emptyCjs, floor, dir, lookup }) {
  // The first-run rows remove the code caches before every run: postctl's (in HOME/.cache) and, for a
  // baseline build that calls module.enableCompileCache() without a directory, Node's own in TMPDIR.
  const cache = join(dir, '.cache', 'postctl');
  const cases = [
    ['node empty.mjs', [node, empty]],
    // The launcher is CommonJS (bin/package.json): what an entry file that is no ES module saves.
    ['node empty.cjs', [node, emptyCjs]],
    ['postctl --version', [node, BIN, '--version']],
    ['postctl ads line-items --help', [node, BIN, 'ads', 'line-items', '--help']],
    ['postctl posts lookup (signed, cache warm)', [node, BIN, ...lookup]],
    [
      'postctl posts lookup (signed, first run: no cache)',
      [node, BIN, ...lookup],
      `rm -rf ${join(cache, 'code')} ${join(cache, 'compile')}`,
    ],
    // What a first run would cost through the ES modules instead (bin/code-cache.js says why it compiles
    // the script): POSTCTL_NO_CODE_CACHE=1 set by env(1), which adds its own exec (~1 ms).
    [
      'same, first run through the ES modules (POSTCTL_NO_CODE_CACHE=1)',
      ['env', 'POSTCTL_NO_CODE_CACHE=1', node, BIN, ...lookup],
      `rm -rf ${join(cache, 'code')} ${join(cache, 'compile')}`,
    ],
  ];
  // Any cache an older build keeps (postctl's own, or Node's compile cache in TMPDIR) is removed before each run.
  const noCache = `rm -rf ${join(cache, 'code')} ${join(cache, 'compile')} ${join(dir, 'node-compile-cache')}`;
  for (const bin of (process.env.BENCH_BASELINE_BIN ?? '').split(',').filter(Boolean))
    cases.push([`baseline build ${bin.split('/').at(-3)}: posts lookup (signed, no cache)`, [node, bin, ...lookup], noCache]);
  cases.push(['floor: node + lean undici, signed GET, no CLI', [node, floor]]);
  return cases;
}

/** The Python peers that can run here, and notes for those that cannot. */
function peerCases(notes) {
  const cases = [];
  for (const [name, module, file] of PEERS) {
    if (has(PYTHON, ['-c', `import ${module}`]))
      cases.push([
        name,
        [PYTHON, join(root, 'test/bench/peers', file), ...(module === 'tweepy' ? [] : [process.env.BENCH_PEER_PATH ?? '/2/tweets'])],
      ]);
    else notes.push(`${name}: skipped (${PYTHON} cannot import ${module}; apt-get install python3-${module.replace('_', '-')})`);
  }
  return cases;
}

/** Instructions (millions, median of `n` runs) of each command under callgrind, after two unmeasured runs, each after its prepare command. */
function instructions(cases, env, n) {
  return cases.map(([, argv, prepare]) => {
    for (let i = 0; i < 2; i++) spawnSync(argv[0], argv.slice(1), { env, stdio: 'ignore' });
    const counts = [];
    for (let i = 0; i < n; i++) {
      if (prepare) spawnSync('sh', ['-c', prepare], { env, stdio: 'ignore' });
      const r = spawnSync('valgrind', ['--tool=callgrind', '--callgrind-out-file=/dev/null', ...argv], {
        env,
        encoding: 'utf8',
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      const m = /Collected : (\d+)/.exec(r.stderr);
      if (m) counts.push(Number(m[1]) / 1e6);
    }
    return counts.length ? median(counts) : undefined;
  });
}

function measure(label, cases, env, runs, dir) {
  for (const [name, argv] of cases) {
    const r = spawnSync(argv[0], argv.slice(1), { env, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`${name} exited ${r.status}: ${r.stderr}`);
  }
  const tool = has('hyperfine', ['--version']) ? 'hyperfine' : 'an interleaved loop (hyperfine not installed)';
  const results = tool === 'hyperfine' ? viaHyperfine(cases, env, runs, dir) : loop(cases, env, runs);
  const counted =
    Number(process.env.BENCH_INSTRUCTIONS) > 0 && has('valgrind', ['--version'])
      ? instructions(cases, env, Number(process.env.BENCH_INSTRUCTIONS))
      : undefined;
  const base = results[0].wall;
  const load = loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
  console.log(`\nStart-up on ${label}: median of ${runs} runs by ${tool}, NODE_EXTRA_CA_CERTS unset, load average ${load}`);
  if (counted) console.log(`instructions: median of ${process.env.BENCH_INSTRUCTIONS} callgrind runs each`);
  console.table(
    cases.map(([name], k) => ({
      name,
      wall_ms: results[k].wall.toFixed(1),
      'cpu_ms (user+sys, mean)': results[k].cpu?.toFixed(1) ?? '-',
      ratio: (results[k].wall / base).toFixed(2),
      ...(counted && { 'instructions (M)': counted[k]?.toFixed(0) ?? '-', 'instr. ratio': ((counted[k] ?? NaN) / counted[0]).toFixed(2) }),
    })),
  );
  return results;
}

export async function main({ runs = Number(process.env.BENCH_RUNS ?? 25) } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'postctl-bench-'));
  const empty = join(dir, 'empty.mjs');
  writeFileSync(empty, '');
  const emptyCjs = join(dir, 'empty.cjs');
  writeFileSync(emptyCjs, '');
  const emu = await startEmulatorProcess();
  const env = cleanEnv({ HOME: dir, TMPDIR: dir, POSTCTL_CONFIG_DIR: dir, NO_COLOR: '1', ...emu.env });
  delete env.POSTCTL_CACHE_DIR;
  delete env.XDG_CACHE_HOME;
  const lookup = (process.env.BENCH_LOOKUP_ARGS ?? 'posts lookup 20 --auth user -o json').split(' ');
  const floor = await buildFloor(dir);
  const notes = [];
  const peers = peerCases(notes);
  const node24 = findNode24();
  if (!node24) notes.push('Node 24: skipped (set BENCH_NODE24 to its executable)');
  console.log(
    'goals: signed lookup (cache warm) ≤ the floor on Node 20 and below the python peers; ≤ 2.5× empty node on Node 24; first run no slower than the baseline build; group help ≤ 1.5×',
  );
  const all = [];
  try {
    for (const node of [process.execPath, node24].filter(Boolean)) {
      const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
      const cases = [...startupCases(node, { empty, emptyCjs, floor, dir, lookup }), ...peers];
      all.push(measure(`Node ${version}`, cases, env, runs, dir));
    }
  } finally {
    emu.stop();
  }
  for (const n of notes) console.log(n);
  return all;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
