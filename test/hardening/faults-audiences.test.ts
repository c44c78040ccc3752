// Fault injection (issue 10) for the audience bulk commands: `audiences
// upload` and `audiences do-not-reach upload` against an emulator answering
// with seeded random 429s (with and without reset headers), 5xx, connections
// dropped before processing and mid-body after processing, slow bodies and
// latency. Each run ends with the emulator holding exactly the input's
// distinct hashes — per operation type, nothing else — and no batch sent
// again once its confirmation reached the CLI; or with exit 7/8 naming what
// was not done, after which --resume completes it exactly.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { audienceStore, Received, type DigestStore } from '../../src/emulator/routes/audiences.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import type { LogEntry } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { figures, harshPlan, report } from '../helpers/faults.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');
const ENV = { POSTCTL_RETRY_BASE_MS: '5', POSTCTL_MAX_RETRIES: '8' };

/**
 * Runs `test` on an emulator of its own, closed after. The runs mostly wait (retry backoff, the 1-s resets of
 * the random 429s, slow bodies), so the file's tests run concurrently, each on its own emulator.
 */
async function withEmulator(test: (emu: TestEmulator) => Promise<void>): Promise<void> {
  const emu = await testEmulator();
  try {
    await test(emu);
  } finally {
    await emu.close();
  }
}

let seq = 0;
function freshAudience(e: TestEmulator): { id: string; received: Received } {
  const id = `hfa${(++seq).toString(36)}`;
  const received = new Received();
  audienceStore(e.state).audiences.set(id, { id, name: `faults ${id}`, owner: EMU_ACCOUNT, received, permissions: [], targeted: [] });
  return { id, received };
}

function freshList(e: TestEmulator): { id: string; received: Received } {
  const id = `hfl${(++seq).toString(36)}`;
  const received = new Received();
  audienceStore(e.state).lists.set(id, {
    id,
    account: EMU_ACCOUNT,
    name: `faults ${id}`,
    description: '',
    received,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    deleted: false,
  });
  return { id, received };
}

function write(name: string, text: string): string {
  const path = join(tempDir('postctl-hfa-'), name);
  writeFileSync(path, text);
  return path;
}

/** n emails; every 10th is a case/blank variant of an earlier one (same hash), so distinct < n. */
function emails(n: number): { text: string; distinct: Set<string> } {
  const lines: string[] = [];
  const distinct = new Set<string>();
  for (let i = 0; i < n; i++) {
    const base = i % 10 === 9 ? i - 5 : i;
    const e = `Person.${base}@Example${base % 37}.org`;
    lines.push(i % 10 === 9 ? `  ${e.toUpperCase()} ` : e);
    distinct.add(sha(e.toLowerCase()));
  }
  return { text: lines.join('\n') + '\n', distinct };
}

/** Users (as field → values) of a users batch body. */
function usersOf(body: string): Array<Record<string, string[]>> {
  return (JSON.parse(body) as Array<{ params: { users: Array<Record<string, string[]>> } }>).flatMap((op) => op.params.users);
}

/** A batch's identity in the request log: the digest of its users. */
const batchKey = (body: string): string => sha(JSON.stringify(usersOf(body)));

/** The CLI saw a confirmation: a 200 whose body arrived whole. */
const confirmedBy = (e: LogEntry): boolean => e.status === 200 && e.fault !== 'drop-after';

/**
 * Exact state: the field holds exactly `expected`; no other operation type or
 * field received anything; the digests recorded (duplicates included) are
 * exactly those of the requests the emulator applied; and no batch was sent
 * again after the CLI had its confirmation.
 */
function checkExact(received: Received, posts: LogEntry[], fields: Record<string, Set<string>>): void {
  for (const [field, expected] of Object.entries(fields)) {
    const store = received.field('Update', field) as DigestStore;
    expect(store.size).toBe(expected.size);
    expect([...store.values()].sort()).toEqual([...expected].sort());
  }
  const total = Object.values(fields).reduce((a, s) => a + s.size, 0);
  expect(received.count('Update')).toBe(total);
  expect(received.count('Delete')).toBe(0);
  // Every digest recorded came from a request the emulator answered 200 (drop-after included: applied, answer cut).
  const applied = posts
    .filter((e) => e.status === 200)
    .flatMap((e) => usersOf(e.body))
    .reduce((a, u) => a + Object.values(u).flat().length, 0);
  const recorded = Object.keys(fields).reduce((a, f) => a + (received.field('Update', f) as DigestStore).received, 0);
  expect(recorded).toBe(applied);
  noResendAfterConfirmation(posts);
}

