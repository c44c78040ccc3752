// Pure parts of the HTTP layer: rate-limit headers, 429 waits, backoff, redaction, URL policy.
import { describe, expect, it } from 'vitest';
import { backoffDelay } from '../../src/http/backoff.js';
import { parseRateLimit, waitFor429 } from '../../src/http/rate-limit.js';
import { Redactor } from '../../src/http/redact.js';
import { assertSafeBaseUrl } from '../../src/http/url-policy.js';
import { encodeParams, parseForm, toParams } from '../../src/http/encode.js';

describe('rate limits', () => {
  const now = 1_800_000_000_000;
  it('prefers the account window, then the endpoint window', () => {
    expect(
      parseRateLimit(
        {
          'x-account-rate-limit-limit': '2000',
          'x-account-rate-limit-remaining': '5',
          'x-account-rate-limit-reset': '1800000060',
          'x-rate-limit-remaining': '1',
        },
        now,
      ),
    ).toEqual({ limit: 2000, remaining: 5, resetAt: 1_800_000_060_000, scope: 'account' });
    expect(
      parseRateLimit({ 'x-rate-limit-limit': '900', 'x-rate-limit-remaining': '899', 'x-rate-limit-reset': '1800000900' }, now),
    ).toMatchObject({ remaining: 899, scope: 'endpoint' });
    expect(parseRateLimit({}, now)).toEqual({});
  });
  it('429 waits: account reset, else endpoint reset, else Retry-After seconds or date', () => {
    expect(waitFor429({ 'x-account-rate-limit-reset': '1800000030', 'x-rate-limit-reset': '1800000090' }, now)).toBe(30_000);
    expect(waitFor429({ 'x-rate-limit-reset': '1800000090' }, now)).toBe(90_000);
    expect(waitFor429({ 'retry-after': '7' }, now)).toBe(7000);
    expect(waitFor429({ 'retry-after': new Date(now + 12_000).toUTCString() }, now)).toBe(12_000);
    expect(waitFor429({}, now)).toBeUndefined();
  });
  it('corrects for server clock skew using the Date header', () => {
    const serverAhead = new Date(now + 60_000).toUTCString();
    expect(waitFor429({ 'x-rate-limit-reset': String((now + 60_000) / 1000 + 10), date: serverAhead }, now)).toBe(10_000);
  });
});

describe('backoff', () => {
  it('grows exponentially, is capped, and keeps at least half the ceiling', () => {
    const p = { baseMs: 100, capMs: 1000 };
    expect(backoffDelay(1, p, () => 0)).toBe(50);
    expect(backoffDelay(3, p, () => 1)).toBe(400);
    expect(backoffDelay(10, p, () => 1)).toBe(1000);
  });
});

describe('redaction', () => {
  const r = new Redactor();
  r.add('s3cr3t-token-value');
  it('scrubs registered secrets, sensitive names, and Authorization', () => {
    expect(r.text('x s3cr3t-token-value y')).toBe('x [redacted] y');
    expect(r.url('https://a/b?oauth_token=abc&ids=1&pin=1234')).toBe('https://a/b?oauth_token=[redacted]&ids=1&pin=[redacted]');
    expect(r.header('authorization', 'OAuth oauth_signature="x"')).toBe('OAuth [redacted]');
    expect(r.body('oauth_token=abc&oauth_token_secret=def&oauth_callback_confirmed=true')).toBe(
      'oauth_token=[redacted]&oauth_token_secret=[redacted]&oauth_callback_confirmed=true',
    );
    expect(r.body('{"token_type":"bearer","access_token":"AAAA"}')).toBe('{"token_type":"bearer","access_token":"[redacted]"}');
  });
});

describe('URL policy and parameters', () => {
  it('https everywhere except loopback', () => {
    expect(() => assertSafeBaseUrl('https://api.x.com')).not.toThrow();
    for (const ok of ['http://127.0.0.1:8787', 'http://localhost:1', 'http://[::1]:2']) expect(() => assertSafeBaseUrl(ok)).not.toThrow();
    for (const bad of ['http://api.x.com', 'ftp://x', 'not a url', 'http://10.0.0.1']) expect(() => assertSafeBaseUrl(bad)).toThrow();
  });
  it('keeps repeated names and encodes per RFC 3986', () => {
    expect(
      encodeParams([
        ['a', '1'],
        ['a', '2 3'],
        ['b', '*'],
      ]),
    ).toBe('a=1&a=2%203&b=%2A');
    expect(toParams({ ids: ['1', '2'], skip: undefined, n: 3 })).toEqual([
      ['ids', '1,2'],
      ['n', '3'],
    ]);
    expect(parseForm('a=1+2&b=%21')).toEqual([
      ['a', '1 2'],
      ['b', '!'],
    ]);
  });
});
