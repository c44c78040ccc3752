// SIGTERM (cron, systemd, `timeout`) and SIGHUP (terminal closed) stop a bulk
// job the way Ctrl-C does (issue 19): the summary is printed, what was not
// sent is named (not_sent_from_line / NOT_SENT rows), the upload state is
// flushed so --resume sends only the rest, a piped feed's temporary copy is
// removed, and the exit code is 143 / 129. The signal is sent to the CLI
// subprocess once the (slowed) emulator has logged a few requests.
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { audienceStore, Received } from '../../src/emulator/routes/audiences.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();

const requestsTo = (method: string, fragment: string): number =>
  emu.state.log.filter((e) => e.method === method && e.path.includes(fragment)).length;

/** Sends `signal` to the child once `ready()` holds (polled; no timing is asserted). */
function signalWhen(ready: () => boolean, signal: NodeJS.Signals): (child: ChildProcess) => void {
  return (child) => {
    const poll = setInterval(() => {
      if (child.exitCode !== null) return clearInterval(poll);
      if (ready()) {
        clearInterval(poll);
        child.kill(signal);
      }
    }, 10);
  };
}

function newAudience(id: string): void {
  audienceStore(emu.state).audiences.set(id, { id, name: id, owner: EMU_ACCOUNT, received: new Received(), permissions: [], targeted: [] });
}

describe('audiences upload stopped by a signal', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const)('%s mid-upload: summary, not_sent_from_line, state flushed, exit %i; --resume sends only the rest', async (signal, code) => {
    const id = `hsig${code}`;
    newAudience(id);
    const file = join(tempDir('postctl-signal-'), 'emails.txt');
    const n = 3000;
    writeFileSync(file, Array.from({ length: n }, (_, i) => `person.${i}@example.org`).join('\n') + '\n');
    const path = `/${id}/users`;
    emu.state.faults.latencyMs = 40;
    const args = ['audiences', 'upload', id, '--file', file, '--type', 'email', '--batch-size', '50', '--concurrency', '2', '-o', 'json'];
    const r = await emu.run(args, { onSpawn: signalWhen(() => requestsTo('POST', path) >= 6, signal) });
    emu.state.faults.latencyMs = 0;
    expect(r.code, r.stderr).toBe(code);
    const summary = r.json();
    expect(summary.complete).toBe(false);
    expect(summary.not_sent_from_line).toBeGreaterThan(1);
    expect(summary.not_sent_from_line).toBeLessThan(n);
    expect(summary.state_file).toBe(`${file}.postctl-state.json`);
    expect(r.stderr).toMatch(/read [\d,]+ · invalid 0 · sent [\d,]+ · accepted [\d,]+ · failed 0/);
    expect(r.stderr).toContain(
      `stopped early: the input from line ${summary.not_sent_from_line.toLocaleString('en-US')} on was not sent (--resume sends it)`,
    );
    expect(r.errorJson().error).toMatchObject({ code: 'interrupted', exit_code: code, message: `stopped by ${signal}` });
    // The state on disk holds every batch the API confirmed before the signal.
    const state = JSON.parse(readFileSync(summary.state_file, 'utf8')) as { confirmed_count: number };
    expect(state.confirmed_count).toBe(summary.batches_confirmed);
    expect(state.confirmed_count).toBeGreaterThan(0);
    expect(readdirSync(join(file, '..')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const sentBefore = requestsTo('POST', path);
    const resumed = await emu.run([...args, '--resume']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.json()).toMatchObject({ already_confirmed: state.confirmed_count * 50, complete: true });
    // Only the unconfirmed batches went out again.
    expect(requestsTo('POST', path) - sentBefore).toBe(n / 50 - state.confirmed_count);
    // Finished: a "done" marker, so a later --resume sends nothing.
    expect(JSON.parse(readFileSync(summary.state_file, 'utf8')).done).toBe(true);
  });
});

describe('catalogs upsert from a pipe stopped by SIGTERM', () => {
  it('lists NOT_SENT products, prints the summary, removes the spooled feed, exit 143', async () => {
    const catalog = (await emu.run(['catalogs', 'create', 'Signals', '-o', 'json'])).json().data.id as string;
    const n = 500;
    const feed =
      Array.from({ length: n }, (_, i) =>
        JSON.stringify({
          id: `sig-${i}`,
          title: `P ${i}`,
          description: 'd',
          availability: 'in stock',
          condition: 'new',
          price: '5.00 USD',
          link: `https://shop.example/${i}`,
          image_link: `https://shop.example/${i}.jpg`,
          brand: 'Acme',
        }),
      ).join('\n') + '\n';
    const tmp = tempDir('postctl-signal-tmp-');
    emu.state.faults.latencyMs = 60;
    const r = await emu.run(['catalogs', 'upsert', catalog, '--concurrency', '1', '-o', 'jsonl'], {
      input: feed,
      env: { TMPDIR: tmp },
      onSpawn: signalWhen(() => requestsTo('PUT', '/products') >= 3, 'SIGTERM'),
    });
    emu.state.faults.latencyMs = 0;
    expect(r.code, r.stderr).toBe(143);
    const rows = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id: string; status: string });
    expect(rows).toHaveLength(n);
    const notSent = rows.filter((x) => x.status === 'NOT_SENT').length;
    expect(notSent).toBeGreaterThan(0);
    expect(rows.filter((x) => x.status === 'CREATE_SUCCESS').length).toBe(n - notSent);
    expect(r.stderr).toMatch(/catalog \d+: \d+ products sent in \d+ requests?/);
    expect(r.stderr).toContain(`stopped early: ${notSent} valid products were not sent`);
    expect(r.stderr).toContain('error: stopped by SIGTERM');
    expect(readdirSync(tmp)).toEqual([]);
  });
});
