// `postctl events stream | subscribe` through the built CLI against the
// emulator's activity feed: resuming across a forced disconnect without losing
// or repeating events, keep-alives, stalls, Ctrl-C, 401, and the subscription rules.
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { freshEmulator } from '../helpers/emulator.js';
import { configureFeed, eventSeq } from '../../src/emulator/routes/platform-events.js';
import { connectionRegistry } from '../../src/emulator/routes/platform-connections.js';

const emu = freshEmulator();

const streams = () => emu.state.requests('GET', '/2/activity/stream');
const seqs = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => eventSeq(JSON.parse(l).data.event_uuid));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Resolves once the child has printed n lines on stdout. */
function afterLines(child: ChildProcess, n: number): Promise<void> {
  return new Promise((resolve) => {
    let count = 0;
    child.stdout!.on('data', (d: string) => {
      count += d.split('\n').length - 1;
      if (count >= n) resolve();
    });
  });
}

describe('postctl events stream', () => {
  it('receives every event exactly once across a forced disconnect', async () => {
    // A backlog of ~150 events starting on a second boundary: the first
    // connection gets 10 of them, then the server disconnects; resuming from
    // that second replays events 1–10 (dropped) and delivers the rest.
    const t0 = Math.floor(Date.now() / 1000) * 1000 - 3000;
    configureFeed(emu.state, { intervalMs: 20, keepAliveMs: 15, t0 });
    emu.state.faults.add({ kind: 'disconnect', path: '/2/activity/stream', afterEvents: 10 });
    const before = streams().length;
    const r = await emu.run(['events', 'stream', '--limit', '60', '--backfill-minutes', '1']);
    expect(r.code).toBe(0);
    expect(seqs(r.stdout)).toEqual(range(1, 60));
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0].data).toMatchObject({
      event_type: expect.stringMatching(/^[a-z]+(\.[a-z_]+)+$/),
      filter: { user_id: expect.any(String) },
      payload: expect.any(Object),
    });
    const sent = streams().slice(before);
    expect(sent.map((e) => e.query)).toEqual([
      [['backfill_minutes', '1']],
      [['start_time', new Date(t0).toISOString().replace('.000Z', 'Z')]],
    ]);
    expect(r.stderr).toContain('stream disconnected (OperationalDisconnect');
    expect(r.stderr).toContain('done: 60 events, 1 reconnect, 10 replayed duplicates dropped');
  });

  it('skips keep-alive lines: stdout has one JSON line per event and nothing else', async () => {
    configureFeed(emu.state, { intervalMs: 120, keepAliveMs: 10 });
    const r = await emu.run(['events', 'stream', '--limit', '3']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toHaveLength(4);
    const s = seqs(r.stdout);
    expect(s).toEqual(range(s[0]!, s[0]! + 2));
  });

  it('reconnects when the stream stalls, resuming from the first connection', async () => {
    // No keep-alives and a 1.5 s gap between events: the 1 s stall timeout fires first.
    configureFeed(emu.state, { intervalMs: 1500, keepAliveMs: 60_000 });
    const before = streams().length;
    const r = await emu.run(['events', 'stream', '--limit', '2', '--stall-timeout', '1']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('no data or keep-alive for 1 s');
    const s = seqs(r.stdout);
    expect(s).toEqual([s[0], s[0]! + 1]);
    const sent = streams().slice(before);
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent[1]!.query[0]![0]).toBe('start_time');
  });

  it('Ctrl-C stops cleanly with exit 130, complete lines, and the connection closed', async () => {
    configureFeed(emu.state, { intervalMs: 30, keepAliveMs: 1000 });
    const r = await emu.run(['events', 'stream'], { onSpawn: (child) => void afterLines(child, 3).then(() => child.kill('SIGINT')) });
    expect(r.code).toBe(130);
    const s = seqs(r.stdout);
    expect(s.length).toBeGreaterThanOrEqual(3);
    expect(s).toEqual(range(s[0]!, s[0]! + s.length - 1));
    expect(r.stderr).toMatch(/stopped: \d+ events, 0 reconnects/);
    expect(r.stderr).not.toContain('error');
    await new Promise((res) => setTimeout(res, 100));
    expect(connectionRegistry(emu.state).all.filter((c) => !c.disconnected_at)).toEqual([]);
  });

  it('SIGTERM stops it the same way, with exit 143 (issue 19)', async () => {
    configureFeed(emu.state, { intervalMs: 30, keepAliveMs: 1000 });
    const r = await emu.run(['events', 'stream'], { onSpawn: (child) => void afterLines(child, 3).then(() => child.kill('SIGTERM')) });
    expect(r.code).toBe(143);
    expect(seqs(r.stdout).length).toBeGreaterThanOrEqual(3);
    expect(r.stderr).toMatch(/stopped: \d+ events, 0 reconnects/);
  });

  it('an invalid bearer token exits 3 without retrying', async () => {
    const before = streams().length;
    const r = await emu.run(['events', 'stream', '--limit', '1'], { env: { POSTCTL_BEARER_TOKEN: 'AAAAbogus' } });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('Invalid or expired token');
    expect(streams().length - before).toBe(1);
  });

  it('bad flag values exit 6 before connecting', async () => {
    const before = streams().length;
    const r = await emu.run(['events', 'stream', '--backfill-minutes', '10']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('--backfill-minutes');
    expect(streams().length).toBe(before);
  });
});

