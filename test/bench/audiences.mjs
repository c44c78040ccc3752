// Audience upload benchmark (`npm run bench`, or `node test/bench/audiences.mjs`).
//
// Throughput: the whole pipeline (file → normalized → hashed → batched → sent
// to an emulator with no latency, counts checked, state recorded) over
// 1,000,000 emails, as a ratio to a bare read-and-hash loop over the same file
// in the same run (node:crypto createHash per line, the baseline; and the
// one-shot crypto.hash the pipeline uses, for reference). Every run is a child
// process timed from spawn to exit, interleaved, median of N. Goal: ≥ 0.7.
// CPU seconds (from /proc) are printed too, with the load average: on a shared
// machine the wall-clock ratio mostly measures the other load, and the CPU
// ratio (bare createHash CPU / the upload's CPU plus the emulator's) is the
// steadier figure. The emulator runs on the same cores, so it counts against
// the upload here; against the real API it would not.
//
// Memory: peak RSS (VmHWM, polled from /proc) of the upload of 1M and 10M
// lines. Goal: flat, under 200 MB. The 10M upload is paced by the API's
// 1,500 requests per minute like any real one (about 3 minutes); set
// BENCH_AUDIENCES_10M=0 to skip it.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { startEmulatorProcess } from '../../scripts/emulator-process.mjs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(root, 'bin/postctl.js');
const AUDIENCE = '1qz4s';

const BARE = `
import { createReadStream } from 'node:fs';
import * as crypto from 'node:crypto';
const oneShot = process.argv[3] === 'hash';
let carry = Buffer.alloc(0), n = 0, x = 0;
for await (const chunk of createReadStream(process.argv[2], { highWaterMark: 256 * 1024 })) {
  const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
  let s = 0;
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, s)) {
    const line = buf.toString('utf8', s, i);
    s = i + 1;
    n++;
    x += (oneShot ? crypto.hash('sha256', line, 'hex') : crypto.createHash('sha256').update(line).digest('hex')).length;
  }
  carry = buf.subarray(s);
}
process.stdout.write(String(n));
`;

