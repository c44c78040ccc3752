// `catalogs upsert --resume`: killed with SIGKILL mid-run, then resumed, a run
// never resends a batch its state file records as confirmed (counted from the
// emulator's log); a finished run leaves a "done" marker so --resume sends
// nothing; the state discipline of audience uploads (a changed feed, stdin).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { product } from '../helpers/products.js';
import { fromRanges } from '../../src/bulk/state.js';

let emu: TestEmulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

async function setup(e: TestEmulator, n: number) {
  const catalog = (await e.run(['catalogs', 'create', 'Resumable shop', '-o', 'json'])).json().data.id as string;
  const feed = join(tempDir('postctl-resume-'), 'feed.jsonl');
  writeFileSync(feed, Array.from({ length: n }, (_, i) => JSON.stringify(product(i))).join('\n') + '\n');
  const args = ['catalogs', 'upsert', catalog, '--file', feed, '-o', 'jsonl', '--concurrency', '4', '--resume'];
  /** The batch (0-based) of each upsert request the emulator took, by its first product id. */
  const sentBatches = (from: number) =>
    e.state.log
      .slice(from)
      .filter((x) => x.method === 'PUT' && x.path.endsWith('/products'))
      .map((x) => Math.floor(Number(/"id":"sku-(\d+)"/.exec(x.body)![1]) / 25));
  return { catalog, feed, args, state: `${feed}.postctl-state.json`, sentBatches };
}

describe('catalogs upsert --resume', () => {
  it('killed with SIGKILL mid-run, then resumed: confirmed batches are not resent; every product lands', async () => {
    emu = await testEmulator();
    emu.state.faults.latencyMs = 30;
    const n = 5000;
    const { catalog, args, state, sentBatches } = await setup(emu, n);
    const since = emu.state.log.length;
    const first = await emu.run(args, {
      onSpawn: (child) => {
        const poll = setInterval(() => {
          const saved = existsSync(state) ? JSON.parse(readFileSync(state, 'utf8')) : undefined;
          if ((saved?.confirmed_count ?? 0) >= 40) {
            clearInterval(poll);
            child.kill('SIGKILL');
          }
        }, 2);
        child.on('close', () => clearInterval(poll));
      },
    });
    expect(first.signal).toBe('SIGKILL');
    await new Promise((r) => setTimeout(r, 150));
    const confirmed = fromRanges(JSON.parse(readFileSync(state, 'utf8')).confirmed);
    const before = sentBatches(since);
    const mark = emu.state.log.length;
    const second = await emu.run(args);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`resuming: ${confirmed.size} batches already confirmed`);
    const resent = sentBatches(mark);
    const again = resent.filter((b) => confirmed.has(b));
    console.log(
      `[resume] catalogs upsert 5,000 products / 200 batches: killed after ${before.length} requests with ${confirmed.size} batches confirmed in the state; the resumed run sent ${resent.length} requests, ${again.length} of them for confirmed batches`,
    );
    expect(again).toEqual([]);
    expect(resent).toHaveLength(200 - confirmed.size);
    const stored = emu.state.slice('catalogs', () => new Map()).get(catalog) as { products: Map<string, unknown> };
    expect(stored.products.size).toBe(n);
    expect(JSON.parse(readFileSync(state, 'utf8')).done).toBe(true);

    // A --resume after the finished run sends nothing and says so.
    const third = await emu.run(args);
    expect(third.code, third.stderr).toBe(0);
    expect(third.stderr).toContain('nothing to send: the run finished at');
    expect(JSON.parse(third.stdout)).toMatchObject({ sent: 0, already_done: true, state_file: state });
    expect(sentBatches(mark).length).toBe(resent.length);
  }, 60_000);

  it('a feed changed since the saved state: exit 2, nothing sent; stdin with --resume: exit 2', async () => {
    emu = await testEmulator();
    const { feed, args } = await setup(emu, 30);
    const r1 = await emu.run(args);
    expect(r1.code, r1.stderr).toBe(0);
    writeFileSync(feed, `${JSON.stringify(product(99))}\n`);
    const since = emu.state.log.length;
    const r2 = await emu.run(args);
    expect(r2.code).toBe(2);
    expect(r2.stderr).toContain('cannot resume: the input changed since the saved upload');
    const r3 = await emu.run(['catalogs', 'upsert', args[2]!, '--resume'], { input: `${JSON.stringify(product(1))}\n` });
    expect(r3.code).toBe(2);
    expect(r3.stderr).toContain('--resume and --state need a regular --file: stdin');
    expect(emu.state.log.length).toBe(since);
  });
});
