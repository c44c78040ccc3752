// Replies that are empty, huge or poisoned, and numbers in the environment that
// are not numbers: each through the built CLI against a hostile loopback server.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { hostileServer, json, rssEnv, type Hostile } from '../helpers/hostile.js';

let h: Hostile;
beforeAll(async () => {
  h = await hostileServer();
});
afterAll(() => h.close());

describe('empty 2xx bodies', () => {
  for (const [label, body] of [
    ['empty', ''],
    ['blank', ' \r\n\t '],
  ] as const) {
    it(`posts lookup answered 200 with an ${label} body: exit 7 naming the status, nothing on stdout`, async () => {
      h.handle((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
      });
      const r = await runCli(['posts', 'lookup', '1460323737035677698', '-o', 'json'], { env: h.env() });
      expect(r.code).toBe(7);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`answered HTTP 200 with a body that is not JSON: (empty, ${Buffer.byteLength(body)} bytes)`);
      expect(r.errorJson().error.exit_code).toBe(7);
      expect(h.requests).toHaveLength(1);
    });
  }

  it('ads line-items list answered 200 with nothing: exit 7, not an empty list', async () => {
    h.handle((_req, res) => res.end());
    const r = await runCli(['ads', 'line-items', 'list', '-o', 'json'], { env: h.env() });
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('HTTP 200 with a body that is not JSON: (empty, 0 bytes)');
  });

  it('posts search answered 204: still no data, exit 7 is not claimed (204 means no content on purpose)', async () => {
    h.handle((_req, res) => {
      res.writeHead(204);
      res.end();
    });
    const r = await runCli(['posts', 'search', 'hello', '-o', 'json'], { env: h.env() });
    expect(r.code).toBe(0);
    expect(h.requests).toHaveLength(1);
  });
});

describe('bodies too large to read', () => {
  it('a 200 MB page (no Content-Length): exit 7 past the 64 MB cap, read in bounded memory', async () => {
    let written = 0;
    h.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      res.write('{"data":[');
      const pump = () => {
        while (written < 200 * 1024 * 1024) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end(']}');
      };
      res.on('close', () => undefined);
      pump();
    });
    const rss = join(tempDir(), 'rss');
    const t0 = Date.now();
    const r = await runCli(['ads', 'line-items', 'list', '-o', 'json'], { env: h.env(rssEnv(rss)) });
    const ms = Date.now() - t0;
    const peak = Number(readFileSync(rss, 'utf8')) / 1024;
    console.log(
      `[hostile] 200 MB page: exit ${r.code} in ${ms} ms, peak RSS ${peak.toFixed(0)} MB, ${(written / 1048576).toFixed(0)} MB written`,
    );
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('answered HTTP 200 with a body larger than 64 MB; it was not read');
    expect(peak).toBeLessThan(250);
    expect(written).toBeLessThan(200 * 1024 * 1024);
  }, 30_000);

  it('an announced 400 MB token response: exit 7 at once, and the body is never read', async () => {
    h.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(400 * 1024 * 1024) });
      res.write('{"token_type":"bearer","access_token":"');
    });
    const r = await runCli(['posts', 'lookup', '1460323737035677698'], { env: h.env({ POSTCTL_BEARER_TOKEN: undefined }) });
    expect(r.code).toBe(9);
    // A token request whose answer could not be read: the service may have acted on it (a rotated refresh
    // token), so it is "maybe sent" (exit 9, sent: unknown), not a plain network failure.
    expect(r.errorJson().error.sent).toBe('unknown');
    expect(r.stderr).toContain('POST /oauth2/token answered HTTP 200 with a body larger than 64 MB (419430400 bytes announced)');
    expect(h.requests.map((s) => s.path)).toEqual(['/oauth2/token']);
  });

  it('POSTCTL_MAX_BODY_MB=1 lowers the cap: a 2 MB error body is exit 7 too', async () => {
    h.handle((_req, res) => json(res, { detail: 'x'.repeat(2 * 1024 * 1024) }, 400));
    const r = await runCli(['posts', 'lookup', '1460323737035677698'], { env: h.env({ POSTCTL_MAX_BODY_MB: '1' }) });
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('answered HTTP 400 with a body larger than 1 MB');
  });
});

describe('error text from the server is clipped and inert', () => {
  it('a 10 MB error detail: the error line and the JSON error line stay short', async () => {
    h.handle((_req, res) =>
      json(res, { title: 'Invalid Request', detail: `bad ${'d'.repeat(10 * 1024 * 1024)}`, type: 'about:blank', status: 400 }, 400),
    );
    const r = await runCli(['posts', 'lookup', '1460323737035677698', '-o', 'json'], { env: h.env() });
    console.log(`[hostile] 10 MB error detail: stderr ${r.stderr.length} characters, exit ${r.code}`);
    expect(r.code).toBe(6);
    expect(r.stderr.length).toBeLessThan(20_000);
    const last = r.stderr.trim().split('\n').pop()!;
    expect(last.length).toBeLessThan(10_000);
    expect(JSON.parse(last).error.message).toMatch(/…\(\d+ bytes\)/);
  });

  it('U+202E and C1 controls in an error: visible escapes in the error: line, \\u escapes in the JSON line', async () => {
    h.handle((_req, res) =>
      json(res, { title: 'Forbidden', detail: 'evil\u202Etxt.exe \u009b31m red', type: 'about:blank', status: 400 }, 400),
    );
    const r = await runCli(['posts', 'lookup', '1460323737035677698', '-o', 'json'], { env: h.env() });
    expect(r.code).toBe(6);
    expect(r.stderr).not.toMatch(/[\u202e\u009b]/);
    expect(r.stderr).toContain('evil\\u202etxt.exe \\x9b31m red');
    expect(r.errorJson().error.message).toContain('evil\u202Etxt.exe \u009b31m red');
    expect(r.stderr.trim().split('\n').pop()).toContain('evil\\u202etxt.exe \\u009b31m');
  });
});

describe('numbers in the environment', () => {
  for (const [name, value] of [
    ['POSTCTL_MAX_RETRIES', 'abc'],
    ['POSTCTL_RETRY_BASE_MS', 'abc'],
    ['POSTCTL_TIMEOUT', '-1'],
    ['POSTCTL_MAX_WAIT', '1e400'],
    ['POSTCTL_MAX_BODY_MB', '0'],
  ] as const) {
    it(`${name}=${value}: exit 2 naming the variable, nothing sent`, async () => {
      h.handle((_req, res) => json(res, { errors: [{ code: 130, message: 'Over capacity' }] }, 503));
      const r = await runCli(['request', 'GET', '/2/posts', '-f', 'ids=1'], { env: h.env({ [name]: value }) });
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`error: ${name} must be`);
      expect(r.stderr).toContain(`got ${JSON.stringify(value)}`);
      expect(h.requests).toHaveLength(0);
    });
  }
});