async function writeEmails(path, count) {
  const out = createWriteStream(path);
  let chunk = '';
  for (let i = 0; i < count; i++) {
    // Mixed case and a domain spread, as exported from a CRM.
    chunk += `User.${i}@Example${i % 997}.com\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

async function startEmulator() {
  const emu = await startEmulatorProcess();
  // The request log keeps bodies: clear it now and then so a 10M run does not fill the emulator.
  const timer = setInterval(() => fetch(`${emu.env.POSTCTL_API_URL}/_emulator/log`, { method: 'DELETE' }).catch(() => undefined), 2000);
  return {
    env: emu.env,
    cpu: () => cpuOf(emu.pid) ?? 0,
    stop: () => {
      clearInterval(timer);
      return emu.stop();
    },
  };
}

/** CPU seconds (user + system) a process has used so far, from /proc (clock ticks of 1/100 s). */
function cpuOf(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return undefined;
  }
}

/** Runs a child; returns wall time, stdout, peak RSS (VmHWM) in MB and CPU seconds (last poll before exit). */
function timed(args, env) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let peak = 0;
    let cpu = 0;
    const poll = () => {
      cpu = cpuOf(child.pid) ?? cpu;
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) peak = Math.max(peak, Number(m[1]) / 1024);
      } catch {
        // gone already
      }
    };
    const timer = setInterval(poll, 25);
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      clearInterval(timer);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (code !== 0) reject(new Error(`${args.slice(0, 3).join(' ')} exited ${code}: ${stderr.slice(-500)}`));
      else resolve({ ms, stdout, peakMB: peak, cpu });
    });
    poll();
  });
}

async function upload(file, extraEnv = {}) {
  const emu = await startEmulator();
  try {
    const dir = mkdtempSync(join(tmpdir(), 'postctl-bench-cfg-'));
    const env = { PATH: process.env.PATH, HOME: dir, POSTCTL_CONFIG_DIR: dir, NO_COLOR: '1', ...emu.env, ...extraEnv };
    const emuBefore = emu.cpu();
    const r = await timed([BIN, 'audiences', 'upload', AUDIENCE, '--file', file, '--type', 'email', '-o', 'json'], env);
    const emuCpu = emu.cpu() - emuBefore;
    const summary = JSON.parse(r.stdout);
    rmSync(dir, { recursive: true, force: true });
    return { ...r, emuCpu, summary };
  } finally {
    emu.stop();
  }
}

const availableCores = () => availableParallelism();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function main({ runs = Number(process.env.BENCH_RUNS ?? 5) } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'postctl-bench-aud-'));
  try {
    const bare = join(dir, 'bare.mjs');
    writeFileSync(bare, BARE);
    const file1m = join(dir, 'emails-1m.txt');
    await writeEmails(file1m, 1_000_000);
    const env = { PATH: process.env.PATH };
    const t = {
      'bare createHash': [],
      'bare crypto.hash': [],
      'postctl upload (one thread)': [],
      'postctl upload (hash thread, default)': [],
    };
    const cpu = Object.fromEntries(Object.keys(t).map((k) => [k, []]));
    const emuCpu = { 'postctl upload (one thread)': [], 'postctl upload (hash thread, default)': [] };
    const loadBefore = loadavg()[0];
    const rss = { '1M': [] };
    await timed([bare, file1m], env); // warm the page cache
    for (let i = 0; i < runs; i++) {
      for (const [name, how] of [
        ['bare createHash', 'createHash'],
        ['bare crypto.hash', 'hash'],
      ]) {
        const r = await timed([bare, file1m, how], env);
        t[name].push(r.ms);
        cpu[name].push(r.cpu);
      }
      for (const [name, extra] of [
        ['postctl upload (one thread)', { POSTCTL_HASH_THREAD: '0' }],
        ['postctl upload (hash thread, default)', { POSTCTL_HASH_THREAD: '1' }],
      ]) {
        const r = await upload(file1m, extra);
        if (r.summary.accepted !== 1_000_000 || r.summary.failed !== 0) throw new Error(`upload incomplete: ${JSON.stringify(r.summary)}`);
        t[name].push(r.ms);
        cpu[name].push(r.cpu);
        emuCpu[name].push(r.emuCpu);
        if (name.includes('default')) rss['1M'].push(r.peakMB);
      }
    }
    const base = median(t['bare createHash']);
    const rows = Object.entries(t).map(([name, xs]) => ({
      name,
      median_ms: median(xs).toFixed(0),
      'lines/s': Math.round(1e6 / (median(xs) / 1000)).toLocaleString('en-US'),
      'throughput vs bare createHash': (base / median(xs)).toFixed(2),
      'vs bare crypto.hash': (median(t['bare crypto.hash']) / median(xs)).toFixed(2),
      'cpu s': median(cpu[name]).toFixed(2),
      'emulator cpu s': emuCpu[name] ? median(emuCpu[name]).toFixed(2) : '',
      // Wall-clock ratios depend on what else the machine runs; CPU seconds do much less.
      'cpu ratio vs createHash': (median(cpu['bare createHash']) / (median(cpu[name]) + (emuCpu[name] ? median(emuCpu[name]) : 0))).toFixed(
        2,
      ),
    }));
    console.log(
      `\nAudience upload pipeline, 1,000,000 emails (median of ${runs} interleaved runs, each a process timed spawn to exit, Node ${process.version}); goal ≥ 0.7 vs bare createHash`,
    );
    console.table(rows);
    console.log(
      `load average (1 min) before ${loadBefore.toFixed(2)}, after ${loadavg()[0].toFixed(2)} on ${availableCores()} cores: wall-clock ratios are only meaningful on an otherwise idle machine. 'cpu ratio' = bare createHash CPU / (postctl CPU + the emulator's CPU for that run).`,
    );

    const mem = [{ lines: '1,000,000', 'peak RSS MB': median(rss['1M']).toFixed(0) }];
    rmSync(file1m, { force: true });
    if (process.env.BENCH_AUDIENCES_10M !== '0') {
      const file10m = join(dir, 'emails-10m.txt');
      await writeEmails(file10m, 10_000_000);
      const r = await upload(file10m, { POSTCTL_HASH_THREAD: '1' });
      if (r.summary.accepted !== 10_000_000) throw new Error(`10M upload incomplete: ${JSON.stringify(r.summary)}`);
      mem.push({
        lines: '10,000,000',
        'peak RSS MB': r.peakMB.toFixed(0),
        note: `paced to 1,500 requests/min: ${(r.ms / 1000).toFixed(0)} s`,
      });
    }
    console.log('\nPeak RSS of the upload (VmHWM); goal: flat, under 200 MB');
    console.table(mem);
    return { rows, mem };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
