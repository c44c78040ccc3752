// Analytics benchmark: `postctl ads stats` for 1,000 line items × 90 days at
// HOUR granularity as jobs (50 jobs: 50 chunks of 20 ids, one 90-day window
// each), against an emulator whose jobs take a fixed time to succeed. The ideal
// is jobs ÷ concurrency × job latency (the jobs are the only wait); wall ÷ ideal
// says what polling, downloading 50 gzip files, merging and printing 2.16
// million CSV rows add. Peak RSS is the CLI's own (process.resourceUsage at exit).
//
// Needs a build (`npm run bench` builds first). Alone: `node test/bench/stats.mjs`;
// BENCH_STATS_LATENCY_MS (default 4000), BENCH_STATS_CONCURRENCY (default 10),
// BENCH_STATS_ENTITIES (default 1000) override the defaults.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulatorProcess } from '../../scripts/emulator-process.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(root, 'bin/postctl.js');
const PRELOAD = join(root, 'test/helpers/peak-rss.cjs');

export async function main() {
  const latency = Number(process.env.BENCH_STATS_LATENCY_MS ?? 4000);
  const concurrency = Number(process.env.BENCH_STATS_CONCURRENCY ?? 10);
  const entities = Number(process.env.BENCH_STATS_ENTITIES ?? 1000);
  const dir = mkdtempSync(join(tmpdir(), 'postctl-bench-stats-'));
  const ids = join(dir, 'ids.txt');
  writeFileSync(ids, Array.from({ length: entities }, (_, i) => `l${i.toString(36).padStart(4, '0')}`).join('\n') + '\n');
  const emu = await startEmulatorProcess({ args: ['--stats-job-latency', String(latency), '--stats-job-polls', '1'] });
  try {
    const rssFile = join(dir, 'rss');
    const args = ['ads', 'stats', '--entity', 'LINE_ITEM', '--file', ids, '--from', '2026-06-01T00:00:00Z', '--to', '2026-08-30T00:00:00Z'];
    args.push('--granularity', 'HOUR', '--metric-groups', 'ENGAGEMENT', '--mode', 'job', '--max-jobs', String(concurrency), '-o', 'csv');
    const env = {
      ...process.env,
      ...emu.env,
      NO_COLOR: '1',
      POSTCTL_CONFIG_DIR: dir,
      POSTCTL_STATS_POLL_MS: '250',
      POSTCTL_STATS_MAX_POLL_MS: '1000',
    };
    env.NODE_OPTIONS = `--require ${PRELOAD}`;
    env.POSTCTL_TEST_RSS_FILE = rssFile;
    const t0 = performance.now();
    const { code, rows, stderr } = await new Promise((resolve) => {
      const child = spawn(process.execPath, [BIN, ...args], { env, cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let rows = -1;
      let stderr = '';
      child.stdout.on('data', (d) => {
        for (let i = d.indexOf(10); i >= 0; i = d.indexOf(10, i + 1)) rows++;
      });
      child.stderr.on('data', (d) => (stderr += d));
      child.on('close', (code) => resolve({ code, rows, stderr }));
    });
    const wall = performance.now() - t0;
    if (code !== 0) throw new Error(`ads stats exited ${code}: ${stderr}`);
    const jobs = Math.ceil(entities / 20);
    const ideal = Math.ceil(jobs / concurrency) * latency;
    const [rssKb, userUs, sysUs] = readFileSync(rssFile, 'utf8').split(' ').map(Number);
    const rss = rssKb / 1024;
    const cpu = (userUs + sysUs) / 1e6;
    console.log(
      `\nads stats: ${entities} line items × 90 days HOUR via jobs (${jobs} jobs, ${concurrency} in flight, job latency ${latency} ms)`,
    );
    console.log(
      `  rows ${rows}  wall ${(wall / 1000).toFixed(1)} s  ideal ${(ideal / 1000).toFixed(1)} s  wall/ideal ${(wall / ideal).toFixed(2)}  peak RSS ${rss.toFixed(0)} MB`,
    );
    console.log(`  CLI CPU ${cpu.toFixed(1)} s (user+system)  load average ${loadavg()[0].toFixed(2)} on ${availableParallelism()} cores`);
    console.log(
      `  ${stderr
        .trim()
        .split('\n')
        .filter((l) => /jobs created/.test(l))
        .join(' ')}`,
    );
  } finally {
    emu.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
