// One credential rule for every scheme: OAuth 1.0a, an OAuth 2.0 user token, the app-only bearer and Basic
// go only to the configured origins. Two foreign listeners (127.0.0.2 and another port of 127.0.0.1) count
// the connections they accept and answer 401 to anything that does arrive, which is what would invite an
// OAuth 2.0 refresh: "nothing sent" is a count of zero, "no refresh" is an emulator that saw no token request
// and a stored login that did not change. The same through `postctl mcp`'s request tool on a read-only server.
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, type AuthMode, type OAuth2Hook } from '../../src/http/client.js';
import { fileEmulator } from '../helpers/emulator.js';
import { mcpSession, type ToolResult } from '../helpers/mcp.js';
import { oauth2Only, type OAuth2Profile } from '../helpers/oauth2.js';

const emu = fileEmulator();

interface Counter {
  url: string;
  connections: number;
  server: Server;
}
const counters: Counter[] = [];

async function counter(host: string): Promise<Counter> {
  const c: Counter = { url: '', connections: 0, server: createServer() };
  c.server.on('connection', () => c.connections++);
  c.server.on('request', (_req, res) => {
    res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer error="invalid_token"' });
    res.end('{"title":"Unauthorized","status":401}');
  });
  await new Promise<void>((resolve, reject) => {
    c.server.once('error', reject);
    c.server.listen(0, host, () => resolve());
  });
  c.url = `http://${host}:${(c.server.address() as AddressInfo).port}`;
  return c;
}

const connections = () => counters.reduce((n, c) => n + c.connections, 0);
const tokenRequests = () => emu.state.log.filter((e) => /oauth2\/token$/.test(e.path)).length;

let login: OAuth2Profile;
const storedLogin = () => JSON.parse(readFileSync(join(login.dir, 'config.json'), 'utf8')).profiles.default.oauth2;

beforeAll(async () => {
  counters.push(await counter('127.0.0.2'), await counter('127.0.0.1'));
  login = await oauth2Only(emu);
});
afterAll(async () => {
  for (const c of counters) {
    c.server.closeAllConnections();
    await new Promise<void>((resolve) => c.server.close(() => resolve()));
  }
});
beforeEach(() => {
  for (const c of counters) c.connections = 0;
});

/** Each scheme as the CLI is asked for it, and the run that holds its credentials. */
const SCHEMES = [
  { scheme: 'OAuth 1.0a (--auth user)', args: ['--auth', 'user'], oauth2: false },
  { scheme: 'OAuth 2.0 user token (--auth oauth2)', args: ['--auth', 'oauth2'], oauth2: true },
  { scheme: 'OAuth 2.0 user token (the only login, no --auth)', args: [], oauth2: true },
  { scheme: 'app-only bearer (--auth app)', args: ['--auth', 'app'], oauth2: false },
  { scheme: 'Basic consumer key and secret (--auth basic)', args: ['--auth', 'basic'], oauth2: false },
] as const;

