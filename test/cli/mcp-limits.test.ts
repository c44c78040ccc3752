// `postctl mcp` within bounds: at most --max-concurrent (default 4) tool calls run at once, counted as requests
// in flight at the emulator; inputs are matched as own properties only. `postctl mcp bridge` ends within 2 s
// of stdin closing though the remote holds its reply stream open, and relays no reply to an id never sent.
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, sharedCodeCache } from '../helpers/cli.js';
import { fileEmulator } from '../helpers/emulator.js';
import { mcpSession, type McpSession, type ToolResult } from '../helpers/mcp.js';
import { type OAuth2Profile, oauth2Only } from '../helpers/oauth2.js';

const emu = fileEmulator();
const POST = '1460323737035677698';

describe('postctl mcp: concurrency and inputs', () => {
  let s: McpSession;
  beforeAll(async () => {
    s = await mcpSession(['mcp', '--tools', 'request,posts_lookup'], emu.cliEnv());
  });
  afterAll(async () => {
    await s?.close();
  });

  it('80 calls at once: never more than 4 requests in flight at the emulator, every call answered', async () => {
    const LATENCY = 1000;
    emu.state.faults.latencyMs = LATENCY;
    const before = emu.state.log.length;
    const calls = Array.from(
      { length: 80 },
      // `request` signs with the user token: no app token is fetched per call.
      () =>
        s.client.callTool({ name: 'request', arguments: { method: 'GET', path: '/2/users/me' } }, undefined, {
          timeout: 300_000,
        }) as Promise<ToolResult>,
    );
    const results = await Promise.all(calls);
    emu.state.faults.latencyMs = 0;
    expect(results.filter((r) => r.isError).map((r) => r.content[0]?.text)).toEqual([]);
    const starts = emu.state.log
      .slice(before)
      .filter((e) => e.path === '/2/users/me')
      .map((e) => e.time)
      .sort((a, b) => a - b);
    expect(starts).toHaveLength(80);
    // Each request is held LATENCY ms: five starting within less than that were five in flight at once.
    let most = 0;
    for (let i = 0, j = 0; i < starts.length; i++) {
      while (starts[i]! - starts[j]! >= LATENCY) j++;
      most = Math.max(most, i - j + 1);
    }
    expect(most).toBeLessThanOrEqual(4);
    expect(most).toBeGreaterThan(1);
  }, 300_000);

  it.each(['constructor', 'toString', 'hasOwnProperty'])('an input named %s is refused as unknown', async (key) => {
    const before = emu.state.log.length;
    const r = (await s.client.callTool({
      name: 'posts_lookup',
      arguments: JSON.parse(`{"post_ids": ["${POST}"], "${key}": "x"}`),
    })) as ToolResult;
    expect(r.isError).toBe(true);
    expect(r.content[0]!.text).toContain(`unknown input "${key}"`);
    expect(emu.state.log.length).toBe(before);
  });
});

describe('postctl mcp --max-concurrent', () => {
  it('is a whole number from 1 to 64', async () => {
    const r = await emu.run(['mcp', '--max-concurrent', '0']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/--max-concurrent: must be a whole number from 1 to 64/);
  });
});

describe('postctl mcp bridge: closing and stray replies', () => {
  let login: OAuth2Profile;
  let server: Server;
  let origin: string;
  const open = new Set<import('node:http').ServerResponse>();
  beforeAll(async () => {
    login = await oauth2Only(emu);
    // A remote that answers each request on an event stream it never ends, first with a reply to id 999,
    // which no client asked for.
    server = createServer(async (req, res) => {
      const parts: Buffer[] = [];
      for await (const c of req) parts.push(c as Buffer);
      const msg = JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as { id?: number };
      res.writeHead(200, { 'content-type': 'text/event-stream', 'mcp-session-id': 'sess-1' });
      res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id: 999, result: { stray: true } })}\n\n`);
      res.write(`data: ${JSON.stringify({ jsonrpc: '2.0', id: msg.id, result: { tools: [] } })}\n\n`);
      open.add(res);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const res of open) res.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('exits within 2 s of stdin closing while the reply stream is open; the reply to id 999 is dropped', async () => {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(
      sharedCodeCache({ ...emu.cliEnv(), POSTCTL_CONFIG_DIR: login.dir, HOME: login.dir, POSTCTL_API_URL: origin }),
    ))
      if (v !== undefined) env[k] = v;
    const child = spawn(process.execPath, [BIN, 'mcp', 'bridge'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
    const replied = new Promise<void>((resolve) =>
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        stdout += d;
        if (stdout.includes('"id":1,')) resolve();
      }),
    );
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })}\n`);
    await replied;
    const t0 = Date.now();
    child.stdin.end();
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    const code = await exited;
    clearTimeout(kill);
    const ms = Date.now() - t0;
    expect(code, stderr).toBe(0);
    expect(ms).toBeLessThan(2000);
    const lines = stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id?: number });
    expect(lines.map((l) => l.id)).toEqual([1]);
  }, 30_000);
});
