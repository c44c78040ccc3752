// Auth building blocks: the loopback callback server, access-token error
// classification, authorize URLs, browser commands, pending-request age.
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors/api-error.js';
import { browserCommand } from '../../src/auth/browser.js';
import { startCallbackServer, type CallbackServer } from '../../src/auth/callback-server.js';
import { classifyAccessTokenError, explainAccessTokenError, isAlreadyInvalid } from '../../src/auth/errors.js';
import { minutesSince } from '../../src/auth/session.js';
import { profileArg } from '../../src/config/profile-arg.js';
import type { CliError } from '../../src/errors/cli-error.js';
import { mask } from '../../src/output/mask.js';
import { authorizeUrl } from '../../src/platform/oauth.js';

const open: CallbackServer[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
async function server(): Promise<CallbackServer> {
  const s = await startCallbackServer(0);
  open.push(s);
  return s;
}
async function settled<T>(p: Promise<T>): Promise<{ value?: T; error?: CliError }> {
  try {
    return { value: await p };
  } catch (e) {
    return { error: e as CliError };
  }
}

describe('callback server', () => {
  it('listens on 127.0.0.1 and resolves with the verifier of the matching redirect', async () => {
    const s = await server();
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const waiting = s.waitFor('req-token', { timeoutMs: 10_000 });
    const res = await fetch(`${s.url}?oauth_token=req-token&oauth_verifier=ver-123`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('You can close this window');
    expect(await waiting).toBe('ver-123');
  });

  it('answers other paths with 404 and a redirect for another token with 400, and keeps waiting', async () => {
    const s = await server();
    let mismatches = 0;
    const waiting = s.waitFor('mine', { timeoutMs: 10_000, onMismatch: () => mismatches++ });
    expect((await fetch(s.url.replace('/callback', '/favicon.ico'))).status).toBe(404);
    expect((await fetch(`${s.url}?oauth_token=theirs&oauth_verifier=x`)).status).toBe(400);
    expect((await fetch(s.url)).status).toBe(400);
    expect(mismatches).toBe(1);
    await fetch(`${s.url}?oauth_token=mine&oauth_verifier=v`);
    expect(await waiting).toBe('v');
  });

  it('is one-shot: after the login a second redirect finds nothing waiting', async () => {
    const s = await server();
    const waiting = s.waitFor('t', { timeoutMs: 10_000 });
    await fetch(`${s.url}?oauth_token=t&oauth_verifier=v`);
    await waiting;
    const again = await fetch(`${s.url}?oauth_token=t&oauth_verifier=v`);
    expect(again.status).toBe(409);
  });

  it('denied= is a refusal (exit 3); a missing verifier fails (exit 3)', async () => {
    const s1 = await server();
    const denied = settled(s1.waitFor('t', { timeoutMs: 10_000 }));
    expect((await fetch(`${s1.url}?denied=t`)).status).toBe(200);
    expect((await denied).error).toMatchObject({ exitCode: 3, message: expect.stringContaining('refused') });

    const s2 = await server();
    const noVerifier = settled(s2.waitFor('t', { timeoutMs: 10_000 }));
    expect((await fetch(`${s2.url}?oauth_token=t`)).status).toBe(400);
    expect((await noVerifier).error).toMatchObject({ exitCode: 3, message: expect.stringContaining('no oauth_verifier') });
  });

  it('gives up after the wait (exit 3, login_timeout) and stops on abort (exit 130)', async () => {
    const s1 = await server();
    expect((await settled(s1.waitFor('t', { timeoutMs: 20 }))).error).toMatchObject({ exitCode: 3, code: 'login_timeout' });
    const s2 = await server();
    const ac = new AbortController();
    const p = settled(s2.waitFor('t', { timeoutMs: 10_000, signal: ac.signal }));
    ac.abort();
    expect((await p).error).toMatchObject({ exitCode: 130 });
  });

  it('a busy --callback-port is a usage error naming the flag', async () => {
    const busy: Server = await new Promise((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => resolve(srv));
    });
    const port = (busy.address() as { port: number }).port;
    const r = await settled(startCallbackServer(port));
    busy.close();
    expect(r.error).toMatchObject({ exitCode: 2, message: expect.stringContaining(`--callback-port ${port}`) });
  });
});

describe('access-token errors', () => {
  const err = (status: number, body: unknown) =>
    new ApiError({ status, method: 'POST', url: 'https://api.x.com/oauth/access_token', body });

  it('tells a wrong verifier from a dead request token, and leaves other failures alone', () => {
    expect(
      classifyAccessTokenError(
        err(401, { errors: [{ code: 32, message: 'Error processing your OAuth request: Invalid oauth_verifier parameter.' }] }),
      ),
    ).toBe('wrong_verifier');
    expect(classifyAccessTokenError(err(401, 'Error processing your OAuth request: Invalid oauth_verifier parameter'))).toBe(
      'wrong_verifier',
    );
    expect(classifyAccessTokenError(err(401, 'Invalid request token.'))).toBe('request_token_invalid');
    expect(classifyAccessTokenError(err(401, { errors: [{ code: 89, message: 'Invalid or expired token.' }] }))).toBe(
      'request_token_invalid',
    );
    expect(classifyAccessTokenError(err(401, { errors: [{ code: 32, message: 'Could not authenticate you.' }] }))).toBeUndefined();
    expect(classifyAccessTokenError(err(500, 'Invalid request token.'))).toBeUndefined();
    expect(classifyAccessTokenError(new Error('x'))).toBeUndefined();
  });

  it('explains them with the right hint and code', () => {
    const wrong = explainAccessTokenError(err(401, 'Invalid oauth_verifier parameter'), 'pin') as CliError;
    expect(wrong).toMatchObject({ exitCode: 3, code: 'wrong_pin' });
    expect(wrong.hint).toContain('pending request is kept');
    const dead = explainAccessTokenError(err(401, 'Invalid request token.'), 'pin', 42) as CliError;
    expect(dead).toMatchObject({ exitCode: 3, code: 'request_token_invalid' });
    expect(dead.message).toContain('requested 42 minutes ago');
    const other = err(401, { errors: [{ code: 32, message: 'Could not authenticate you.' }] });
    expect(explainAccessTokenError(other, 'pin')).toBe(other);
  });

  it('recognises an already-invalid token (401 code 89) only', () => {
    expect(isAlreadyInvalid(err(401, { errors: [{ code: 89, message: 'Invalid or expired token.' }] }))).toBe(true);
    expect(isAlreadyInvalid(err(401, { errors: [{ code: 32, message: 'Could not authenticate you.' }] }))).toBe(false);
    expect(isAlreadyInvalid(err(403, { errors: [{ code: 89, message: 'x' }] }))).toBe(false);
  });
});

describe('helpers', () => {
  it('authorizeUrl: the page, the request token and the optional parameters; never oauth_callback', () => {
    expect(authorizeUrl('https://api.x.com/', 'authorize', 'tok en')).toBe('https://api.x.com/oauth/authorize?oauth_token=tok+en');
    const u = new URL(authorizeUrl('http://127.0.0.1:9', 'authenticate', 't', { forceLogin: true, screenName: 'emu_dev' }));
    expect(u.pathname).toBe('/oauth/authenticate');
    expect([...u.searchParams]).toEqual([
      ['oauth_token', 't'],
      ['force_login', 'true'],
      ['screen_name', 'emu_dev'],
    ]);
  });

  it('browserCommand per platform passes the URL as one argument', () => {
    const url = 'https://api.x.com/oauth/authenticate?oauth_token=a&force_login=true';
    expect(browserCommand('linux', url)).toEqual(['xdg-open', [url]]);
    expect(browserCommand('darwin', url)).toEqual(['open', [url]]);
    expect(browserCommand('win32', url)).toEqual(['rundll32', ['url.dll,FileProtocolHandler', url]]);
  });

  it('minutesSince, profileArg and mask', () => {
    expect(minutesSince('2026-01-01T00:00:00Z', Date.parse('2026-01-01T00:30:00Z'))).toBe(30);
    expect(minutesSince('not a date')).toBeUndefined();
    expect(profileArg('default', 'default')).toBe('');
    expect(profileArg('default', 'flag')).toBe('--profile default ');
    expect(profileArg('work', 'profile')).toBe('--profile work ');
    expect(mask('emu-consumer-secret-0123456789')).toBe('••••6789 (30 chars)');
    // 16 characters or fewer: nothing of the value is shown (issue 19).
    expect(mask('0123456789abcdef')).toBe('••••');
    expect(mask('0123456789abcdefg')).toBe('••••defg (17 chars)');
    expect(mask('short')).toBe('••••');
    expect(mask(undefined)).toBe('');
  });
});
