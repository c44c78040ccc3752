// Exactly-once posting against the emulator with injected faults: every write
// error says what is known (sent true/false/unknown in the JSON error, exit 9
// for "maybe sent"), and a rerun with the same idempotency key after a lost
// answer finds the post instead of posting it twice. The dropped connection
// needs a real socket, so those runs spawn the CLI.
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/errors/exit-codes.js';
import { dmState } from '../../src/emulator/routes/platform-dm.js';
import { postingState } from '../../src/emulator/routes/platform-posting.js';
import { spawnCli } from '../helpers/cli.js';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator();

const posts = () => [...postingState(emu.state).posts.values()].filter((p) => !p.deleted);
const creates = () => emu.state.requests('POST', /^\/2\/(tweets|posts)$/).length;

/** A loopback port nothing listens on: the connection is refused, nothing is sent. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('posts create: a dropped connection, then a rerun', () => {
  it.each([
    ['--idempotency-key digest-2026-12-01', ['--idempotency-key', 'digest-2026-12-01']],
    ['the default key (a hash of the content)', []],
  ])('with %s: sent "unknown" and exit 9 first, then the rerun finds the post: exactly one post', async (_name, keyArgs) => {
    const args = ['posts', 'create', '--text', 'daily digest #2 & more', ...keyArgs, '-o', 'json'];
    emu.state.faults.add({ kind: 'drop-after', method: 'POST', path: '/2/tweets' });
    const first = await spawnCli(args, { env: emu.cliEnv() });
    expect(first.code, first.stderr).toBe(EXIT.MAYBE_SENT);
    expect(first.errorJson().error).toMatchObject({ sent: 'unknown', exit_code: 9 });
    expect(first.stderr).toContain('looks for the post before sending it again');
    expect(posts()).toHaveLength(1);

    const rerun = await emu.run(args);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.json().data.id).toBe(posts()[0]!.id);
    expect(rerun.stderr).toContain('after all: found it, nothing sent');
    expect(creates()).toBe(1);
    expect(posts()).toHaveLength(1);

    // And once more: the ledger knows it was sent; nothing is looked up or sent.
    const before = emu.state.log.length;
    const third = await emu.run(args);
    expect(third.code, third.stderr).toBe(0);
    expect(third.json().data.id).toBe(posts()[0]!.id);
    expect(emu.state.log.length).toBe(before);
  });

  it('a slow answer past --timeout after the post was made: exit 9, and the rerun finds it', async () => {
    const args = ['posts', 'create', '--text', 'slow server', '--idempotency-key', 'k-slow', '-o', 'json'];
    emu.state.faults.add({ kind: 'trickle', method: 'POST', path: '/2/tweets', intervalMs: 2000 });
    const first = await emu.run([...args, '--timeout', '1']);
    expect(first.code, first.stderr).toBe(EXIT.MAYBE_SENT);
    expect(first.errorJson().error.sent).toBe('unknown');
    const rerun = await emu.run(args);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(rerun.json().data.id).toBe(posts()[0]!.id);
    expect(creates()).toBe(1);
  });

  it('a rerun that does not find the post sends it (the lost attempt never reached the service)', async () => {
    const args = ['posts', 'create', '--text', 'lost before processing', '--idempotency-key', 'k-lost', '-o', 'json'];
    emu.state.faults.add({ kind: 'drop', method: 'POST', path: '/2/tweets' });
    const first = await spawnCli(args, { env: emu.cliEnv() });
    expect(first.code, first.stderr).toBe(EXIT.MAYBE_SENT);
    expect(first.errorJson().error.sent).toBe('unknown');
    expect(posts()).toHaveLength(0);
    const rerun = await emu.run(args);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(posts()).toHaveLength(1);
    expect(emu.state.requests('GET', /\/2\/users\/\d+\/tweets$/)).toHaveLength(1);
  });
});

describe('posts create: stopped mid-request', () => {
  it('SIGTERM while the request is out (a cron timeout): sent "unknown", and the rerun makes one post in all', async () => {
    const args = ['posts', 'create', '--text', 'killed by cron', '--idempotency-key', 'k-term', '-o', 'json'];
    emu.state.faults.add({ kind: 'latency', method: 'POST', path: '/2/tweets', latencyMs: 1500 });
    const first = await spawnCli(args, {
      env: emu.cliEnv(),
      onSpawn: (child) => {
        const poll = setInterval(() => {
          if (emu.state.requests('POST', '/2/tweets').length) {
            clearInterval(poll);
            child.kill('SIGTERM');
          }
        }, 20);
        child.once('exit', () => clearInterval(poll));
      },
    });
    expect(first.code, first.stderr).toBe(EXIT.TERMINATED);
    expect(first.errorJson().error.sent).toBe('unknown');
    await new Promise((resolve) => setTimeout(resolve, 1800));
    const rerun = await emu.run(args);
    expect(rerun.code, rerun.stderr).toBe(0);
    expect(posts()).toHaveLength(1);
  });
});

describe('posts create: two runs at once', () => {
  it("an overlapping run with the same key waits, then finds the first one's post: one post", async () => {
    const args = ['posts', 'create', '--text', 'cron overlap', '--idempotency-key', 'k-overlap', '-o', 'json'];
    emu.state.faults.add({ kind: 'latency', method: 'POST', path: '/2/tweets', latencyMs: 1500 });
    const [a, b] = await Promise.all([emu.run(args), emu.run(args)]);
    expect([a.code, b.code], a.stderr + b.stderr).toEqual([0, 0]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect(creates()).toBe(1);
    expect(posts()).toHaveLength(1);
  });
});

describe('posts create: what is known when it fails', () => {
  it('a refused connection: sent false, exit 7, and the next run sends normally', async () => {
    const args = ['posts', 'create', '--text', 'nothing listening', '--idempotency-key', 'k-refused', '-o', 'json'];
    const r = await emu.run(args, { env: { POSTCTL_API_URL: `http://127.0.0.1:${await closedPort()}` } });
    expect(r.code, r.stderr).toBe(EXIT.NETWORK);
    expect(r.errorJson().error).toMatchObject({ sent: false, exit_code: 7 });
    const again = await emu.run(args);
    expect(again.code, again.stderr).toBe(0);
    expect(posts()).toHaveLength(1);
    expect(emu.state.requests('GET', /\/2\/users\/\d+\/tweets$/)).toHaveLength(0);
  });

  it('a 503 is the server saying no: sent false, exit 7, not retried', async () => {
    emu.state.faults.add({ kind: 'status', status: 503, method: 'POST', path: '/2/tweets' });
    const r = await emu.run(['posts', 'create', '--text', 'overloaded', '-o', 'json']);
    expect(r.code, r.stderr).toBe(EXIT.NETWORK);
    expect(r.errorJson().error).toMatchObject({ sent: false, status: 503 });
    expect(creates()).toBe(1);
    expect(posts()).toHaveLength(0);
  });

  it('the service refusing a duplicate is "already posted", with the existing post', async () => {
    const first = await emu.run(['posts', 'create', '--text', 'same words twice', '--idempotency-key', 'one', '-o', 'json']);
    expect(first.code, first.stderr).toBe(0);
    const again = await emu.run(['posts', 'create', '--text', 'same words twice', '--idempotency-key', 'two', '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(again.stderr).toContain('already posted: the service refused the repeat as a duplicate');
    expect(emu.state.requests('POST', '/2/tweets').at(-1)!.status).toBe(403);
    expect(posts()).toHaveLength(1);
  });

  it('a bad key is exit 6 before anything is sent', async () => {
    const r = await emu.run(['posts', 'create', '--text', 'x', '--idempotency-key', 'has space', '-o', 'json']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('--idempotency-key');
    expect(emu.state.log).toHaveLength(0);
  });
});

describe('dm send: a dropped connection, then a rerun', () => {
  it('finds the message in the conversation instead of sending it twice', async () => {
    const args = ['dm', 'send', '783214', '--text', 'the report is ready', '-o', 'json'];
    emu.state.faults.add({ kind: 'drop-after', method: 'POST', path: '/messages' });
    const first = await spawnCli(args, { env: emu.cliEnv() });
    expect(first.code, first.stderr).toBe(EXIT.MAYBE_SENT);
    expect(first.errorJson().error.sent).toBe('unknown');
    const rerun = await emu.run(args);
    expect(rerun.code, rerun.stderr).toBe(0);
    const messages = dmState(emu.state).events.filter((e) => e.event_type === 'MessageCreate');
    expect(messages).toHaveLength(1);
    expect(rerun.json().data.dm_event_id).toBe(messages[0]!.id);
  });
});
