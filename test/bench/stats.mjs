// Analytics benchmark (`npm run bench`, or `node test/bench/stats.mjs`), postctl
// with its default settings side by side with a python client doing the official
// Ads SDK's sequence (test/bench/peers/stats_sdk_sequence.py: serial job creates,
// one poll a second, serial downloads; serial synchronous requests), both against
// the same local emulator, interleaved, median of BENCH_STATS_RUNS (default 3):
//
// - jobs: 1,000 line items × 90 days, DAY, ENGAGEMENT+BILLING (50 jobs), each job
//   taking BENCH_STATS_LATENCY_MS (default 3000) to succeed. Goal: ≤ 0.6× python.
// - sync: 100 line items × 7 days (5 requests). Goal: ≤ 1.0× python.
//   Each case also prints the requests each client sent (the emulator's log), by kind.
// - scale: 3,000 line items × 90 days (150 jobs, more than the 100 an account may
//   have processing): exit 0 and every row.
// - memory: one job file of more than 60 MB inflated (20 line items × 45 days
//   HOUR, METROS over 120 metros), served by a file host that closes each
//   connection: peak RSS of the CLI (goal < 150 MB). The emulator builds that file whole before its
//   first byte, which takes longer than the default --timeout of silence on a loaded machine: this
//   case alone gives --timeout 300.
//
// Needs a build (`npm run bench` builds first) and python3 (standard library only).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulatorProcess } from '../../scripts/emulator-process.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(root, 'bin/postctl.js');
const PEER = join(root, 'test/bench/peers/stats_sdk_sequence.py');
const PRELOAD = join(root, 'test/helpers/peak-rss.cjs');

/** Runs a child to its end: exit code, stdout lines (counted, not kept), stdout bytes, stderr, wall ms. */
function run(cmd, args, env, cwd) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let lines = 0;
    let bytes = 0;
    let stderr = '';
    child.stdout.on('data', (d) => {
      bytes += d.length;
      for (let i = d.indexOf(10); i >= 0; i = d.indexOf(10, i + 1)) lines++;
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, lines, bytes, stderr, wall: performance.now() - t0 }));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ids = (n) => Array.from({ length: n }, (_, i) => `l${i.toString(36).padStart(4, '0')}`).join('\n') + '\n';

/** The requests logged since the last call, counted by kind (creates, polls, downloads, stats, other reads). */
let seen = 0;
async function requestCounts(emu) {
  const res = await fetch(`${emu.env.POSTCTL_API_URL}/_emulator/log?since=${seen}`);
  const log = (await res.json()).data;
  const n = { total: 0, create: 0, poll: 0, download: 0, stats: 0, other: 0 };
  for (const e of log) {
    seen = Math.max(seen, e.seq);
    n.total++;
    if (e.api === 'download') n.download++;
    else if (e.path.includes('/stats/jobs/')) n[e.method === 'POST' ? 'create' : 'poll']++;
    else if (e.path.includes('/stats/')) n.stats++;
    else n.other++;
  }
  return n;
}
const describeCounts = (n) =>
  `${n.total} (${[n.create && `${n.create} creates`, n.poll && `${n.poll} polls`, n.download && `${n.download} downloads`, n.stats && `${n.stats} stats`, n.other && `${n.other} other reads`].filter(Boolean).join(', ')})`;

