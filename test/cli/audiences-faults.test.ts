// The upload under faults: 100,000 identifiers through 429s, 5xx, dropped
// connections and a count mismatch end with the emulator holding exactly
// them; a count that keeps mismatching fails its batch (exit 8); items the
// API rejects are mapped back to their lines and the rest of the batch still
// goes; the 1,500 requests/minute limit (lowered here) is paced.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS_BUCKET, audienceStore } from '../../src/emulator/routes/audiences.js';
import { fileEmulator, testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { freshAudience, received, sha, userPosts, writeInput } from '../fixtures/audiences/helpers.js';

const emu = fileEmulator({}, { keepFaults: true });

describe('audiences upload under faults', () => {
  it('100,000 identifiers through 429s, 5xx, dropped connections and a count mismatch: exactly all of them arrive', async () => {
    const id = freshAudience(emu);
    const emails = Array.from({ length: 100_000 }, (_, i) => `Person.${i}@Example${i % 101}.org`);
    const file = writeInput('100k.txt', emails.join('\n') + '\n');
    const path = `/custom_audiences/${id}/users`;
    // The counts are the file emulator's since it started: this test's are the difference (any order).
    const earlier: Record<string, number> = { ...emu.state.faults.stats.byKind };
    emu.state.faults.add({ kind: '429', path, after: 5, times: 2, resetInSec: 1 });
    emu.state.faults.add({ kind: 'status', status: 503, path, after: 15, times: 3 });
    emu.state.faults.add({ kind: 'status', status: 500, path, after: 25, times: 1 });
    emu.state.faults.add({ kind: 'drop', path, after: 35, times: 2 });
    emu.state.faults.add({ kind: 'drop-after', path, after: 45, times: 1 });
    emu.state.faults.add({ kind: 'count-mismatch', path, after: 55, times: 1 });
    const r = await emu.run(['audiences', 'upload', id, '--file', file, '--type', 'email', '--batch-size', '1000'], { timeoutMs: 60_000 });
    const byKind = Object.fromEntries(Object.entries(emu.state.faults.stats.byKind).map(([k, n]) => [k, n - (earlier[k] ?? 0)]));
    emu.state.faults.clear();
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({
      read: 100_000,
      invalid: 0,
      sent: 100_000,
      accepted: 100_000,
      failed: 0,
      batches: 100,
      batches_confirmed: 100,
      count_mismatches: 1,
    });
    expect(r.stderr).toContain('read 100,000 · invalid 0 · sent 100,000 · accepted 100,000 · failed 0');
    // Every fault really happened.
    expect(byKind).toMatchObject({ '429': 2, status: 4, drop: 2, 'drop-after': 1, 'count-mismatch': 1 });
    expect(userPosts(emu, id).length).toBeGreaterThanOrEqual(100 + 10);
    const store = received(emu, id);
    expect(store.size).toBe(100_000);
    const s = r.json();
    console.log(
      `100k under faults: ${userPosts(emu, id).length} POSTs reached the emulator, faults ${JSON.stringify(byKind)}; summary requests ${s.requests}, retries ${s.retries}, count_mismatches ${s.count_mismatches}, batches_confirmed ${s.batches_confirmed}, accepted ${s.accepted}; distinct hashes held ${store.size}`,
    );
    expect(emails.every((e) => store.has(sha(e.toLowerCase())) as boolean)).toBe(true);
  });

  it('a count that keeps mismatching fails its batch after 3 attempts (exit 8); --resume then sends only that batch', async () => {
    const id = freshAudience(emu);
    const file = writeInput('ten.txt', Array.from({ length: 10 }, (_, i) => `m${i}@example.com`).join('\n'));
    const rejects = `${file}.rejects.csv`;
    emu.state.faults.add({ kind: 'count-mismatch', path: `/custom_audiences/${id}/users`, times: 3 });
    const r = await emu.run([
      'audiences',
      'upload',
      id,
      '--file',
      file,
      '--type',
      'email',
      '--batch-size',
      '5',
      '--concurrency',
      '1',
      '--rejects',
      rejects,
    ]);
    expect(r.code).toBe(8);
    expect(r.json()).toMatchObject({
      sent: 10,
      accepted: 5,
      failed: 5,
      batches_failed: 1,
      count_mismatches: 3,
      state_file: `${file}.postctl-state.json`,
    });
    expect(r.json().failures).toEqual([
      {
        batch: 0,
        lines: '1-5',
        users: 5,
        error: expect.stringMatching(/count mismatch after 3 attempts: sent 5 users, the API answered success_count 4, total_count 4/),
      },
    ]);
    expect(r.stderr).toMatch(/5 of 10 users failed/);
    expect(
      readFileSync(rejects, 'utf8')
        .split('\n')
        .slice(1, -1)
        .map((l) => l.split(',')[0]),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(userPosts(emu, id).length).toBe(4);

    const before = userPosts(emu, id).length;
    const again = await emu.run([
      'audiences',
      'upload',
      id,
      '--file',
      file,
      '--type',
      'email',
      '--batch-size',
      '5',
      '--concurrency',
      '1',
      '--resume',
    ]);
    expect(again.code).toBe(0);
    expect(again.json()).toMatchObject({ already_confirmed: 5, batches_skipped: 1, sent: 5, accepted: 5, state_file: null });
    const resent = userPosts(emu, id).slice(before);
    expect(resent).toHaveLength(1);
    expect(JSON.parse(resent[0]!.body)[0].params.users[0]).toEqual({ email: [sha('m0@example.com')] });
    expect(received(emu, id).size).toBe(10);
  });

  it('a plain 400 (no per-user errors) fails its batch after exactly one request: never retried; the next batch still goes', async () => {
    const id = freshAudience(emu);
    const path = `/custom_audiences/${id}/users`;
    emu.state.faults.add({ kind: 'status', status: 400, path, times: 1 });
    const file = writeInput('plain-400.txt', ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com'].join('\n'));
    const r = await emu.run(['audiences', 'upload', id, '--file', file, '--type', 'email', '--batch-size', '2', '-o', 'json']);
    emu.state.faults.clear();
    expect(r.code, r.stderr).toBe(8);
    expect(r.json()).toMatchObject({ sent: 4, accepted: 2, failed: 2, batches_confirmed: 1, batches_failed: 1 });
    // One request for the refused batch, one for the other: a retry of the 400 would make three or more.
    const posts = userPosts(emu, id);
    expect(posts.map((p) => p.status)).toEqual([400, 200]);
    expect(received(emu, id).size).toBe(2);
  });

  it('operation_errors: the users the API names fail with their input lines; the rest of the batch is sent again', async () => {
    const id = freshAudience(emu);
    const emails = [
      'ok1@example.com',
      'refused1@example.com',
      'ok2@example.com',
      'ok3@example.com',
      'refused2@example.com',
      'ok4@example.com',
    ];
    const reject = audienceStore(emu.state).rejectValues;
    reject.add(sha('refused1@example.com'));
    reject.add(sha('refused2@example.com'));
    const file = writeInput('items.txt', emails.join('\n'));
    const rejects = `${file}.rejects.csv`;
    const r = await emu.run(['audiences', 'upload', id, '--file', file, '--type', 'email', '--rejects', rejects]);
    reject.clear();
    expect(r.code).toBe(8);
    expect(r.json()).toMatchObject({ sent: 6, accepted: 4, failed: 2, batches_confirmed: 1 });
    const posts = userPosts(emu, id);
    expect(posts.map((p) => p.status)).toEqual([400, 200]);
    expect(JSON.parse(posts[0]!.body)[0].params.users).toHaveLength(6);
    expect(JSON.parse(posts[1]!.body)[0].params.users).toHaveLength(4);
    const rows = readFileSync(rejects, 'utf8').split('\n').slice(1, -1);
    expect(rows.map((l) => l.split(',')[0])).toEqual(['2', '5']);
    expect(rows[0]).toMatch(/failed: rejected by the API: email .* was rejected/);
    expect(received(emu, id).size).toBe(4);
  });
});

describe('the users rate limit', () => {
  let limited: TestEmulator;
  beforeAll(async () => {
    limited = await testEmulator({ limits: { [USERS_BUCKET]: { max: 4, windowSec: 1 } } });
  });
  afterAll(async () => {
    await limited.close();
  });

  it('is 1,500 requests per minute by default, announced in headers', async () => {
    const id = freshAudience(emu);
    const r = await emu.run(['audiences', 'upload', id, '--type', 'email', '--verbose'], { input: 'h1@example.com\n' });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/rate limit \d+\/1500 \(account\)/);
  });

  it('paces to the headers: 12 batches through a 4-per-second window all arrive', async () => {
    const id = freshAudience(limited);
    const emails = Array.from({ length: 120 }, (_, i) => `r${i}@example.com`);
    const r = await limited.run(['audiences', 'upload', id, '--type', 'email', '--batch-size', '10'], { input: emails.join('\n') });
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ sent: 120, accepted: 120, batches_confirmed: 12 });
    const posts = userPosts(limited, id);
    // Waiting on the announced remaining count keeps 429s to the requests already in flight, if any.
    expect(posts.filter((p) => p.status === 429).length).toBeLessThanOrEqual(4);
    expect(received(limited, id).size).toBe(120);
  });
});
