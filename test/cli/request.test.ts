// `postctl request` through the built CLI against the emulator: env-only
// credentials, revoked tokens, retries on 503, persistent 503, 429 waits.
// Every test gets a new emulator: none depends on what another one changed.
import { describe, expect, it } from 'vitest';
import { freshEmulator } from '../helpers/emulator.js';
import { EMU_USER } from '../../src/emulator/state.js';

// Deliberately the spec's neutral names (this file asserts them); official names: wire-names.test.ts, contract.test.ts.
const emu = freshEmulator({ names: 'neutral' });

describe('postctl request', () => {
  it('GET /2/posts with environment credentials returns the JSON envelope', async () => {
    const r = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=1']);
    expect(r.code).toBe(0);
    expect(r.json().data[0]).toMatchObject({ id: '1' });
    expect(r.stderr).toBe('');
    const logged = emu.state.requests('GET', '/2/posts').at(-1)!;
    expect(logged.auth).toBe('user');
    expect(logged.query).toEqual([['ids', '1']]);
  });

  it('a revoked token exits 3 with the code-89 message and a hint', async () => {
    const token = `${EMU_USER.id}-revokedTokenForTest`;
    emu.state.accessTokens.set(token, {
      token,
      secret: 'revoked-secret-123',
      userId: EMU_USER.id,
      consumerKey: 'emu-consumer-key',
      revoked: true,
    });
    const r = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=1'], {
      env: { POSTCTL_ACCESS_TOKEN: token, POSTCTL_ACCESS_TOKEN_SECRET: 'revoked-secret-123' },
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('Invalid or expired token');
    expect(r.stderr).toMatch(/hint: .*postctl auth login/);
    expect(r.errorJson().error).toMatchObject({ exit_code: 3, status: 401, errors: [{ code: 89 }] });
  });

  it('retries injected 503s with a freshly signed request and succeeds', async () => {
    emu.state.faults.add({ kind: 'status', status: 503, times: 2, path: '/2/posts' });
    const before = emu.state.log.length;
    const r = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=2']);
    expect(r.code).toBe(0);
    expect(r.json().data[0].id).toBe('2');
    const attempts = emu.state.log.slice(before);
    expect(attempts.map((e) => e.status)).toEqual([503, 503, 200]);
    // Freshly signed: each attempt carries its own OAuth 1.0a nonce (one signature reused would repeat it).
    const nonces = attempts.map((e) => e.oauthNonce);
    expect(
      nonces.every((n) => typeof n === 'string' && /^[^@]+@\d+$/.test(n)),
      String(nonces),
    ).toBe(true);
    expect(new Set(nonces).size).toBe(3);
  });

  it('persistent 503 exits 7 after bounded retries', async () => {
    emu.state.faults.add({ kind: 'status', status: 503, times: 100, path: '/2/posts' });
    const before = emu.state.log.length;
    const r = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=3'], { env: { POSTCTL_MAX_RETRIES: '3' } });
    emu.state.faults.clear();
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('HTTP 503');
    expect(emu.state.log.length - before).toBe(4);
  });

  it('429 waits for the announced reset, then succeeds', async () => {
    emu.state.faults.add({ kind: '429', times: 1, path: '/2/posts', resetInSec: 1 });
    const r = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=4']);
    expect(r.code).toBe(0);
    const [limited, retried] = emu.state.requests('GET', '/2/posts');
    expect([limited!.status, retried!.status]).toEqual([429, 200]);
    // The retry came after the announced reset (a whole second after the 429), by the emulator's clock.
    expect(retried!.time).toBeGreaterThanOrEqual(Math.ceil(limited!.time / 1000) * 1000);
  });

  it('429 beyond --max-wait exits 5 and says when the window resets', async () => {
    emu.state.faults.add({ kind: '429', times: 1, path: '/2/posts', resetInSec: 30 });
    const r = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=5', '--max-wait', '2']);
    emu.state.faults.clear();
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/resets in \d+ s, beyond --max-wait/);
  });

  it('a not-found problem for every id is data on stdout (request does not interpret envelopes)', async () => {
    const r = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=999']);
    expect(r.code).toBe(0);
    expect(r.json().errors[0].type).toBe('https://api.x.com/2/problems/resource-not-found');
  });

  it('--verbose traces requests without leaking any secret', async () => {
    const env = emu.cliEnv();
    const r = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=6', '--verbose', '--auth', 'app']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('> GET');
    expect(r.stderr).toContain('authorization: Bearer [redacted]');
    const bearer = emu.state.apps.get('emu-consumer-key')!.bearer!;
    for (const secret of [env.POSTCTL_CONSUMER_SECRET!, env.POSTCTL_ACCESS_TOKEN!, env.POSTCTL_ACCESS_TOKEN_SECRET!, bearer]) {
      expect(r.stdout + r.stderr).not.toContain(secret);
    }
    const r2 = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=6', '--verbose']);
    expect(r2.stderr).toContain('authorization: OAuth [redacted]');
    expect(r2.stderr).not.toContain('oauth_signature');
    for (const secret of [env.POSTCTL_CONSUMER_SECRET!, env.POSTCTL_ACCESS_TOKEN!, env.POSTCTL_ACCESS_TOKEN_SECRET!, bearer]) {
      expect(r2.stdout + r2.stderr).not.toContain(secret);
    }
  });

  it('unknown flags exit 2', async () => {
    const r = await emu.run(['request', 'GET', '/2/posts', '--bogus']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--bogus'");
  });
});