async function admin(emu, body) {
  const res = await fetch(`${emu.env.POSTCTL_API_URL}/_emulator/stats`, { method: 'POST', body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`emulator settings: ${res.status}`);
}

export async function main() {
  const latency = Number(process.env.BENCH_STATS_LATENCY_MS ?? 3000);
  const runs = Number(process.env.BENCH_STATS_RUNS ?? 3);
  const dir = mkdtempSync(join(tmpdir(), 'postctl-bench-stats-'));
  const emu = await startEmulatorProcess({ args: ['--stats-job-latency', String(latency), '--stats-job-polls', '1'] });
  const env = { ...process.env, ...emu.env, NO_COLOR: '1', POSTCTL_CONFIG_DIR: dir };
  for (const k of Object.keys(env)) if (k.startsWith('POSTCTL_STATS_')) delete env[k];
  const cli = (args, extra = {}) => run(process.execPath, [BIN, ...args], { ...env, ...extra }, dir);
  const py = (args) => run('python3', [PEER, ...args], env, dir);
  try {
    for (const n of [20, 100, 1000, 3000]) writeFileSync(join(dir, `ids${n}.txt`), ids(n));
    // The account's zone is America/New_York: its midnights in UTC, for the python client.
    const cases = [
      {
        name: `jobs: 1,000 line items × 90 days DAY, ENGAGEMENT+BILLING (50 jobs, job latency ${latency} ms)`,
        cli: ['--file', 'ids1000.txt', '--from', '2026-06-01', '--to', '2026-08-29', '--mode', 'job'],
        py: ['job', 'ids1000.txt', '2026-06-01T04:00:00Z', '2026-08-30T04:00:00Z', 'DAY', 'ENGAGEMENT,BILLING'],
        rows: 1000 * 90,
        goal: 0.6,
      },
      {
        name: 'sync: 100 line items × 7 days DAY, ENGAGEMENT+BILLING (5 requests)',
        cli: ['--file', 'ids100.txt', '--from', '2026-06-01', '--to', '2026-06-07', '--mode', 'sync'],
        py: ['sync', 'ids100.txt', '2026-06-01T04:00:00Z', '2026-06-08T04:00:00Z', 'DAY', 'ENGAGEMENT,BILLING'],
        rows: 100 * 7,
        goal: 1.0,
      },
    ];
    const common = ['ads', 'stats', '--entity', 'LINE_ITEM', '--granularity', 'DAY', '--metric-groups', 'ENGAGEMENT,BILLING', '-o', 'csv'];
    console.log(`\nads stats side by side with the SDK's sequence in python (median of ${runs}, interleaved)`);
    for (const c of cases) {
      const ours = [];
      const theirs = [];
      let counts;
      for (let i = 0; i < runs; i++) {
        await requestCounts(emu);
        const a = await cli([...common, ...c.cli]);
        if (a.code !== 0 || a.lines !== c.rows + 1) throw new Error(`postctl: exit ${a.code}, ${a.lines} lines: ${a.stderr}`);
        ours.push(a.wall);
        const ourCounts = await requestCounts(emu);
        const b = await py(c.py);
        if (b.code !== 0 || b.lines !== c.rows) throw new Error(`python: exit ${b.code}, ${b.lines} lines: ${b.stderr}`);
        theirs.push(b.wall);
        counts = [ourCounts, await requestCounts(emu)];
      }
      const ratio = median(ours) / median(theirs);
      console.log(`  ${c.name}`);
      console.log(
        `    postctl ${(median(ours) / 1000).toFixed(2)} s  python ${(median(theirs) / 1000).toFixed(2)} s  ratio ${ratio.toFixed(2)} (goal ≤ ${c.goal.toFixed(1)}) ${ratio <= c.goal ? 'ok' : 'OVER'}`,
      );
      console.log(`    requests: postctl ${describeCounts(counts[0])}; python ${describeCounts(counts[1])}`);
    }

    const scale = await cli([...common, '--file', 'ids3000.txt', '--from', '2026-06-01', '--to', '2026-08-29', '--mode', 'job']);
    console.log(
      `  scale: 3,000 line items × 90 days (150 jobs): exit ${scale.code}, ${scale.lines - 1} of ${3000 * 90} rows, ${(scale.wall / 1000).toFixed(1)} s`,
    );
    if (scale.code !== 0 || scale.lines !== 3000 * 90 + 1) throw new Error(`scale run failed: ${scale.stderr}`);

    await admin(emu, { metros: 120, downloadClose: true, jobLatencyMs: 0 });
    const rssFile = join(dir, 'rss');
    const big = await cli(
      [
        'ads',
        'stats',
        '--entity',
        'LINE_ITEM',
        '--file',
        'ids20.txt',
        '--from',
        '2026-06-01T00:00:00Z',
        '--to',
        '2026-07-16T00:00:00Z',
        '--granularity',
        'HOUR',
        '--metric-groups',
        'ENGAGEMENT',
        '--segment',
        'METROS',
        '--country',
        '96683cc9126741d1',
        '--mode',
        'job',
        '--timeout',
        '300',
        '-o',
        'json',
      ],
      { NODE_OPTIONS: `--require ${PRELOAD}`, POSTCTL_TEST_RSS_FILE: rssFile },
    );
    if (big.code !== 0) throw new Error(`large file run failed: ${big.stderr}`);
    const [rssKb, userUs, sysUs] = readFileSync(rssFile, 'utf8').split(' ').map(Number);
    console.log(
      `  memory: one job file of 20 ids × 120 metros × 1,080 hours (${(big.bytes / 1024 ** 2).toFixed(0)} MB of JSON out; a closing file host): peak RSS ${(rssKb / 1024).toFixed(0)} MB (goal < 150), CLI CPU ${((userUs + sysUs) / 1e6).toFixed(1)} s, ${(big.wall / 1000).toFixed(1)} s`,
    );
    console.log(`  load average ${loadavg()[0].toFixed(2)} on ${availableParallelism()} cores`);
  } finally {
    emu.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
