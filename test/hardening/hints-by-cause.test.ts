// Hints follow the cause, not the code alone: 99 from a failed
// client-credentials exchange is a wrong key/secret unless the server says
// "too often"; 89 on an app-only call means the bearer token, not the user
// login; a host that does not resolve is not retried and names its variable.
import { describe, expect, it } from 'vitest';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator({ bearerMaxRequests: 2 });

describe('hints by cause', () => {
  it('99 after a client-credentials exchange with a fresh (wrong) secret: check the consumer key and secret', async () => {
    const before = emu.state.log.length;
    const r = await emu.run(['auth', 'token'], { env: { POSTCTL_CONSUMER_SECRET: 'a-freshly-regenerated-secret-000' } });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('[99]');
    expect(r.stderr).toContain('check the consumer key and secret');
    expect(r.stderr).not.toContain('too often');
    expect(emu.state.log.slice(before).map((e) => e.path)).toEqual(['/oauth2/token']);
  });

  it('the same through an app-only call that fetches its token first', async () => {
    const r = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=1', '--auth', 'app'], {
      env: { POSTCTL_CONSUMER_SECRET: 'a-freshly-regenerated-secret-000' },
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('check the consumer key and secret');
  });

  it('99 that says "too often" keeps the caching hint', async () => {
    let last: Awaited<ReturnType<typeof emu.run>> | undefined;
    for (let i = 0; i < 3; i++) last = await emu.run(['auth', 'token', '--refresh']);
    expect(last!.code).toBe(3);
    expect(last!.stderr).toContain('too often');
    expect(last!.stderr).toContain('postctl auth logout --bearer');
    expect(last!.stderr).not.toContain('check the consumer key and secret');
  });

  it('89 with an app-only bearer token: `postctl auth token --refresh`, not auth login', async () => {
    const r = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=1', '--auth', 'app'], {
      env: { POSTCTL_BEARER_TOKEN: 'AAAAAAAAAAAAAAAAAAAAArevokedOrBogusBearer' },
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('[89]');
    expect(r.stderr).toContain('postctl auth token --refresh');
    expect(r.stderr).not.toContain('auth login');
  });

  it('89 in user context still says log in again', async () => {
    const r = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=1'], {
      env: { POSTCTL_ACCESS_TOKEN: '1-unknownAccessToken', POSTCTL_ACCESS_TOKEN_SECRET: 'unknown-secret-0000' },
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('postctl auth login');
  });
});

describe('DNS failures', () => {
  // .invalid never resolves (RFC 6761): the resolver answers ENOTFOUND.
  const attempts = (stderr: string) => stderr.split('\n').filter((l) => /^> GET https:/.test(l)).length;

  it('platform: one attempt, "cannot resolve HOST (check POSTCTL_API_URL)", exit 7', async () => {
    const r = await emu.run(['request', 'GET', '/2/posts', '-f', 'ids=1', '--verbose'], {
      env: { POSTCTL_API_URL: 'https://api.postctl-test.invalid' },
    });
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('cannot resolve api.postctl-test.invalid (check POSTCTL_API_URL)');
    expect(attempts(r.stderr)).toBe(1);
    expect(r.stderr).not.toContain('retry');
  });

  it('ads: names POSTCTL_ADS_URL', async () => {
    const r = await emu.run(['ads', 'line-items', 'get', '8u94t', '--verbose'], {
      env: { POSTCTL_ADS_URL: 'https://ads.postctl-test.invalid' },
    });
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('cannot resolve ads.postctl-test.invalid (check POSTCTL_ADS_URL)');
    expect(attempts(r.stderr)).toBe(1);
  });

  it('ads sandbox: names POSTCTL_ADS_SANDBOX_URL', async () => {
    const r = await emu.run(['ads', 'line-items', 'get', '8u94t', '--sandbox'], {
      env: { POSTCTL_ADS_SANDBOX_URL: 'https://sandbox.postctl-test.invalid' },
    });
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('cannot resolve sandbox.postctl-test.invalid (check POSTCTL_ADS_SANDBOX_URL)');
  });
});