describe('every scheme to a foreign origin: exit 2, no connection, no refresh', () => {
  for (const s of SCHEMES)
    for (const where of ['127.0.0.2', 'another port of 127.0.0.1'] as const)
      it(`${s.scheme} to ${where}`, async () => {
        const foreign = counters[where === '127.0.0.2' ? 0 : 1]!.url;
        const before = emu.state.log.length;
        const stored = storedLogin();
        const argv = ['request', 'GET', `${foreign}/2/posts?ids=1`, ...s.args, '-o', 'json'];
        const r = s.oauth2 ? await login.run(argv) : await emu.run(argv, { env: { POSTCTL_BEARER_TOKEN: 'sweep-bearer-0123456789' } });
        expect(r.code, r.stderr).toBe(2);
        expect(r.errorJson().error.message).toMatch(/^refusing to send .* to http:\/\/127\.0\.0\.\d:\d+: credentials go only/);
        expect(r.stdout).toBe('');
        expect(connections()).toBe(0);
        // Nothing at the configured origin either: no bearer fetch, no refresh.
        expect(emu.state.log.slice(before).map((e) => `${e.method} ${e.path}`)).toEqual([]);
        expect(storedLogin()).toEqual(stored);
      });

  it('an expired OAuth 2.0 login: refused before the refresh it would need', async () => {
    const file = join(login.dir, 'config.json');
    const data = JSON.parse(readFileSync(file, 'utf8'));
    const original = JSON.stringify(data);
    data.profiles.default.oauth2.expires_at = new Date(Date.now() - 60_000).toISOString();
    writeFileSync(file, JSON.stringify(data), { mode: 0o600 });
    try {
      const tokens = tokenRequests();
      const r = await login.run(['request', 'GET', `${counters[0]!.url}/2/users/me`, '--auth', 'oauth2']);
      expect(r.code, r.stderr).toBe(2);
      expect(connections()).toBe(0);
      expect(tokenRequests()).toBe(tokens);
    } finally {
      writeFileSync(file, original, { mode: 0o600 });
    }
  });

  it('the same login on the configured origin is sent, and its absolute URL too', async () => {
    const r = await login.run(['request', 'GET', `${emu.url}/2/users/me`, '--auth', 'oauth2']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data.id).toBeTypeOf('string');
    expect(connections()).toBe(0);
  });

  it('postctl mcp (read-only): the request tool with the OAuth 2.0 login is refused, nothing sent', async () => {
    const env = emu.cliEnv({
      POSTCTL_CONFIG_DIR: login.dir,
      HOME: login.dir,
      POSTCTL_ACCESS_TOKEN: undefined,
      POSTCTL_ACCESS_TOKEN_SECRET: undefined,
      POSTCTL_CONSUMER_KEY: undefined,
      POSTCTL_CONSUMER_SECRET: undefined,
      POSTCTL_BEARER_TOKEN: undefined,
    });
    const s = await mcpSession(['mcp', '--tools', 'request'], env);
    try {
      const tokens = tokenRequests();
      for (const auth of [undefined, 'oauth2']) {
        const r = (await s.client.callTool({
          name: 'request',
          arguments: { method: 'GET', path: `${counters[1]!.url}/2/users/me`, ...(auth ? { auth } : {}) },
        })) as ToolResult;
        expect(r.isError).toBe(true);
        expect(r.structuredContent?.error).toMatchObject({ exit_code: 2 });
        expect(String(r.structuredContent?.error?.message)).toContain('the OAuth 2.0 user access token');
      }
      expect(connections()).toBe(0);
      expect(tokenRequests()).toBe(tokens);
    } finally {
      await s.close();
    }
  });
});

describe('the client: one rule whatever carries the credentials', () => {
  const hook = (): OAuth2Hook & { calls: number } => {
    const h = {
      calls: 0,
      header: async () => {
        h.calls++;
        return 'Bearer hook-access-token';
      },
      unauthorized: async () => {
        h.calls++;
        return true;
      },
    };
    return h;
  };
  const client = (oauth2?: OAuth2Hook) =>
    new ApiClient({
      urls: { platform: emu.url, ads: emu.url, 'ads-sandbox': emu.url },
      credentials: { consumerKey: 'ck', consumerSecret: 'cs', accessToken: '1-at', accessTokenSecret: 'ats', bearerToken: 'bt' },
      getBearer: async () => 'fetched-bearer',
      maxRetries: 0,
      ...(oauth2 ? { oauth2 } : {}),
    });

  for (const auth of ['user', 'app', 'basic', 'oauth2'] as AuthMode[])
    it(`auth ${auth}, request and stream: a UsageError before the token is even read`, async () => {
      const h = hook();
      const c = client(h);
      try {
        for (const send of [c.request.bind(c), c.stream.bind(c)])
          await expect(send({ method: 'GET', path: `${counters[0]!.url}/2/users/me`, auth })).rejects.toMatchObject({ exitCode: 2 });
        expect(h.calls).toBe(0);
        expect(connections()).toBe(0);
      } finally {
        await c.close();
      }
    });

  it('auth none with an Authorization header set by the caller (the OAuth 2.0 client Basic, a fresh token) is credentials too', async () => {
    const c = client();
    try {
      for (const authorization of ['Basic Y2xpZW50OnNlY3JldA==', 'Bearer fresh-access-token'])
        await expect(
          c.request({
            method: 'POST',
            path: `${counters[1]!.url}/2/oauth2/token`,
            auth: 'none',
            headers: { Authorization: authorization },
          }),
        ).rejects.toThrow(/refusing to send an Authorization header to http:\/\/127\.0\.0\.1:/);
      expect(connections()).toBe(0);
    } finally {
      await c.close();
    }
  });
});
