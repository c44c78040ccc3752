// Credentials go only to the configured origins. A second listener on
// 127.0.0.2 plays the foreign host: it records every request it receives, so
// "nothing sent" is a count of zero, and "--auth none" shows what did arrive.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}
const received: Received[] = [];
let foreign: Server;
let foreignUrl = '';

beforeAll(async () => {
  foreign = createServer((req, res) => {
    received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"data":[{"id":"1","text":"from the foreign host"}]}');
  });
  await new Promise<void>((resolve, reject) => {
    foreign.once('error', reject);
    foreign.listen(0, '127.0.0.2', () => resolve());
  });
  foreignUrl = `http://127.0.0.2:${(foreign.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => foreign.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
});

describe('credentials only to the configured origins', () => {
  for (const mode of ['user', 'app', 'basic'] as const) {
    it(`--auth ${mode} to another origin: exit 2, nothing sent anywhere`, async () => {
      const before = emu.state.log.length;
      const r = await emu.run(['request', 'GET', `${foreignUrl}/2/posts?ids=1`, '--auth', mode], {
        env: { POSTCTL_BEARER_TOKEN: 'bearer-from-env-123456' },
      });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`refusing to send`);
      expect(r.stderr).toContain('127.0.0.2');
      expect(r.stdout).toBe('');
      expect(received).toHaveLength(0);
      // Not even a bearer-token fetch from the configured origin.
      expect(emu.state.log.length).toBe(before);
    });
  }

  it('the default auth (user context) to another origin is refused too', async () => {
    const r = await emu.run(['request', 'GET', `${foreignUrl}/2/posts`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--auth none/);
    expect(received).toHaveLength(0);
  });

  it('userinfo does not disguise the origin (http://127.0.0.1:PORT@127.0.0.2:…)', async () => {
    const trick = foreignUrl.replace('http://', `http://127.0.0.1:${emu.port}@`);
    const r = await emu.run(['request', 'GET', `${trick}/2/posts`, '--auth', 'basic']);
    expect(r.code).toBe(2);
    expect(received).toHaveLength(0);
  });

  it('an app-only bearer from the environment is never sent to another origin (-o json error names the origin)', async () => {
    const r = await emu.run(['request', 'GET', `${foreignUrl}/2/posts`, '--auth', 'app', '-o', 'json'], {
      env: { POSTCTL_BEARER_TOKEN: 'bearer-from-env-123456' },
    });
    expect(r.code).toBe(2);
    expect(r.errorJson().error).toMatchObject({ exit_code: 2, code: 'usage' });
    expect(r.stdout + r.stderr).not.toContain('bearer-from-env-123456');
    expect(received).toHaveLength(0);
  });

  it('--auth none may go to another origin, and carries no credentials', async () => {
    const r = await emu.run(['request', 'GET', `${foreignUrl}/2/posts?ids=1`, '--auth', 'none']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data[0].text).toBe('from the foreign host');
    expect(received).toHaveLength(1);
    expect(received[0]!.headers.authorization).toBeUndefined();
    expect(received[0]!.url).toBe('/2/posts?ids=1');
  });

  it('--auth none over plain http to a non-loopback host is refused before any lookup', async () => {
    const r = await emu.run(['request', 'GET', 'http://example.invalid/2/posts', '--auth', 'none']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('only over https');
  });

  it('an absolute URL on the configured origin is signed and sent as usual', async () => {
    const before = emu.state.log.length;
    const r = await emu.run(['request', 'GET', `${emu.url}/2/posts?ids=1`]);
    expect(r.code).toBe(0);
    const sent = emu.state.log.slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.auth).toBe('user');
    expect(received).toHaveLength(0);
  });
});
