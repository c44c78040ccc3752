// --resume: an upload killed with SIGKILL midway is resumed without sending
// any batch its state file confirmed (asserted from the emulator's request
// log), ending with exactly all identifiers; a changed input or other options
// are refused before anything is sent.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRanges } from '../../src/bulk/state.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { freshAudience, received, sha, userPosts, writeInput } from '../fixtures/audiences/helpers.js';

let emu: TestEmulator;
beforeAll(async () => {
  // A little latency per request so the upload is still running when it is killed.
  emu = await testEmulator({ latencyMs: 15 });
});
afterAll(async () => {
  await emu.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function readState(path: string): { confirmed: string; confirmed_count: number } | undefined {
  if (!existsSync(path)) return undefined;
  // Written by rename: it parses whenever it exists, whatever moment the process died at.
  return JSON.parse(readFileSync(path, 'utf8'));
}

describe('audiences upload --resume', () => {
  it('after kill -9, a rerun sends only the batches the state did not confirm, and all identifiers arrive', async () => {
    const id = freshAudience(emu);
    const emails = Array.from({ length: 20_000 }, (_, i) => `k${i}@example.com`);
    const file = writeInput('kill.txt', emails.join('\n') + '\n');
    const statePath = `${file}.postctl-state.json`;
    const batchOf = new Map(emails.map((e, i) => [sha(e), Math.floor(i / 100)]));
    const args = ['audiences', 'upload', id, '--file', file, '--type', 'email', '--batch-size', '100', '--concurrency', '2'];

    const first = await emu.run(args, {
      onSpawn: (child) => {
        void (async () => {
          // Kill once the emulator has taken some batches and the state file records some.
          for (;;) {
            const ok = userPosts(emu, id).filter((p) => p.status === 200).length;
            if (ok >= 40 && (readState(statePath)?.confirmed_count ?? 0) > 0) break;
            await sleep(5);
          }
          child.kill('SIGKILL');
        })();
      },
    });
    expect(first.signal).toBe('SIGKILL');
    const state = readState(statePath)!;
    const confirmed = fromRanges(state.confirmed);
    expect(confirmed.size).toBeGreaterThan(0);
    expect(confirmed.size).toBeLessThan(200);
    const mark = userPosts(emu, id).length;

    const second = await emu.run([...args, '--resume']);
    expect(second.code).toBe(0);
    expect(second.stderr).toContain(`resuming: ${confirmed.size} ${confirmed.size === 1 ? 'batch' : 'batches'} already confirmed`);
    expect(second.json()).toMatchObject({
      read: 20_000,
      already_confirmed: confirmed.size * 100,
      batches_skipped: confirmed.size,
      sent: 20_000 - confirmed.size * 100,
      accepted: 20_000 - confirmed.size * 100,
      failed: 0,
    });
    const resent = userPosts(emu, id)
      .slice(mark)
      .map((p) => batchOf.get(JSON.parse(p.body)[0].params.users[0].email[0])!);
    expect(resent.filter((b) => confirmed.has(b))).toEqual([]);
    expect(resent).toHaveLength(200 - confirmed.size);
    console.log(
      `kill + resume: ${mark} POSTs before the kill, ${confirmed.size} of 200 batches confirmed in the state file; the rerun sent ${resent.length} batches, ${resent.filter((b) => confirmed.has(b)).length} of them confirmed before`,
    );
    const store = received(emu, id);
    expect(store.size).toBe(20_000);
    expect(emails.every((e) => store.has(sha(e)) as boolean)).toBe(true);
    // Done: the state is a "done" marker, and a --resume sends nothing and says so.
    expect(JSON.parse(readFileSync(statePath, 'utf8')).done).toBe(true);
    const third = await emu.run([...args, '--resume']);
    expect(third.code, third.stderr).toBe(0);
    expect(third.stderr).toContain(`nothing to send: the run finished at`);
    expect(third.json()).toMatchObject({ sent: 0, already_done: true, state_file: statePath });
    expect(userPosts(emu, id).length).toBe(mark + resent.length);
  });

  it('refuses to resume when the input or the options changed, sending nothing', async () => {
    const id = freshAudience(emu);
    const file = writeInput('change.txt', 'c1@example.com\nc2@example.com\nc3@example.com\n');
    emu.state.faults.add({ kind: 'status', status: 503, path: `/custom_audiences/${id}/users`, times: 100 });
    const failed = await emu.run(
      ['audiences', 'upload', id, '--file', file, '--type', 'email', '--batch-size', '1', '--concurrency', '1'],
      { env: { POSTCTL_MAX_RETRIES: '0' } },
    );
    emu.state.faults.clear();
    expect(failed.code).toBe(7);
    // Nothing confirmed, no state file: no --resume advice (issue 13), a plain rerun instead.
    expect(failed.stderr).toContain('no batch was confirmed, so there is nothing to resume');
    expect(failed.stderr).not.toContain('--resume');
    expect(existsSync(`${file}.postctl-state.json`)).toBe(false);

    // One batch confirmed, then a failure: the state file stays.
    emu.state.faults.add({ kind: 'status', status: 503, path: `/custom_audiences/${id}/users`, after: 1, times: 100 });
    const partial = await emu.run(
      ['audiences', 'upload', id, '--file', file, '--type', 'email', '--batch-size', '1', '--concurrency', '1'],
      { env: { POSTCTL_MAX_RETRIES: '0' } },
    );
    emu.state.faults.clear();
    expect(partial.code).toBe(8);
    expect(readState(`${file}.postctl-state.json`)).toMatchObject({ confirmed: '0' });

    const before = userPosts(emu, id).length;
    const other = await emu.run(['audiences', 'upload', id, '--file', file, '--type', 'email', '--batch-size', '2', '--resume']);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('cannot resume: the options differ from the saved upload (batch_size: 1 → 2)');
    appendFileSync(file, 'c4@example.com\n');
    const changed = await emu.run(['audiences', 'upload', id, '--file', file, '--type', 'email', '--batch-size', '1', '--resume']);
    expect(changed.code).toBe(2);
    expect(changed.stderr).toMatch(/cannot resume: the input changed since the saved upload \(size 45 → 60 bytes/);
    expect(userPosts(emu, id).length).toBe(before);

    // Without --resume it starts over (everything is sent again: Update is idempotent).
    const fresh = await emu.run(['audiences', 'upload', id, '--file', file, '--type', 'email', '--batch-size', '1']);
    expect(fresh.code).toBe(0);
    expect(fresh.stderr).toContain('starting over');
    expect(received(emu, id).size).toBe(4);
  });
});
