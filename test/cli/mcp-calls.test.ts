// How `postctl mcp` runs a tool call: in the server's process, the MCP SDK's client driving it over stdio
// against the emulator. A cancelled stats job (notifications/cancelled, sent by the client when its call is
// aborted) stops sending requests within 1 s — its poll in flight aborted, its slot free at once; calls one
// after another reuse one keep-alive connection; calls side by side keep their own output and errors; a result over the cap stops the verb and answers
// result_too_large, and the server goes on.
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { mcpSession, type McpSession, type ToolResult } from '../helpers/mcp.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const JOBS = `/12/stats/jobs/accounts/${EMU_ACCOUNT}`;
const STATS = {
  entity_ids: ['l0001'],
  entity: 'LINE_ITEM',
  from: '2026-06-01',
  to: '2026-06-03',
  metric_groups: ['ENGAGEMENT'],
  mode: 'job',
};

let emu: TestEmulator;
let s: McpSession;
/** Connections the emulator accepted, per server. */
const accepted: Socket[] = [];

beforeAll(async () => {
  // Jobs that stay processing for a minute: the verb polls until it is stopped.
  emu = await testEmulator({ statsJobLatencyMs: 60_000 });
  for (const server of emu.servers.values()) server.on('connection', (c: Socket) => accepted.push(c));
  // One call at a time, and a clean-up grace far longer than the test waits: a slot freed quickly is the
  // cancelled verb's own end, not the server giving up on it.
  s = await mcpSession(
    ['mcp', '--max-concurrent', '1', '--tools', 'ads_stats,users_me,request'],
    emu.cliEnv({ POSTCTL_STOP_GRACE_MS: '60000', POSTCTL_MCP_MAX_RESULT_MB: '1' }),
  );
});
afterAll(async () => {
  await s?.close();
  await emu?.close();
});

const call = (name: string, args: Record<string, unknown>) => s.client.callTool({ name, arguments: args }) as Promise<ToolResult>;

describe.sequential('postctl mcp: calls in-process', () => {
  /** Starts a stats job through the server and waits until it has polled `polls` times; `cancel` sends notifications/cancelled. */
  async function pollingJob(polls: number) {
    const ac = new AbortController();
    const pending = s.client.callTool({ name: 'ads_stats', arguments: STATS }, undefined, { signal: ac.signal, timeout: 120_000 });
    pending.catch(() => undefined);
    const before = emu.state.requests('GET', JOBS).length;
    while (emu.state.requests('GET', JOBS).length < before + polls) await sleep(20);
    return {
      cancel: async () => {
        ac.abort('enough');
        await expect(pending).rejects.toThrow();
      },
    };
  }

  it('a cancelled stats job sends no request later than 1 s after the cancel', async () => {
    const job = await pollingJob(2);
    const cancelledAt = Date.now();
    await job.cancel();
    const arrivals: number[] = [];
    let seen = emu.state.log.length;
    while (Date.now() - cancelledAt < 3000) {
      if (emu.state.log.length > seen) {
        arrivals.push(Date.now() - cancelledAt);
        seen = emu.state.log.length;
      }
      await sleep(10);
    }
    // The job polls every second: a verb still running would have polled twice in these 3 s.
    expect(arrivals.filter((ms) => ms > 1000)).toEqual([]);
  }, 60_000);

  it('a cancel aborts the poll in flight and frees the call’s slot at once', async () => {
    const job = await pollingJob(1);
    // The next poll is held by the emulator for 30 s: it is in flight when the call is cancelled.
    emu.state.faults.latencyMs = 30_000;
    const polls = emu.state.requests('GET', JOBS).length;
    while (emu.state.requests('GET', JOBS).length === polls) await sleep(20);
    await job.cancel();
    emu.state.faults.latencyMs = 0;
    // The slot of --max-concurrent 1 is free: the next call runs now, not after the held poll (30 s) or the grace (60 s).
    const t0 = Date.now();
    const me = await call('users_me', {});
    expect(me.isError, JSON.stringify(me)).toBeFalsy();
    expect(Date.now() - t0).toBeLessThan(5000);
  }, 60_000);

  it('calls one after another reuse the server’s keep-alive connection', async () => {
    await call('users_me', {});
    const before = accepted.length;
    for (let i = 0; i < 10; i++) {
      const r = await call('users_me', {});
      expect(r.isError, JSON.stringify(r)).toBeFalsy();
    }
    // A process per call opened a connection per call (10); one agent for the server keeps its one open.
    expect(accepted.length - before).toBeLessThanOrEqual(1);
  }, 60_000);

  it('calls side by side keep their own output and errors', async () => {
    const side = await mcpSession(['mcp', '--tools', 'request'], emu.cliEnv());
    try {
      // Every third call fails (a post that does not exist: exit 4), the others answer a user of their own name.
      const path = (i: number) => (i % 3 === 2 ? `/2/tweets/99900${i}` : `/2/users/by/username/side${i}`);
      const results = (await Promise.all(
        Array.from({ length: 12 }, (_, i) => side.client.callTool({ name: 'request', arguments: { method: 'GET', path: path(i) } })),
      )) as ToolResult[];
      results.forEach((r, i) => {
        const text = JSON.stringify(r);
        if (i % 3 !== 2) {
          expect(r.isError, text).toBeFalsy();
          expect(r.structuredContent!.data.username).toBe(`side${i}`);
        } else {
          expect(r.structuredContent!.error, text).toMatchObject({ exit_code: 4 });
          expect(r.structuredContent!.error.message).toContain(`99900${i}`);
        }
        // Nothing of another call's output or error.
        for (let j = 0; j < 12; j++) if (j !== i) expect(text).not.toMatch(new RegExp(`side${j}"|99900${j}\\b`));
      });
    } finally {
      await side.close();
    }
  }, 60_000);

  it('a result over the cap stops the verb and answers result_too_large; the server goes on', async () => {
    // An answer of 1.5 MB: its JSON output passes the server's 1 MB cap.
    const big = { data: { id: '1', name: 'x'.repeat(1_500_000) } };
    emu.state.faults.add({ kind: 'reply', method: 'GET', path: '/2/users/me', body: JSON.stringify(big), times: 1 });
    const r = await call('request', { method: 'GET', path: '/2/users/me' });
    expect(r.isError).toBe(true);
    expect(r.structuredContent!.error).toMatchObject({ code: 'result_too_large' });
    emu.state.faults.clear();
    const after = await call('users_me', {});
    expect(after.isError, JSON.stringify(after)).toBeFalsy();
  }, 60_000);
});
