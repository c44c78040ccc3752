// Crash safety (issue 10): an audiences upload killed with SIGKILL at seeded
// points (counted in batches the emulator has received) and resumed with
// --resume until done ends with the emulator holding exactly the input, and a
// batch the state file records as confirmed is never sent again. Config:
// parallel processes caching bearer tokens and setting values in one file at
// once lose nothing, and leave valid JSON with mode 0600.
import { slowConfigWrites } from '../helpers/cli.js';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { audienceStore, Received, type DigestStore } from '../../src/emulator/routes/audiences.js';
import { seededRandom } from '../../src/emulator/random.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { fromRanges } from '../../src/bulk/state.js';

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

let emu: TestEmulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

const usersKey = (users: unknown): string => sha(JSON.stringify(users));
const bodyKey = (body: string): string =>
  usersKey((JSON.parse(body) as Array<{ params: { users: unknown[] } }>).flatMap((op) => op.params.users));

describe('audiences upload under kill -9', () => {
  it('seeded kills, then --resume until done: exactly the input arrives; no batch recorded as confirmed is sent again', async () => {
    emu = await testEmulator();
    const id = 'hcrash1';
    const received = new Received();
    audienceStore(emu.state).audiences.set(id, { id, name: 'crash', owner: EMU_ACCOUNT, received, permissions: [], targeted: [] });
    const n = 6000;
    const size = 50;
    const batches = n / size;
    const emails = Array.from({ length: n }, (_, i) => `Crash.${i}@Example.net`);
    const file = join(tempDir('postctl-crash-'), 'emails.txt');
    writeFileSync(file, emails.join('\n') + '\n');
    const stateFile = `${file}.postctl-state.json`;
    // Batch number → identity of its users, as the CLI builds them (no invalid lines: batch i is lines i*50+1…).
    const keyOf = new Map<string, number>();
    for (let b = 0; b < batches; b++)
      keyOf.set(usersKey(emails.slice(b * size, (b + 1) * size).map((e) => ({ email: [sha(e.toLowerCase())] }))), b);
    const path = `/custom_audiences/${id}/users`;
    // Every request takes a while, so kills land with batches in flight.
    emu.state.faults.latencyMs = 30;
    const args = [
      'audiences',
      'upload',
      id,
      '--file',
      file,
      '--type',
      'email',
      '--batch-size',
      String(size),
      '--concurrency',
      '4',
      '-o',
      'json',
    ];
    const rnd = seededRandom(1010);
    const posts = () => emu!.state.log.filter((e) => e.method === 'POST' && e.path.includes(path));

    let kills = 0;
    let lagged = 0;
    let runs = 0;
    let done = false;
    while (!done) {
      expect(runs).toBeLessThan(12);
      // What the state file says is confirmed before this run.
      let confirmed = new Set<number>();
      if (existsSync(stateFile)) {
        expect(statSync(stateFile).mode & 0o777).toBe(0o600);
        const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as { confirmed: string; confirmed_count: number };
        confirmed = fromRanges(saved.confirmed);
        expect(confirmed.size).toBe(saved.confirmed_count);
      }
      const since = posts().length;
      // The first three runs are killed after a seeded number of new batches reach the emulator.
      const killAt = kills < 3 ? 8 + Math.floor(rnd() * 30) : Infinity;
      const r = await emu.run(runs === 0 ? args : [...args, '--resume'], {
        onSpawn: (child) => {
          if (killAt === Infinity) return;
          const poll = setInterval(() => {
            if (posts().length - since >= killAt) {
              clearInterval(poll);
              child.kill('SIGKILL');
            }
          }, 1);
          child.on('close', () => clearInterval(poll));
        },
      });
      runs++;
      // Requests in flight at the kill still get applied by the server: let them settle.
      if (r.signal === 'SIGKILL') await new Promise((res) => setTimeout(res, 150));
      const sent = posts().slice(since);
      // A batch the state file recorded as confirmed is never sent again.
      for (const e of sent) {
        const b = keyOf.get(bodyKey(e.body));
        expect(b, 'every request is one of the input batches').toBeDefined();
        expect(confirmed.has(b!), `batch ${b} was confirmed in the state file, yet sent again`).toBe(false);
      }
      if (r.signal === 'SIGKILL') {
        kills++;
        // Batches the emulator answered but the state had not recorded yet are sent again (Update allows it).
        const answered = new Set(sent.filter((e) => e.status === 200).map((e) => keyOf.get(bodyKey(e.body))!));
        const saved = existsSync(stateFile)
          ? fromRanges((JSON.parse(readFileSync(stateFile, 'utf8')) as { confirmed: string }).confirmed)
          : new Set<number>();
        lagged += [...answered].filter((b) => !saved.has(b)).length;
        console.log(
          `[crash] run ${runs}: killed after ${sent.length} requests; state file ${existsSync(stateFile) ? `holds ${saved.size} confirmed batches` : 'not written yet'}`,
        );
        continue;
      }
      expect(r.code, r.stderr).toBe(0);
      expect(r.json()).toMatchObject({ failed: 0, state_file: null });
      expect(r.json().already_confirmed + r.json().sent).toBe(n);
      done = true;
    }
    expect(kills).toBe(3);
    // Finished: the state file is a "done" marker (a --resume after it sends nothing).
    expect(JSON.parse(readFileSync(stateFile, 'utf8')).done).toBe(true);
    const store = received.field('Update', 'email') as DigestStore;
    expect(store.size).toBe(n);
    expect([...store.values()].sort()).toEqual(emails.map((e) => sha(e.toLowerCase())).sort());
    expect(received.count('Delete')).toBe(0);
    // Every batch reached a 200 at least once; those sent more than once are only the ones answered after the last state write.
    const all = posts();
    const okPerBatch = new Map<number, number>();
    for (const e of all)
      if (e.status === 200) okPerBatch.set(keyOf.get(bodyKey(e.body))!, (okPerBatch.get(keyOf.get(bodyKey(e.body))!) ?? 0) + 1);
    expect(okPerBatch.size).toBe(batches);
    const twice = [...okPerBatch.values()].filter((c) => c > 1).length;
    expect(twice).toBeLessThanOrEqual(lagged);
    console.log(
      `[crash] audiences upload: ${runs} runs (${kills} killed), ${all.length} requests for ${batches} batches, ${twice} batches applied twice (answered after the last state write before a kill)`,
    );
  });
});