/** Per batch: at most one confirmation reached the CLI, and nothing of that batch was sent after it. */
function noResendAfterConfirmation(posts: LogEntry[]): void {
  const confirmedAt = new Map<string, number>();
  for (const e of posts) {
    const key = batchKey(e.body);
    expect(confirmedAt.has(key), `batch ${key.slice(0, 12)} sent again after its confirmation`).toBe(false);
    if (confirmedBy(e)) confirmedAt.set(key, e.seq);
  }
}

const POSTS = (e: TestEmulator, since: number, path: string) =>
  e.state.log.slice(since).filter((x) => x.method === 'POST' && x.path.includes(path));

describe.concurrent('audiences upload under faults', () => {
  it.each([7, 23])('seed %i: the audience ends holding exactly the input’s distinct hashes, each batch confirmed once', (seed) =>
    withEmulator(async (emu) => {
      const { id, received } = freshAudience(emu);
      const n = 3000;
      const input = emails(n);
      const file = write('emails.txt', input.text);
      const path = `/custom_audiences/${id}/users`;
      const since = emu.state.log.length;
      emu.state.faults.setRandom(harshPlan(seed, path));
      const r = await emu.run(
        ['audiences', 'upload', id, '--file', file, '--type', 'email', '--batch-size', '100', '--concurrency', '4', '-o', 'json'],
        { env: ENV },
      );
      emu.state.faults.setRandom(undefined);
      const posts = POSTS(emu, since, path);
      const summary = r.json();
      report(`audiences upload seed ${seed}`, { ...figures(emu, since, path, 30, summary.accepted), retries: summary.retries });
      expect(summary.read).toBe(n);
      expect(summary.batches).toBe(30);
      if (r.code === 0) {
        expect(summary).toMatchObject({ sent: n, accepted: n, failed: 0, batches_confirmed: 30, batches_failed: 0, state_file: null });
        checkExact(received, posts, { email: input.distinct });
        expect(new Set(posts.filter(confirmedBy).map((e) => batchKey(e.body))).size).toBe(30);
      } else {
        // Never a silent partial success: exit 7/8, the failed lines named, then --resume finishes exactly.
        expect([7, 8]).toContain(r.code);
        expect(summary.failures.length).toBeGreaterThan(0);
        expect(r.stderr).toMatch(/failed|ERROR/);
        const again = await emu.run(
          ['audiences', 'upload', id, '--file', file, '--type', 'email', '--batch-size', '100', '--resume', '-o', 'json'],
          { env: ENV },
        );
        expect(again.code).toBe(0);
        checkExact(received, POSTS(emu, since, path), { email: input.distinct });
      }
      expect(emu.state.faults.stats.injected).toBeGreaterThan(5);
      // Several kinds of fault, not one.
      expect(Object.keys(emu.state.faults.stats.byKind).length).toBeGreaterThanOrEqual(3);
    }),
  );
});

describe.concurrent('audiences do-not-reach upload under faults', () => {
  it('seed 41: emails and phone numbers from CSV land exactly once per distinct value', () =>
    withEmulator(async (emu) => {
      const { id, received } = freshList(emu);
      const n = 2000;
      const lines = ['email,phone'];
      const wantEmail = new Set<string>();
      const wantPhone = new Set<string>();
      for (let i = 0; i < n; i++) {
        const e = `OptOut.${i % 1900}@Example.com`;
        const digits = String(1000 + (i % 1800)).padStart(4, '0');
        lines.push(`${e},+1 (415) 555-${digits}`);
        wantEmail.add(sha(e.toLowerCase()));
        wantPhone.add(sha(`1415555${digits}`));
      }
      const file = write('optouts.csv', lines.join('\r\n') + '\r\n');
      const path = `/do_not_reach_lists/${id}/users`;
      const since = emu.state.log.length;
      emu.state.faults.setRandom(harshPlan(41, path));
      const r = await emu.run(['audiences', 'do-not-reach', 'upload', id, '--file', file, '--batch-size', '100', '-o', 'json'], {
        env: ENV,
      });
      emu.state.faults.setRandom(undefined);
      const summary = r.json();
      report('do-not-reach upload seed 41', { ...figures(emu, since, path, 20, summary.accepted), retries: summary.retries });
      expect(r.code).toBe(0);
      expect(summary).toMatchObject({ read: n, sent: n, accepted: n, failed: 0, batches: 20, batches_confirmed: 20 });
      checkExact(received, POSTS(emu, since, path), { email: wantEmail, phone_number: wantPhone });
      expect(emu.state.faults.stats.injected).toBeGreaterThan(5);
    }));
});

