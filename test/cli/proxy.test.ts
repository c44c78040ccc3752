// HTTP(S)_PROXY / NO_PROXY are honoured: requests go through a real CONNECT
// proxy on loopback, or around it when NO_PROXY names the host.
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';

let emu: TestEmulator;
let proxy: Server;
let proxyUrl: string;
const tunnels: string[] = [];

beforeAll(async () => {
  // Deliberately the spec's neutral names (this file asserts /2/posts).
  emu = await testEmulator({ names: 'neutral' });
  proxy = createServer((_req, res) => res.writeHead(405).end());
  proxy.on('connect', (req, socket, head) => {
    tunnels.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  proxy.closeAllConnections();
  proxy.close();
  await emu.close();
});

describe('proxy support', () => {
  it('sends requests through HTTP_PROXY', async () => {
    tunnels.length = 0;
    const r = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=7'], { env: { HTTP_PROXY: proxyUrl, NO_PROXY: '' } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(tunnels).toEqual([`127.0.0.1:${emu.port}`]);
  });

  it('bypasses the proxy for hosts in NO_PROXY', async () => {
    tunnels.length = 0;
    const r = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=8'], { env: { HTTP_PROXY: proxyUrl, NO_PROXY: '127.0.0.1' } });
    expect(r.code).toBe(0);
    expect(tunnels).toEqual([]);
  });
});
