// A server that misbehaves on purpose (the emulator's 'reply' and 'trickle'
// fault hooks): rate-limit resets that never arrive, 24-hour caps, 2xx bodies
// that are not JSON, a body trickled one byte at a time, and the ads API's
// transient 408/423. Every figure is a request count from the emulator's log.
import { describe, expect, it } from 'vitest';
import { fileEmulator, testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';

const emu = fileEmulator();
/** Fault path: a regex for v2 paths only (a bare '/2/' would be read as the regex 2 and also hit /oauth2/token). */
const V2 = '/^\\/2\\//';
const LINE_ITEM = `/12/accounts/${EMU_ACCOUNT}/line_items/8u94t`;
const nowSec = () => Math.floor(Date.now() / 1000);
const since = (before: number, path: string) => emu.state.log.slice(before).filter((e) => e.path.includes(path));

/** A 429 whose only reset header is `reset`, answered to every matching request (of `on`, by default the file's emulator). */
function rateLimitedWithReset(reset: string | undefined, path = V2, on: TestEmulator = emu) {
  const headers: Record<string, string> = { 'x-rate-limit-limit': '900', 'x-rate-limit-remaining': '0' };
  if (reset !== undefined) headers['x-rate-limit-reset'] = reset;
  on.state.faults.add({
    kind: 'reply',
    status: 429,
    path,
    times: 10_000,
    body: '{"errors":[{"code":88,"message":"Rate limit exceeded"}]}',
    headers,
  });
}

/** Runs `test` with an emulator of its own (closed after), so the waiting tests below can run at once. */
async function ownEmulator(test: (own: TestEmulator) => Promise<void>): Promise<void> {
  const own = await testEmulator();
  try {
    await test(own);
  } finally {
    await own.close();
  }
}

// These mostly wait out real backoff (POSTCTL_RETRY_BASE_MS unset): concurrently, each on its own emulator,
// they take the longest one's time instead of the sum.
describe.concurrent('rate-limit resets that cannot be trusted', () => {
  // Real default backoff, 10 s of --max-wait.
  it(
    'a reset already in the past: at most 8 requests in 10 s, then exit 5',
    () =>
      ownEmulator(async (own) => {
        rateLimitedWithReset(String(nowSec() - 120), V2, own);
        const r = await own.run(['request', 'GET', '/2/posts', '-f', 'ids=1', '--max-wait', '10'], {
          env: { POSTCTL_RETRY_BASE_MS: undefined },
        });
        const n = own.state.log.filter((e) => e.path.includes('/2/')).length;
        console.log(`[hostile] past reset, --max-wait 10: ${n} requests, exit ${r.code}`);
        expect(r.code).toBe(5);
        expect(n).toBeGreaterThanOrEqual(2);
        expect(n).toBeLessThanOrEqual(8);
        expect(r.stderr).toContain('no usable reset');
      }),
    30_000,
  );

  // Before the fix, these waited 0–0.5 s each: 6 or more requests in 3 s.
  for (const [label, reset] of [
    ['missing', undefined],
    ['0', '0'],
    ['1.5', '1.5'],
    [' 12', ' 12'],
    ['30 days ahead', String(nowSec() + 30 * 86_400)],
  ] as const) {
    it(
      `reset ${label}: treated as no reset, backoff within --max-wait 3`,
      () =>
        ownEmulator(async (own) => {
          rateLimitedWithReset(reset, V2, own);
          const r = await own.run(['request', 'GET', '/2/posts', '-f', 'ids=1', '--max-wait', '3'], {
            env: { POSTCTL_RETRY_BASE_MS: undefined },
          });
          const n = own.state.log.filter((e) => e.path.includes('/2/')).length;
          console.log(`[hostile] reset ${JSON.stringify(reset)}, --max-wait 3: ${n} requests, exit ${r.code}`);
          expect(r.code).toBe(5);
          expect(n).toBeGreaterThanOrEqual(1);
          expect(n).toBeLessThanOrEqual(4);
        }),
      20_000,
    );
  }
});

describe('24-hour caps', () => {
  for (const scope of ['app', 'user'] as const) {
    it(`an exhausted ${scope} cap stops at once with exit 5 and the reset time`, async () => {
      const reset = nowSec() + 5 * 3600;
      emu.state.faults.add({
        kind: 'reply',
        status: 429,
        path: V2,
        times: 100,
        body: '{"title":"Too Many Requests","detail":"Too Many Requests","type":"about:blank","status":429}',
        headers: {
          [`x-${scope}-limit-24hour-limit`]: '17',
          [`x-${scope}-limit-24hour-remaining`]: '0',
          [`x-${scope}-limit-24hour-reset`]: String(reset),
          'x-rate-limit-reset': String(nowSec() + 2),
        },
      });
      const before = emu.state.log.length;
      const r = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=1']);
      expect(r.code).toBe(5);
      expect(since(before, '/2/')).toHaveLength(1);
      expect(r.stderr).toContain(`24-hour ${scope} cap (0 of 17 left) is used up`);
      expect(r.stderr).toContain(new Date(reset * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'));
    });
  }

  it('a cap with requests left does not stop the ordinary 429 wait', async () => {
    emu.state.faults.add({
      kind: 'reply',
      status: 429,
      path: V2,
      times: 1,
      body: '{"errors":[{"code":88,"message":"Rate limit exceeded"}]}',
      // 4 s ahead: still ahead when a slow start delays the first request (a reset already past is not waited for).
      headers: { 'x-app-limit-24hour-remaining': '5', 'x-rate-limit-reset': String(nowSec() + 4) },
    });
    const before = emu.state.log.length;
    const r = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=1']);
    expect(r.code).toBe(0);
    expect(since(before, '/2/').map((e) => e.status)).toEqual([429, 200]);
    // The platform API's x-rate-limit-reset is what is waited for (the retry line names its cause),
    // not a backoff that merely happens to outlast the reset.
    expect(r.stderr).toMatch(
      /^retrying GET \/2\/posts after rate limited \(429\); waiting for the announced reset \(attempt 2 of \d+\) in /m,
    );
  });
});

describe('2xx bodies that are not JSON', () => {
  const html = '<html><title>Proxy login</title>\u001b]0;pwned\u0007\u001b[2J</html>';

  it('posts lookup: exit 7 with the status and the first bytes, neutralised; never {} and exit 0', async () => {
    emu.state.faults.add({ kind: 'reply', status: 200, path: V2, times: 1, body: html, contentType: 'text/html' });
    const r = await emu.run(['posts', 'lookup', '1460323737035677698', '-o', 'json']);
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    // The lookup itself (not the bearer-token fetch before it) got the page.
    expect(r.stderr).toMatch(
      /GET \/2\/\w+ answered HTTP 200 with a body that is not JSON: <html><title>Proxy login<\/title>␛\]0;pwned\\x07␛\[2J/,
    );
    expect(r.stderr).not.toContain('\u001b');
    expect(r.stderr).not.toContain('\u0007');
    expect(r.errorJson().error).toMatchObject({ exit_code: 7, code: 'network' });
  });

  it('ads line-items get with a truncated JSON body: exit 7, not "internal error"', async () => {
    emu.state.faults.add({
      kind: 'reply',
      status: 200,
      path: LINE_ITEM,
      times: 1,
      body: '{"request":{"params":{}},"data":{"id":"8u94t","na',
    });
    const r = await emu.run(['ads', 'line-items', 'get', '8u94t']);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('HTTP 200 with a body that is not JSON: {"request"');
    expect(r.stderr).not.toMatch(/internal error/i);
  });

  it('a long body is clipped in the message', async () => {
    emu.state.faults.add({ kind: 'reply', status: 200, path: V2, times: 1, body: 'x'.repeat(100_000), contentType: 'text/plain' });
    const r = await emu.run(['posts', 'lookup', '1460323737035677698']);
    expect(r.code).toBe(7);
    expect(r.stderr.length).toBeLessThan(2000);
    expect(r.stderr).toMatch(/x{120}…\(100000 bytes\)/);
  });

  it('`postctl request` does not interpret bodies: the bytes go to stdout, exit 0', async () => {
    emu.state.faults.add({ kind: 'reply', status: 200, path: V2, times: 1, body: 'plain text, no newline', contentType: 'text/plain' });
    const r = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=1']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('plain text, no newline');
  });
});

describe('a server that trickles the body', () => {
  it('one byte every 400 ms cannot hold a request past --timeout 1: exit 7 naming the timeout', async () => {
    emu.state.faults.add({ kind: 'trickle', path: V2, intervalMs: 400, times: 10 });
    const before = emu.state.log.length;
    const r = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=1', '--timeout', '1'], { env: { POSTCTL_MAX_RETRIES: '1' } });
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('no complete response within --timeout 1 s');
    // One retry (idempotent GET), each attempt cut at the deadline.
    expect(since(before, '/2/')).toHaveLength(2);
  });

  it('posts lookup against the same trickle: exit 7, nothing on stdout', async () => {
    emu.state.faults.add({ kind: 'trickle', path: V2, intervalMs: 400, times: 10 });
    const r = await emu.run(['posts', 'lookup', '1460323737035677698', '--timeout', '1'], { env: { POSTCTL_MAX_RETRIES: '0' } });
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--timeout 1 s');
  });
});

describe("the ads API's 408 CANCELLED_REQUEST and 423 LOCK_ACQUISITION_TIMEOUT", () => {
  const adsError = (code: string) => JSON.stringify({ errors: [{ code, message: `${code} (injected)` }], request: { params: {} } });

  it('are retried like a 503 and the command succeeds', async () => {
    emu.state.faults.add({ kind: 'reply', status: 408, path: LINE_ITEM, times: 1, body: adsError('CANCELLED_REQUEST') });
    emu.state.faults.add({ kind: 'reply', status: 423, path: LINE_ITEM, times: 1, body: adsError('LOCK_ACQUISITION_TIMEOUT') });
    const before = emu.state.log.length;
    const r = await emu.run(['ads', 'line-items', 'get', '8u94t', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.json().data.id).toBe('8u94t');
    expect(since(before, LINE_ITEM).map((e) => e.status)).toEqual([408, 423, 200]);
  });

  it('persistent 423: bounded retries, then exit 7', async () => {
    emu.state.faults.add({ kind: 'reply', status: 423, path: LINE_ITEM, times: 100, body: adsError('LOCK_ACQUISITION_TIMEOUT') });
    const before = emu.state.log.length;
    const r = await emu.run(['ads', 'line-items', 'get', '8u94t'], { env: { POSTCTL_MAX_RETRIES: '2' } });
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('LOCK_ACQUISITION_TIMEOUT');
    expect(since(before, LINE_ITEM)).toHaveLength(3);
  });
});