describe.concurrent('faults that outlast the retries', () => {
  it.each([
    ['audiences upload', 'custom_audiences'],
    ['do-not-reach upload', 'do_not_reach_lists'],
  ])('%s: exit 7/8, the summary names what was not sent, and --resume completes with exactly the input', (name, family) =>
    withEmulator(async (emu) => {
      const { id, received } = family === 'custom_audiences' ? freshAudience(emu) : freshList(emu);
      const verb = family === 'custom_audiences' ? ['audiences', 'upload', id] : ['audiences', 'do-not-reach', 'upload', id];
      const n = 1000;
      const input = emails(n);
      const file = write('emails.txt', input.text);
      const path = `/${family}/${id}/users`;
      const args = [...verb, '--file', file, '--type', 'email', '--batch-size', '50', '--concurrency', '1', '-o', 'json'];
      const since = emu.state.log.length;
      // After 6 good batches the endpoint fails for good: 503s and dropped connections.
      emu.state.faults.add({ kind: 'status', status: 503, path, after: 6, times: 1000 });
      const r = await emu.run(args, { env: { POSTCTL_RETRY_BASE_MS: '2', POSTCTL_MAX_RETRIES: '2' } });
      const byKind = { ...emu.state.faults.stats.byKind };
      emu.state.faults.clear();
      expect([7, 8]).toContain(r.code);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      const summary = r.json();
      // 6 batches confirmed; then 5 failed in a row end the run (after each one's retries); the rest never went.
      expect(summary).toMatchObject({
        read: expect.any(Number),
        batches_confirmed: 6,
        batches_failed: 5,
        accepted: 300,
        failed: 250,
        complete: false,
      });
      expect(summary.failures.map((f: { lines: string }) => f.lines)).toEqual(['301-350', '351-400', '401-450', '451-500', '501-550']);
      expect(summary.state_file).toBe(`${file}.postctl-state.json`);
      // What was never sent is named by its first line (batches go out in file order).
      expect(summary.read - summary.invalid - summary.sent).toBe(450);
      expect(summary.not_sent_from_line).toBe(551);
      expect(r.stderr).toContain('stopped early: the input from line 551 on was not sent (--resume sends it)');
      expect(r.stderr).toContain('read 1,000 · invalid 0 · sent 550 · accepted 300 · failed 250');
      expect(r.stderr).toMatch(/503|server error|Service Unavailable/i);
      expect(r.stderr).toMatch(/rerun with --resume/);
      // The emulator holds exactly the confirmed batches.
      const confirmed = POSTS(emu, since, path).filter(confirmedBy);
      expect(confirmed).toHaveLength(6);
      const firstRun = new Set(confirmed.flatMap((e) => usersOf(e.body).map((u) => u.email![0]!)));
      expect((received.field('Update', 'email') as DigestStore).size).toBe(firstRun.size);
      const confirmedKeys = new Set(confirmed.map((e) => batchKey(e.body)));
      console.log(
        `[faults] ${name} past the retries: exit ${r.code}, ${POSTS(emu, since, path).length} requests, faults ${JSON.stringify(byKind)}, ${summary.retries} retries, ${summary.accepted} confirmed, ${summary.failed} failed, ${n - summary.sent} never sent`,
      );

      const resumeSince = emu.state.log.length;
      const again = await emu.run([...args, '--resume'], { env: ENV });
      expect(again.code).toBe(0);
      expect(again.json()).toMatchObject({
        already_confirmed: 300,
        batches_skipped: 6,
        sent: n - 300,
        accepted: n - 300,
        failed: 0,
        state_file: null,
      });
      // Only the batches not confirmed went again.
      const resent = POSTS(emu, resumeSince, path);
      expect(resent).toHaveLength(14);
      for (const e of resent) expect(confirmedKeys.has(batchKey(e.body))).toBe(false);
      checkExact(received, POSTS(emu, since, path), { email: input.distinct });
    }),
  );
});
