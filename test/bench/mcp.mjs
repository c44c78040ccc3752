// MCP tool-call benchmark (`npm run bench mcp`, or `node test/bench/mcp.mjs`): `postctl mcp` driven by the
// official SDK client over stdio against a local emulator, beside the same verb run as a CLI process.
//
// - 50 sequential `users_me` calls through one server, against 50 runs of `postctl users me -o json` (one
//   process each). Goal: a call ≤ 0.3× a CLI run (medians; the server's first call, which loads the verb's
//   modules, is reported apart).
// - 10 `users_me` calls sent at once to a server with --max-concurrent N (4, the default): their wall time
//   (median of 5 bursts) against one call's time (median of 10 in a row) × 10 / N. Goal ≤ 1.5×. Measured twice: as the emulator answers (a few ms a
//   call, so the figure is mostly the server's own overhead), and with BENCH_MCP_LATENCY_MS (default 100) of
//   latency on every request, where the calls' overlap is what counts.
//
// BENCH_MCP_BASELINE_BIN=<other checkout>/bin/postctl.js adds the same rows for that build's server (e.g. one
// that ran each call as a child process). BENCH_MCP_RUNS (default 50) sets the sequential count.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startEmulatorProcess } from '../../scripts/emulator-process.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(root, 'bin/postctl.js');
const RUNS = Number(process.env.BENCH_MCP_RUNS ?? 50);
const LATENCY = Number(process.env.BENCH_MCP_LATENCY_MS ?? 100);
const N = 4;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const sum = (xs) => xs.reduce((a, b) => a + b, 0);

function cliRun(bin, env) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [bin, 'users', 'me', '-o', 'json'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('close', (code) =>
      code === 0 ? resolve(performance.now() - t0) : reject(new Error(`postctl users me exited ${code}: ${err}`)),
    );
  });
}

async function server(bin, env) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [bin, 'mcp', '--tools', 'users_me', '--max-concurrent', String(N)],
    env,
    stderr: 'ignore',
  });
  const client = new Client({ name: 'postctl-bench', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

async function timedCall(client) {
  const t0 = performance.now();
  const r = await client.callTool({ name: 'users_me', arguments: {} });
  if (r.isError) throw new Error(`users_me failed: ${JSON.stringify(r.content)}`);
  return performance.now() - t0;
}

async function latency(emu, ms) {
  const res = await fetch(`${emu.env.POSTCTL_API_URL}/_emulator/faults`, { method: 'POST', body: JSON.stringify({ latencyMs: ms }) });
  if (!res.ok) throw new Error(`emulator faults: ${res.status}`);
}

/** One build's rows: sequential calls against CLI runs, then 10 at once (as is, and with latency). */
async function measure(label, bin, env, emu) {
  const cli = [];
  for (let i = 0; i < RUNS; i++) cli.push(await cliRun(bin, env));
  const client = await server(bin, env);
  try {
    const first = await timedCall(client);
    const calls = [];
    for (let i = 0; i < RUNS; i++) calls.push(await timedCall(client));
    const burst = async () => {
      // One call's time under the same conditions: the median of 10 in a row.
      const xs = [];
      for (let i = 0; i < 10; i++) xs.push(await timedCall(client));
      const one = median(xs);
      // The median of 5 bursts: one burst lasts a fraction of a second, which the machine's other load moves.
      const walls = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        await Promise.all(Array.from({ length: 10 }, () => timedCall(client)));
        walls.push(performance.now() - t0);
      }
      const wall = median(walls);
      return { one, wall, ratio: wall / ((one * 10) / N) };
    };
    const plain = await burst();
    await latency(emu, LATENCY);
    const slow = await burst();
    await latency(emu, 0);
    const rows = [
      { build: label, what: `${RUNS} × postctl users me (CLI process each)`, total_ms: sum(cli), median_ms: median(cli), ratio: '' },
      { build: label, what: 'MCP users_me: first call', total_ms: first, median_ms: first, ratio: '' },
      {
        build: label,
        what: `${RUNS} × MCP users_me, sequential`,
        total_ms: sum(calls),
        median_ms: median(calls),
        ratio: `${(median(calls) / median(cli)).toFixed(3)}× a CLI run (goal ≤ 0.3)`,
      },
      {
        build: label,
        what: `10 × MCP users_me at once (N=${N}), median of 5`,
        total_ms: plain.wall,
        median_ms: plain.one,
        ratio: `${plain.ratio.toFixed(2)}× one call × 10/N (goal ≤ 1.5)`,
      },
      {
        build: label,
        what: `same, ${LATENCY} ms latency a request`,
        total_ms: slow.wall,
        median_ms: slow.one,
        ratio: `${slow.ratio.toFixed(2)}× one call × 10/N (goal ≤ 1.5)`,
      },
    ];
    return rows.map((r) => ({ ...r, total_ms: r.total_ms.toFixed(0), median_ms: r.median_ms.toFixed(1) }));
  } finally {
    await client.close();
  }
}

export async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'postctl-bench-mcp-'));
  const emu = await startEmulatorProcess();
  const env = { ...process.env, HOME: dir, TMPDIR: dir, POSTCTL_CONFIG_DIR: dir, NO_COLOR: '1', ...emu.env };
  delete env.NODE_EXTRA_CA_CERTS;
  const rows = [];
  try {
    for (const [label, bin] of [
      ['this build', BIN],
      ...(process.env.BENCH_MCP_BASELINE_BIN ?? '')
        .split(',')
        .filter(Boolean)
        .map((b) => [`baseline ${b}`, b]),
    ])
      rows.push(...(await measure(label, bin, env, emu)));
  } finally {
    emu.stop();
  }
  const load = loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
  console.log(`\nMCP tool calls against CLI runs (Node ${process.version}, load average ${load})`);
  console.table(rows);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
