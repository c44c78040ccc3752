// `ads sync` benchmark (`node test/bench/sync.mjs` after a build): 100 accounts ×
// 30 days (2 campaigns each, ENGAGEMENT+BILLING, DAY) into a new DuckDB file, then
// the next day's incremental run (the 7-day restatement window) into the same file.
// The emulator runs in this process (its source bundled on the fly with esbuild,
// the accounts seeded by test/helpers/sync.ts); the CLI is a child on real
// sockets, its peak RSS read by test/helpers/peak-rss.cjs. Prints wall time and
// peak RSS of each run (docs/performance.md, "ads sync").
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'postctl-bench-sync-'));
const ACCOUNTS = Number(process.env.BENCH_SYNC_ACCOUNTS ?? 100);
const DAYS = Number(process.env.BENCH_SYNC_DAYS ?? 30);

const entry = join(dir, 'emu.mjs');
await build({
  absWorkingDir: root,
  stdin: {
    contents: "export { startEmulator } from './src/emulator/server.ts'; export { seedAccounts, nyDate } from './test/helpers/sync.ts';",
    resolveDir: root,
    loader: 'ts',
  },
  outfile: entry,
  bundle: true,
  format: 'esm',
  platform: 'node',
  external: ['vitest', '@duckdb/node-api', 'pg'],
  banner: { js: "import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);" },
  logLevel: 'warning',
});
const { startEmulator, seedAccounts, nyDate } = await import(pathToFileURL(entry).href);
const emu = await startEmulator({ port: 0 });
const ids = seedAccounts(emu.state, ACCOUNTS, 2, 'b');

function run(args) {
  const rss = join(dir, `rss-${Math.random().toString(36).slice(2)}`);
  const env = {
    ...process.env,
    ...emu.env(),
    POSTCTL_CONFIG_DIR: join(dir, 'config'),
    NODE_OPTIONS: `--require ${join(root, 'test/helpers/peak-rss.cjs')}`,
    POSTCTL_TEST_RSS_FILE: rss,
    NO_COLOR: '1',
  };
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [join(root, 'bin/postctl.js'), ...args], { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) => {
      const wall = performance.now() - t0;
      const [kb] = readFileSync(rss, 'utf8').split(' ').map(Number);
      resolve({ code, wall, rssMb: kb / 1024, out, err });
    });
  });
}

const db = join(dir, 'ads.duckdb');
const since = nyDate(Date.now(), -DAYS);
const args = ['ads', 'sync', '--into', db, '--accounts', ids.join(','), '--since', since, '-o', 'json'];
for (const [name, a] of [
  [`backfill: ${ACCOUNTS} accounts × ${DAYS} days`, args],
  ['next run (7-day restatement window)', args],
]) {
  const r = await run(a);
  if (r.code !== 0) {
    console.error(r.err);
    process.exitCode = 1;
    break;
  }
  const j = JSON.parse(r.out);
  console.log(
    `${name}: ${(r.wall / 1000).toFixed(1)} s, peak RSS ${r.rssMb.toFixed(0)} MB; ${j.inserted} inserted, ${j.updated} updated, ${j.unchanged} unchanged`,
  );
}
await emu.close();
rmSync(dir, { recursive: true, force: true });