describe('config under concurrent writers', () => {
  it('8 processes caching tokens and setting values at once: nothing lost, valid JSON, mode 0600', async () => {
    emu = await testEmulator({ bearerMaxRequests: 100 });
    const env = { ...slowConfigWrites(30), POSTCTL_ACCESS_TOKEN: undefined, POSTCTL_ACCESS_TOKEN_SECRET: undefined };
    const sets: Array<[string, string]> = [
      ['ads_account', '18ce54d4x5u'],
      ['api_url', 'http://127.0.0.1:9'],
      ['ads_url', 'http://127.0.0.1:10/ads'],
      ['output', 'jsonl'],
    ];
    const runs = await Promise.all([
      // Four values in one profile: each writer's read-modify-write must keep the others'.
      ...sets.map(([k, v]) => emu!.run(['--profile', 'shared', 'config', 'set', k, v], { env })),
      // Four token caches: one in the same profile, three in their own.
      ...['shared', 'tok1', 'tok2', 'tok3'].map((p) => emu!.run(['--profile', p, 'auth', 'token', '-o', 'json'], { env })),
    ]);
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const file = join(emu.configDir, 'config.json');
    const data = JSON.parse(readFileSync(file, 'utf8')) as { profiles: Record<string, Record<string, unknown>> };
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const bearer = audienceStore(emu.state) && emu.state.apps.get('emu-consumer-key')!.bearer!;
    for (const [k, v] of sets) expect(data.profiles.shared![k]).toBe(v);
    for (const p of ['shared', 'tok1', 'tok2', 'tok3']) expect(data.profiles[p]!.bearer_token).toBe(bearer);
    console.log(
      `[crash] config: 8 concurrent writers, ${Object.keys(data.profiles).length} profiles, ${Object.keys(data.profiles.shared!).length} keys in the shared one`,
    );
  });
});
