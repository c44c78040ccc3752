// Many-accounts benchmark (`npm run bench accounts`, or `node test/bench/accounts.mjs`):
// an agency's 300 ad accounts × 20 campaigns in the emulator (POST /_emulator/accounts),
// yesterday's campaign stats for every account with postctl's defaults
// (`ads stats --entity CAMPAIGN --active --range yesterday --accounts all`: 4 accounts at
// once, every placement, the user-level synchronous budget planned) side by side with a
// python loop over the same accounts doing the official Ads SDK's sequence
// (test/bench/peers/stats_accounts_sdk_sequence.py): as jobs (the SDK's sequence that
// finishes within the user-level limit of 250 synchronous requests per 15 minutes), and
// synchronously until its first 429. Each run gets an emulator of its own (a fresh rate-limit
// window, the same seed); wall time, and the requests the emulator logged by kind.
//
// BENCH_ACCOUNTS (default 300), BENCH_ACCOUNT_CAMPAIGNS (default 20). Jobs succeed at their
// first status request (--stats-job-polls 1), as in stats.mjs. Needs a build and python3
// (standard library only).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulatorProcess } from '../../scripts/emulator-process.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(root, 'bin/postctl.js');
const PEER = join(root, 'test/bench/peers/stats_accounts_sdk_sequence.py');
const GROUPS = 'ENGAGEMENT,BILLING';

/** Runs a child to its end: exit code, stdout lines (counted, not kept), stderr, wall ms. */
function run(cmd, args, env, cwd) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(cmd, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let lines = 0;
    let stderr = '';
    child.stdout.on('data', (d) => {
      for (let i = d.indexOf(10); i >= 0; i = d.indexOf(10, i + 1)) lines++;
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, lines, stderr, wall: performance.now() - t0 }));
  });
}

/** The emulator's log by kind of request. */
async function requestCounts(emu) {
  const res = await fetch(`${emu.env.POSTCTL_API_URL}/_emulator/log`);
  const log = (await res.json()).data;
  const kind = (e) => {
    if (e.api === 'download') return 'downloads';
    if (e.route === '/12/stats/accounts/:account_id') return 'sync';
    if (e.route === '/12/stats/jobs/accounts/:account_id') return e.method === 'POST' ? 'job creates' : 'job status';
    return 'other';
  };
  const counts = { total: log.length, sync: 0, 'job creates': 0, 'job status': 0, downloads: 0, other: 0, 429: 0 };
  for (const e of log) {
    counts[kind(e)]++;
    if (e.status === 429) counts[429]++;
  }
  return counts;
}

/** One contender against an emulator of its own holding the agency's accounts. */
async function measure(accounts, campaigns, go) {
  const emu = await startEmulatorProcess({ args: ['--stats-job-polls', '1'] });
  try {
    const res = await fetch(`${emu.env.POSTCTL_API_URL}/_emulator/accounts`, {
      method: 'POST',
      body: JSON.stringify({ count: accounts, campaigns }),
    });
    if (!res.ok) throw new Error(`seeding the accounts: ${res.status}`);
    const r = await go(emu.env);
    return { ...r, requests: await requestCounts(emu) };
  } finally {
    emu.stop();
  }
}

const fmt = (c) =>
  `${c.total} requests (${c.sync} synchronous, ${c['job creates']} job creates, ${c['job status']} job status, ${c.downloads} downloads, ${c.other} other; ${c[429]} × 429)`;

export async function main() {
  const accounts = Number(process.env.BENCH_ACCOUNTS ?? 300);
  const campaigns = Number(process.env.BENCH_ACCOUNT_CAMPAIGNS ?? 20);
  const dir = mkdtempSync(join(tmpdir(), 'postctl-bench-accounts-'));
  const base = { ...process.env, NO_COLOR: '1', POSTCTL_CONFIG_DIR: dir };
  for (const k of Object.keys(base)) if (k.startsWith('POSTCTL_STATS_')) delete base[k];
  try {
    console.log(`\nads stats --accounts all: ${accounts} accounts × ${campaigns} campaigns (+ the emulator's own 2), yesterday, ${GROUPS}`);
    const ours = await measure(accounts, campaigns, (env) =>
      run(
        process.execPath,
        [
          BIN,
          'ads',
          'stats',
          '--entity',
          'CAMPAIGN',
          '--active',
          '--range',
          'yesterday',
          '--accounts',
          'all',
          '--metric-groups',
          GROUPS,
          '-o',
          'csv',
        ],
        { ...base, ...env },
        dir,
      ),
    );
    if (ours.code !== 0) throw new Error(`postctl: exit ${ours.code}: ${ours.stderr.slice(-2000)}`);
    const plan = /^\d+ accounts? by synchronous.*$/m.exec(ours.stderr)?.[0] ?? '(no plan line)';
    const jobs = await measure(accounts, campaigns, (env) => run('python3', [PEER, 'job', GROUPS], { ...base, ...env }, dir));
    if (jobs.code !== 0) throw new Error(`python (jobs): exit ${jobs.code}: ${jobs.stderr.slice(-2000)}`);
    const sync = await measure(accounts, campaigns, (env) => run('python3', [PEER, 'sync', GROUPS], { ...base, ...env }, dir));
    console.log(`  postctl (defaults: 4 accounts at once): ${(ours.wall / 1000).toFixed(1)} s, ${ours.lines - 1} rows, exit ${ours.code}`);
    console.log(`    plan: ${plan}`);
    console.log(`    ${fmt(ours.requests)}`);
    console.log(`  python loop, the SDK's job sequence: ${(jobs.wall / 1000).toFixed(1)} s, ${jobs.lines} rows`);
    console.log(`    ${fmt(jobs.requests)}`);
    console.log(`    ratio postctl / python ${(ours.wall / jobs.wall).toFixed(2)}`);
    console.log(
      `  python loop, the SDK's synchronous sequence: exit ${sync.code} after ${(sync.wall / 1000).toFixed(1)} s: ${sync.stderr.trim().split('\n').at(-1)}`,
    );
    console.log(`    ${fmt(sync.requests)}`);
    console.log(`  load average ${loadavg()[0].toFixed(2)} on ${availableParallelism()} cores`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
