// `postctl mcp bridge`: the SDK's own client over stdio → the bridge → a local Streamable-HTTP MCP server (the
// SDK's server transport on 127.0.0.1) that accepts the emulator's OAuth 2.0 user tokens; everything else on
// that origin (the token endpoint) is passed to the emulator. The session id is echoed, a 401 renews the
// token once, a failing remote still answers the request id, credentials go only to the configured origin.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireAccessTokens, userToken } from '../../src/emulator/oauth2-state.js';
import { EMU_USER } from '../../src/emulator/state.js';
import { fileEmulator } from '../helpers/emulator.js';
import { mcpSession, type McpSession } from '../helpers/mcp.js';
import { type OAuth2Profile, oauth2Only } from '../helpers/oauth2.js';

const emu = fileEmulator();
let login: OAuth2Profile;
let server: Server;
let origin: string;
/** Session ids seen on each POST to /mcp (undefined before the server assigned one). */
const seen: Array<string | undefined> = [];
let failNext: number | undefined;
let hugeNext = false;

async function body(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of req) parts.push(c as Buffer);
  return Buffer.concat(parts);
}

function mcpApp() {
  const mcp = new McpServer({ name: 'remote-test', version: '1.0.0' });
  mcp.registerTool('whoami', { description: 'the user the token belongs to' }, async (extra) => ({
    content: [{ type: 'text', text: String(extra.authInfo?.clientId ?? '') }],
  }));
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: () => randomUUID() });
  return { ready: mcp.connect(transport), transport };
}

beforeAll(async () => {
  login = await oauth2Only(emu);
  let app = mcpApp();
  server = createServer(async (req, res) => {
    if (req.url === '/mcp') {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
      const user = userToken(emu.state, token);
      if (typeof user !== 'object') return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"invalid_token"}');
      if (req.method === 'POST') seen.push(req.headers['mcp-session-id'] as string | undefined);
      if (failNext) {
        res.writeHead(failNext).end('upstream down');
        failNext = undefined;
        return;
      }
      await app.ready;
      const parsed = req.method === 'POST' ? JSON.parse((await body(req)).toString('utf8')) : undefined;
      if (hugeNext) {
        hugeNext = false;
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: parsed.id, result: { pad: 'x'.repeat(5 << 20) } }));
        return;
      }
      (req as IncomingMessage & { auth?: unknown }).auth = { token, clientId: user.userId, scopes: [] };
      await app.transport.handleRequest(req as never, res, parsed);
      if (req.method === 'DELETE') app = mcpApp();
      return;
    }
    // The token endpoint and anything else: the emulator's.
    const r = await fetch(`${emu.url}${req.url}`, {
      method: req.method!,
      headers: Object.fromEntries(Object.entries(req.headers).filter(([k]) => k !== 'host' && k !== 'content-length')) as Record<
        string,
        string
      >,
      ...(req.method === 'GET' ? {} : { body: await body(req) }),
    });
    res
      .writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? 'application/json' })
      .end(Buffer.from(await r.arrayBuffer()));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const bridgeEnv = () => ({ ...emu.cliEnv(), POSTCTL_CONFIG_DIR: login.dir, HOME: login.dir, POSTCTL_API_URL: origin });

describe('mcp bridge', () => {
  let s: McpSession;
  beforeAll(async () => {
    s = await mcpSession(['mcp', 'bridge'], bridgeEnv());
  });
  afterAll(async () => {
    await s?.close();
  });

  it('relays a session: the remote tools, called with the profile token, the session id echoed', async () => {
    expect((await s.client.listTools()).tools.map((t) => t.name)).toEqual(['whoami']);
    const r = (await s.client.callTool({ name: 'whoami', arguments: {} })) as { content: Array<{ text: string }> };
    expect(r.content[0]!.text).toBe(EMU_USER.id);
    // The first POST (initialize) had none; every later one carries the id the server assigned.
    expect(seen[0]).toBeUndefined();
    expect(seen.length).toBeGreaterThan(2);
    expect(new Set(seen.slice(1)).size).toBe(1);
    expect(seen[1]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a 401 renews the OAuth 2.0 token once and retries', async () => {
    const refreshes = () => emu.state.requests('POST', '/2/oauth2/token').length;
    const before = refreshes();
    expect(expireAccessTokens(emu.state)).toBeGreaterThan(0);
    const r = (await s.client.callTool({ name: 'whoami', arguments: {} })) as { content: Array<{ text: string }> };
    expect(r.content[0]!.text).toBe(EMU_USER.id);
    expect(refreshes()).toBe(before + 1);
  });

  it('a failing remote still answers the request id, with an error in the server range', async () => {
    failNext = 502;
    const err = await s.client.callTool({ name: 'whoami', arguments: {} }).then(
      () => undefined,
      (e: { code?: number; message?: string }) => e,
    );
    expect(err?.code).toBe(-32002);
    expect(err?.message).toMatch(/HTTP 502/);
    // The session goes on.
    expect((await s.client.listTools()).tools).toHaveLength(1);
  });

  it('a reply over the bound (4 MiB) is not relayed: the request id gets an error instead', async () => {
    hugeNext = true;
    const err = await s.client.callTool({ name: 'whoami', arguments: {} }).then(
      () => undefined,
      (e: { code?: number; message?: string }) => e,
    );
    expect(err?.code).toBe(-32002);
    expect(err?.message).toMatch(/reply cannot be relayed: a reply over 4194304 bytes/);
  });
});

describe('mcp bridge: refusals', () => {
  it('credentials go only to the configured API origin', async () => {
    const r = await login.run(['mcp', 'bridge', 'https://mcp.example.com/mcp', '-o', 'json'], { env: { POSTCTL_API_URL: origin } });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/refusing to send the OAuth 2.0 token to https:\/\/mcp\.example\.com/);
  });

  it('a message over the bound is answered by id and not sent', async () => {
    const before = seen.length;
    const big = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list', params: { pad: 'x'.repeat(1.2 * 1024 * 1024) } });
    const r = await login.run(['mcp', 'bridge'], { env: { POSTCTL_API_URL: origin, POSTCTL_MCP_MAX_MESSAGE_MB: '1' }, input: `${big}\n` });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: 7, error: { code: -32003 } });
    expect(seen.length).toBe(before);
  });
});
