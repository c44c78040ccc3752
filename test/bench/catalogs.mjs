// Product upsert benchmark: `postctl catalogs upsert` on generated feeds of
// 10,000 and 100,000 products against an emulator with a fixed latency per
// request. Wall time is compared with the ideal measured in the same run —
// requests × emulator latency ÷ concurrency — and peak RSS (VmHWM) is read
// from /proc while the CLI runs. Goals: within 15% of ideal; RSS flat.
//
// The default latency (50 ms) is low for a real API but keeps the 100k run
// under a minute; every request also pays a few ms of CPU in the CLI and the
// emulator that the ideal leaves out, which is why the ratio shrinks as the
// latency grows (overhead column: ms per request beyond the ideal, per lane).
//
// Because that CPU competes with whatever else runs on the machine, the same
// run also measures a floor: a minimal client (pre-built bodies, OAuth 1.0a
// signing, `concurrency` lanes, no validation, no output) sending the same
// requests to the same emulator. send/floor is what postctl itself adds; CPU
// ms per request (the CLI's user+system time while sending) and the load
// average say how busy the machine was.
//
// Needs a build (`npm run bench` builds first). Run alone with
// `node test/bench/catalogs.mjs`; BENCH_LATENCY_MS, BENCH_CONCURRENCY,
// BENCH_SIZES (comma list) and BENCH_PASSES (create,no-change: the second
// upload of the same feed, all NO_CHANGE; by default only for the first size)
// override the defaults.
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { once } from 'node:events';
import { startEmulatorProcess } from '../../scripts/emulator-process.mjs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BIN = join(root, 'bin/postctl.js');
const BATCH = 25;
const require = createRequire(import.meta.url);
const OAuth = require('oauth-1.0a');
// undici's request API over a keep-alive pool (what the CLI uses too): lighter than fetch.
const { Agent, request } = require('undici');

function product(n) {
  return {
    id: `sku-${n}`,
    title: `Product ${n}`,
    description: `A fine product, number ${n}, with a description of ordinary length for a shop.`,
    availability: 'in stock',
    condition: 'new',
    price: `${10 + (n % 90)}.99 USD`,
    link: `https://shop.example/p/${n}`,
    image_link: `https://cdn.example/i/${n}.jpg`,
    brand: 'Acme',
    inventory: 1 + (n % 7),
    product_type: 'Home > Kitchen',
  };
}

const navigatorCpus = () => availableParallelism();

async function writeFeed(path, count) {
  const out = createWriteStream(path);
  for (let n = 1; n <= count; n++) {
    if (!out.write(JSON.stringify(product(n)) + '\n')) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/**
 * The floor: the same PUTs (products `from`..`from+count-1`, 25 a request) sent by
 * a minimal client with `concurrency` lanes to the same emulator. Returns wall ms.
 */
async function floor(vars, catalogId, from, count, concurrency) {
  const oauth = OAuth({
    consumer: { key: vars.POSTCTL_CONSUMER_KEY, secret: vars.POSTCTL_CONSUMER_SECRET },
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
  });
  const token = { key: vars.POSTCTL_ACCESS_TOKEN, secret: vars.POSTCTL_ACCESS_TOKEN_SECRET };
  const url = `${vars.POSTCTL_ADS_URL}/12/product_catalogs/${catalogId}/products`;
  const bodies = [];
  for (let n = from; n < from + count; n += BATCH) {
    bodies.push(JSON.stringify({ products: Array.from({ length: Math.min(BATCH, from + count - n) }, (_, k) => product(n + k)) }));
  }
  let next = 0;
  const dispatcher = new Agent({ connections: concurrency });
  const t0 = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++];
        const auth = oauth.toHeader(oauth.authorize({ url, method: 'PUT', data: {}, nonce: randomBytes(16).toString('hex') }, token));
        const res = await request(url, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body, dispatcher });
        if (res.statusCode !== 200) throw new Error(`floor: PUT answered ${res.statusCode}: ${await res.body.text()}`);
        await res.body.json();
      }
    }),
  );
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  await dispatcher.close();
  return ms;
}

/** Runs the CLI, returning wall ms, peak RSS in MB (Linux), CPU ms (user+system, Linux) and stderr. */
function measure(args, env) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, [BIN, ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    let hwmKb = 0;
    let cpuTicks = 0;
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    const poll = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) hwmKb = Math.max(hwmKb, Number(m[1]));
        // utime and stime (fields 14 and 15), in clock ticks (100 a second on Linux).
        const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
        cpuTicks = Math.max(cpuTicks, Number(stat[11]) + Number(stat[12]));
      } catch {
        // exited, or no /proc
      }
    }, 5);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(poll);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (code !== 0) reject(new Error(`postctl ${args.join(' ')} exited ${code}:\n${stderr}`));
      else resolve({ ms, rssMb: hwmKb ? hwmKb / 1024 : undefined, cpuMs: cpuTicks ? cpuTicks * 10 : undefined, stderr });
    });
  });
}

