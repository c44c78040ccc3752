// `postctl connections list | terminate` through the built CLI, with a real
// activity stream holding the app's one allowed connection: a second stream
// fails with TooManyConnections and a hint pointing here.
import type { ChildProcess } from 'node:child_process';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshEmulator } from '../helpers/emulator.js';
import { configureFeed } from '../../src/emulator/routes/platform-events.js';
import { connectionRegistry } from '../../src/emulator/routes/platform-connections.js';
import type { CliResult } from '../helpers/cli.js';

const emu = freshEmulator({}, (e) => {
  configureFeed(e.state, { intervalMs: 40, keepAliveMs: 200 });
});
beforeEach(() => {
  emu.state.faults.clear();
});

const active = () => connectionRegistry(emu.state).all.filter((c) => !c.disconnected_at);

/** A running `events stream`, ready once it printed its first event. */
async function openStream(): Promise<{ child: ChildProcess; done: Promise<CliResult> }> {
  let child!: ChildProcess;
  let ready!: () => void;
  const first = new Promise<void>((r) => (ready = r));
  const done = emu.run(['events', 'stream'], {
    onSpawn: (c) => {
      child = c;
      c.stdout!.once('data', () => ready());
    },
  });
  await first;
  return { child, done };
}

describe('postctl connections', () => {
  it('list with no connections prints nothing on stdout and says so', async () => {
    const r = await emu.run(['connections', 'list', '-o', 'table']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('no active connections');
  });

  it('a second stream hits TooManyConnections (exit 7) with a hint to terminate; list shows the holder; terminate --all clears it', async () => {
    const first = await openStream();
    try {
      const second = await emu.run(['events', 'stream', '--limit', '1', '-o', 'json']);
      expect(second.code).toBe(7);
      expect(second.errorJson().error.problem).toMatchObject({ connection_issue: 'TooManyConnections' });
      expect(second.stderr).toContain('postctl connections terminate --all');
      // Not a rate limit: no waiting, one request.
      expect(emu.state.requests('GET', '/2/activity/stream').filter((e) => e.status === 429)).toHaveLength(1);

      const list = await emu.run(['connections', 'list', '-o', 'json']);
      expect(list.code).toBe(0);
      const holder = active()[0]!;
      expect(list.json()).toEqual({
        data: [
          expect.objectContaining({
            id: holder.id,
            endpoint_name: 'activity_stream',
            client_ip: '127.0.0.1',
            connected_at: holder.connected_at,
          }),
        ],
        meta: { result_count: 1 },
      });
      expect(emu.state.requests('GET', '/2/connections').at(-1)!.query).toContainEqual([
        'connection.fields',
        'id,endpoint_name,client_ip,connected_at,disconnected_at,disconnect_reason',
      ]);

      const kill = await emu.run(['connections', 'terminate', '--all', '--yes', '-o', 'json']);
      expect(kill.code).toBe(0);
      expect(kill.json().data).toEqual({ successful_kills: 1, failed_kills: 0, results: [{ uuid: holder.id, success: true }] });
      expect(kill.stderr).toContain('1 connection terminated');
      expect(holder.disconnect_reason).toBe('ForceDisconnect');
    } finally {
      first.child.kill('SIGINT');
    }
    const r = await first.done;
    // The running stream was told (ForceDisconnect) and reconnected before Ctrl-C.
    expect(r.stderr).toContain('ForceDisconnect');
    expect(r.code).toBe(130);
  });

  it('terminate by UUID kills that connection; an unknown UUID is a partial failure (exit 8)', async () => {
    const s = await openStream();
    try {
      const id = active()[0]!.id;
      const unknown = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
      const r = await emu.run(['connections', 'terminate', id, unknown, '--yes', '-o', 'json']);
      expect(r.code).toBe(8);
      expect(r.json().data).toMatchObject({ successful_kills: 1, failed_kills: 1 });
      expect(JSON.parse(emu.state.requests('DELETE', '/2/connections').at(-1)!.body)).toEqual({ uuids: [id, unknown] });
      expect(r.stderr).toContain('1 connection terminated, 1 could not be');
    } finally {
      s.child.kill('SIGINT');
    }
    await s.done;
  });

  it('terminate --endpoint uses DELETE /2/connections/{endpoint}; list --status all --all pages through the history', async () => {
    // A history of its own (a fresh emulator per test): two streams the client ended, then one terminated.
    for (let i = 0; i < 2; i++) {
      const c = await openStream();
      c.child.kill('SIGINT');
      await c.done;
    }
    const s = await openStream();
    try {
      const r = await emu.run(['connections', 'terminate', '--endpoint', 'activity_stream', '--yes']);
      expect(r.code).toBe(0);
      expect(emu.state.requests('DELETE', '/2/connections/activity_stream')).toHaveLength(1);
    } finally {
      s.child.kill('SIGINT');
    }
    await s.done;
    const before = emu.state.requests('GET', '/2/connections').length;
    const all = await emu.run(['connections', 'list', '--status', 'all', '--max-results', '2', '--all', '-o', 'json']);
    expect(all.code).toBe(0);
    const pages = emu.state.requests('GET', '/2/connections').slice(before);
    const total = connectionRegistry(emu.state).all.length;
    expect(pages).toHaveLength(Math.ceil(total / 2));
    expect(pages[1]!.query).toContainEqual(['pagination_token', '2']);
    const reasons = all.json().data.map((c: { disconnect_reason?: string }) => c.disconnect_reason);
    expect(reasons).toContain('ForceDisconnect');
    expect(reasons).toContain('ClientDisconnect');
    expect(all.json().data).toHaveLength(total);
  });

  it('bad input exits before sending: no target (2), two targets (2), bad UUID (6), unknown endpoint or status (6), no --yes without a TTY (2)', async () => {
    const before = emu.state.log.length;
    expect((await emu.run(['connections', 'terminate'])).code).toBe(2);
    expect((await emu.run(['connections', 'terminate', '--all', '--endpoint', 'activity_stream', '--yes'])).code).toBe(2);
    const bad = await emu.run(['connections', 'terminate', 'not-a-uuid', '--yes', '-o', 'json']);
    expect(bad.code).toBe(6);
    expect(bad.errorJson().error.problems[0]).toMatchObject({ field: 'argument 1', id: 'not-a-uuid' });
    expect((await emu.run(['connections', 'terminate', '--endpoint', 'nope', '--yes'])).code).toBe(6);
    expect((await emu.run(['connections', 'list', '--status', 'gone'])).code).toBe(6);
    expect((await emu.run(['connections', 'list', '--max-results', '500'])).code).toBe(6);
    const confirm = await emu.run(['connections', 'terminate', '--all']);
    expect(confirm.code).toBe(2);
    expect(confirm.stderr).toContain('--yes');
    expect(emu.state.log.length).toBe(before);
  });
});