describe('postctl events subscribe', () => {
  const posts = () => emu.state.requests('POST', '/2/activity/subscriptions');

  it('creates one subscription per event type with the filter, and prints them merged', async () => {
    const before = posts().length;
    const r = await emu.run([
      'events',
      'subscribe',
      '--event-type',
      'profile.update.screenname,post.delete',
      '--user-id',
      '783214',
      '--tag',
      'audit',
      '-o',
      'json',
    ]);
    expect(r.code).toBe(0);
    const env = r.json();
    expect(env.data.map((s: { event_type: string }) => s.event_type)).toEqual(['profile.update.screenname', 'post.delete']);
    expect(env.data[0]).toMatchObject({ subscription_id: expect.any(String), filter: { user_id: '783214' }, tag: 'audit' });
    expect(env.meta.total_subscriptions).toBeGreaterThanOrEqual(4);
    const bodies = posts()
      .slice(before)
      .map((e) => JSON.parse(e.body));
    expect(bodies).toEqual([
      { event_type: 'profile.update.screenname', filter: { user_id: '783214' }, tag: 'audit' },
      { event_type: 'post.delete', filter: { user_id: '783214' }, tag: 'audit' },
    ]);
  });

  it("--direction received is sent for dm events (as the live service's inbound, openapi v2.167); both is the unfiltered default", async () => {
    const before = posts().length;
    const r = await emu.run(['events', 'subscribe', '--event-type', 'dm.received', '--user-id', '17874544', '--direction', 'received']);
    expect(r.code).toBe(0);
    const b = await emu.run(['events', 'subscribe', '--event-type', 'dm.sent', '--user-id', '17874544', '--direction', 'both']);
    expect(b.code).toBe(0);
    expect(
      posts()
        .slice(before)
        .map((e) => JSON.parse(e.body).filter),
    ).toEqual([{ user_id: '17874544', direction: 'inbound' }, { user_id: '17874544' }]);
    const neutral = await emu.run(['events', 'subscribe', '--event-type', 'dm.read', '--user-id', '17874544', '--direction', 'sent'], {
      env: { POSTCTL_API_NAMES: 'neutral' },
    });
    expect(neutral.code).toBe(0);
    expect(JSON.parse(posts().at(-1)!.body).filter).toEqual({ user_id: '17874544', direction: 'sent' });
  });

  it('rejects deprecated PascalCase types naming the new form, before sending', async () => {
    const before = posts().length;
    const r = await emu.run(['events', 'subscribe', '--event-type', 'ProfileBioUpdate', '--user-id', '1', '-o', 'json']);
    expect(r.code).toBe(6);
    expect(r.errorJson().error.problems[0]).toMatchObject({
      field: '--event-type',
      id: 'ProfileBioUpdate',
      message: expect.stringContaining('profile.update.bio'),
    });
    expect(posts().length).toBe(before);
  });

  it('rejects unknown types, direction on non-dm types, a missing filter and bad ids, all at once', async () => {
    const before = posts().length;
    const r = await emu.run([
      'events',
      'subscribe',
      '--event-type',
      'post.create',
      '--event-type',
      'post.edit',
      '--direction',
      'sent',
      '--webhook-id',
      'x',
      '-o',
      'json',
    ]);
    expect(r.code).toBe(6);
    expect(r.errorJson().error.problems.map((p: { field: string }) => p.field)).toEqual([
      '--event-type',
      '--user-id',
      '--direction',
      '--webhook-id',
    ]);
    expect(posts().length).toBe(before);
  });

  it('a duplicate among several types is a partial failure (exit 8); alone it is the API error (exit 6)', async () => {
    // The subscription that the second type repeats, made here (a fresh emulator per test).
    const first = await emu.run([
      'events',
      'subscribe',
      '--event-type',
      'profile.update.screenname',
      '--user-id',
      '783214',
      '--tag',
      'audit',
    ]);
    expect(first.code, first.stderr).toBe(0);
    const r = await emu.run([
      'events',
      'subscribe',
      '--event-type',
      'spaces.start,profile.update.screenname',
      '--user-id',
      '783214',
      '--tag',
      'audit',
      '-o',
      'json',
    ]);
    expect(r.code).toBe(8);
    expect(r.json().data.map((s: { event_type: string }) => s.event_type)).toEqual(['spaces.start']);
    expect(r.json().errors[0]).toMatchObject({ event_type: 'profile.update.screenname', exit_code: 6 });
    expect(r.stderr).toContain('DuplicateSubscription');
    const alone = await emu.run(['events', 'subscribe', '--event-type', 'spaces.start', '--user-id', '783214', '--tag', 'audit']);
    expect(alone.code).toBe(6);
  });
});