export async function main({
  sizes = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number),
  latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 50),
  concurrency = Number(process.env.BENCH_CONCURRENCY ?? 4),
  passes = process.env.BENCH_PASSES?.split(','),
} = {}) {
  if (!existsSync(join(root, 'dist/cli.js'))) throw new Error('build first: npm run build');
  const dir = mkdtempSync(join(tmpdir(), 'postctl-bench-catalogs-'));
  const baseEnv = { PATH: process.env.PATH, HOME: dir, POSTCTL_CONFIG_DIR: dir, NO_COLOR: '1' };
  const rows = [];
  try {
    // Fixed cost of any run, for reference: start-up of the CLI itself (median of 5).
    const starts = [];
    for (let i = 0; i < 5; i++) starts.push((await measure(['--version'], baseEnv)).ms);
    const startup = starts.sort((a, b) => a - b)[2];
    for (const [sizeIndex, size] of sizes.entries()) {
      const feed = join(dir, `feed-${size}.jsonl`);
      await writeFeed(feed, size);
      // A fresh emulator per size: its own catalog, rate-limit windows and request log.
      const emu = await startEmulatorProcess({ args: ['--latency', String(latencyMs)], env: baseEnv });
      try {
        const env = { ...baseEnv, ...emu.env };
        const created = await new Promise((resolve, reject) => {
          const c = spawn(process.execPath, [BIN, 'catalogs', 'create', 'Bench', '-o', 'json'], {
            env,
            stdio: ['ignore', 'pipe', 'ignore'],
          });
          let out = '';
          c.stdout.on('data', (d) => (out += d));
          c.on('close', (code) => (code === 0 ? resolve(JSON.parse(out).data.id) : reject(new Error(`catalogs create exited ${code}`))));
        });
        const requests = Math.ceil(size / BATCH);
        const idealMs = (requests * latencyMs) / concurrency;
        // The floor sends other products (ids above the feed's), so the CLI's passes keep their statuses.
        const floorMs = await floor(emu.env, created, size + 1, size, concurrency);
        for (const pass of passes ?? (sizeIndex === 0 ? ['create', 'no-change'] : ['create'])) {
          const load = loadavg()[0];
          const r = await measure(
            ['catalogs', 'upsert', created, '--file', feed, '-o', 'jsonl', '--concurrency', String(concurrency)],
            env,
          );
          const summary = /sent in (\d+) requests? \((\d+) retries\) in ([\d.]+) s: (.*)$/m.exec(r.stderr);
          if (!summary || Number(summary[1]) !== requests) throw new Error(`unexpected summary: ${r.stderr}`);
          const sendMs = Number(summary[3]) * 1000;
          rows.push({
            products: size,
            pass,
            requests,
            'ideal s': (idealMs / 1000).toFixed(2),
            'wall s': (r.ms / 1000).toFixed(2),
            'wall/ideal': (r.ms / idealMs).toFixed(3),
            'send s': (sendMs / 1000).toFixed(2),
            'send/ideal': (sendMs / idealMs).toFixed(3),
            'overhead ms/req': ((sendMs - idealMs) / (requests / concurrency)).toFixed(1),
            'floor s': (floorMs / 1000).toFixed(2),
            'send/floor': (sendMs / floorMs).toFixed(3),
            'CLI CPU ms/req': r.cpuMs ? (r.cpuMs / requests).toFixed(1) : 'n/a',
            load: load.toFixed(1),
            'peak RSS MB': r.rssMb ? r.rssMb.toFixed(1) : 'n/a',
            statuses: summary[4]
              .split(', ')
              .filter((s) => !s.startsWith('0 '))
              .join(', '),
          });
        }
      } finally {
        emu.stop();
      }
    }
    console.log(
      `\nProduct upsert (emulator latency ${latencyMs} ms, concurrency ${concurrency}, batches of ${BATCH}, Node ${process.version}); ideal = requests × latency ÷ concurrency`,
    );
    console.log(
      `goals: wall/ideal ≤ 1.15; peak RSS flat from 10k to 100k. CLI start-up alone: ${(startup / 1000).toFixed(2)} s (part of every wall time)`,
    );
    console.log(
      `floor: a minimal client sending the same number of requests to the same emulator in this run; load: 1-minute load average before the pass (${navigatorCpus()} CPUs)`,
    );
    console.table(rows);
    const rss = (n) => rows.filter((r) => r.products === n && r['peak RSS MB'] !== 'n/a').map((r) => Number(r['peak RSS MB']));
    if (sizes.length >= 2) {
      const [a, b] = [sizes[0], sizes[sizes.length - 1]];
      const ra = Math.max(...rss(a));
      const rb = Math.max(...rss(b));
      if (Number.isFinite(ra) && Number.isFinite(rb))
        console.log(
          `peak RSS ${b.toLocaleString('en-US')} vs ${a.toLocaleString('en-US')} products: ${rb.toFixed(1)} MB / ${ra.toFixed(1)} MB = ${(rb / ra).toFixed(2)}`,
        );
    }
    return rows;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await main();
}
