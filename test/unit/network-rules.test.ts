// Pure rules of the network layer: which 429 resets are trusted, 24-hour caps,
// the origin policy, the per-attempt deadline and lossless JSON.
import { describe, expect, it } from 'vitest';
import { epochSeconds, MAX_PLAUSIBLE_WAIT_MS, parseRateLimit, waitFor429 } from '../../src/http/rate-limit.js';
import { describeDailyCap, exhaustedDailyCap } from '../../src/http/daily-cap.js';
import { carriedCredentials, OriginPolicy } from '../../src/http/origin-policy.js';
import { Deadline, describeTimeout } from '../../src/http/deadline.js';
import { parseJson, stringifyJson } from '../../src/json/lossless.js';
import { exitCodeFor } from '../../src/errors/api-error.js';
import { attemptBudgetMs } from '../../src/http/client.js';
import { EXIT } from '../../src/errors/exit-codes.js';

const now = 1_800_000_000_000;

describe('429 resets', () => {
  it('a plausible future reset is waited for', () => {
    expect(waitFor429({ 'x-rate-limit-reset': '1800000060' }, now)).toBe(60_000);
    expect(waitFor429({ 'retry-after': '7' }, now)).toBe(7000);
    expect(waitFor429({ 'retry-after': new Date(now + 12_000).toUTCString() }, now)).toBe(12_000);
  });

  it.each([
    ['past', '1799999990'],
    ['now', '1800000000'],
    ['zero', '0'],
    ['fraction', '1800000060.5'],
    ['1.5', '1.5'],
    ['leading space', ' 1800000060'],
    ['exponent', '1.8e9'],
    ['negative', '-5'],
    ['empty', ''],
    ['words', 'soon'],
    ['two days ahead', String(1_800_000_000 + 2 * 86_400)],
  ])('x-rate-limit-reset %s is no reset', (_label, value) => {
    expect(waitFor429({ 'x-rate-limit-reset': value }, now)).toBeUndefined();
  });

  it('a bad account reset is not rescued by a later header', () => {
    expect(waitFor429({ 'x-account-rate-limit-reset': '0', 'x-rate-limit-reset': '1800000060' }, now)).toBeUndefined();
  });

  it.each([['0'], ['-1'], ['1.5'], [' 12'], ['999999999'], ['Thu, 01 Jan 1970 00:00:00 GMT']])('retry-after %j is no reset', (value) => {
    expect(waitFor429({ 'retry-after': value }, now)).toBeUndefined();
  });

  it('24 hours ahead is still plausible (daily windows), a day and more is not', () => {
    expect(waitFor429({ 'x-rate-limit-reset': String(1_800_000_000 + 86_400) }, now)).toBe(86_400_000);
    expect(waitFor429({ 'retry-after': String(MAX_PLAUSIBLE_WAIT_MS / 1000 + 1) }, now)).toBeUndefined();
  });

  it('epochSeconds takes plain digits only', () => {
    expect(epochSeconds('1800000000')).toBe(1_800_000_000);
    expect(epochSeconds('1e9')).toBeUndefined();
    expect(epochSeconds('0x10')).toBeUndefined();
    expect(parseRateLimit({ 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': '1.5' }, now)).toEqual({
      remaining: 0,
      scope: 'endpoint',
    });
  });
});

describe('24-hour caps', () => {
  it('finds the exhausted cap, app before user', () => {
    const h = {
      'x-app-limit-24hour-limit': '17',
      'x-app-limit-24hour-remaining': '0',
      'x-app-limit-24hour-reset': '1800018000',
      'x-user-limit-24hour-remaining': '0',
    };
    expect(exhaustedDailyCap(h)).toEqual({ scope: 'app', limit: 17, remaining: 0, resetAt: 1_800_018_000_000 });
    expect(exhaustedDailyCap({ 'x-user-limit-24hour-remaining': '0' })).toEqual({ scope: 'user', remaining: 0 });
    expect(exhaustedDailyCap({ 'x-app-limit-24hour-remaining': '3' })).toBeUndefined();
    expect(exhaustedDailyCap({})).toBeUndefined();
  });

  it('says when it resets', () => {
    expect(describeDailyCap({ scope: 'app', limit: 17, remaining: 0, resetAt: now + 5 * 3600_000 + 60_000 }, now)).toBe(
      'the 24-hour app cap (0 of 17 left) is used up; it resets at 2027-01-15T13:01:00Z (in 5 h 1 min)',
    );
    expect(describeDailyCap({ scope: 'user', remaining: 0 }, now)).toContain('did not say when it resets');
  });
});

describe('origin policy', () => {
  const policy = new OriginPolicy(['https://api.example.com', 'https://ads-api.example.com/', 'https://ads-api-sandbox.example.com']);

  it('configured origins take every mode', () => {
    for (const mode of ['user', 'app', 'basic', 'none'] as const) {
      expect(() => policy.check(new URL('https://api.example.com/oauth2/token'), mode)).not.toThrow();
      expect(() => policy.check(new URL('https://ads-api.example.com/12/accounts'), mode)).not.toThrow();
    }
  });

  it.each([
    'https://evil.example.com/2/posts',
    'http://api.example.com/2/posts',
    'https://api.example.com:8443/2/posts',
    'https://api.example.com.evil.net/x',
    'https://api.example.com@evil.net/x',
  ])('%s gets no credentials', (url) => {
    for (const mode of ['user', 'app', 'basic'] as const) expect(() => policy.check(new URL(url), mode)).toThrow(/refusing to send/);
  });

  it('an OAuth 2.0 user token and an Authorization header are credentials; a mode it does not know is too', () => {
    expect(() => policy.check(new URL('https://evil.example.com/2/users/me'), 'oauth2')).toThrow(
      /refusing to send the OAuth 2.0 user access token/,
    );
    expect(() => policy.check(new URL('https://evil.example.com/2/users/me'), 'header')).toThrow(
      /refusing to send an Authorization header/,
    );
    expect(() => policy.check(new URL('https://evil.example.com/2/users/me'), 'later')).toThrow(/refusing to send later credentials/);
  });

  it('carriedCredentials: the auth mode, or an Authorization header (any case) under auth none', () => {
    expect(carriedCredentials('oauth2', undefined)).toBe('oauth2');
    expect(carriedCredentials('none', { accept: 'application/json' })).toBe('none');
    expect(carriedCredentials('none', { Authorization: 'Bearer x' })).toBe('header');
    expect(carriedCredentials('none', { authorization: 'Basic eA==' })).toBe('header');
  });

  it('--auth none: another https origin or loopback yes, plain http elsewhere no', () => {
    expect(() => policy.check(new URL('https://other.example.org/x'), 'none')).not.toThrow();
    expect(() => policy.check(new URL('http://127.0.0.2:9/x'), 'none')).not.toThrow();
    expect(() => policy.check(new URL('http://other.example.org/x'), 'none')).toThrow(/only over https/);
  });

  it('refusals are usage errors (exit 2)', () => {
    try {
      policy.check(new URL('https://evil.example.com/'), 'basic');
      expect.unreachable();
    } catch (e) {
      expect((e as { exitCode: number }).exitCode).toBe(EXIT.USAGE);
    }
  });
});

describe('deadline', () => {
  it('fires its own signal and says so; the parent signal is not its expiry', async () => {
    const d = new Deadline(5);
    await new Promise((r) => d.signal.addEventListener('abort', r, { once: true }));
    expect(d.expired).toBe(true);
    const parent = new AbortController();
    const e = new Deadline(60_000, parent.signal);
    parent.abort();
    expect(e.signal.aborted).toBe(true);
    expect(e.expired).toBe(false);
    e.clear();
  });

  it('dispose unlinks from the parent signal: a later Ctrl-C does not reach a finished attempt', () => {
    const parent = new AbortController();
    const d = new Deadline(60_000, parent.signal);
    d.dispose();
    parent.abort();
    expect(d.signal.aborted).toBe(false);
    const stream = new Deadline(60_000, parent.signal);
    expect(stream.signal.aborted).toBe(true);
  });

  it('a request body adds a second per 32 KiB; no body, no extra; 0 stays off', () => {
    expect(attemptBudgetMs(30_000, undefined)).toBe(30_000);
    expect(attemptBudgetMs(30_000, 'a=b')).toBe(31_000);
    expect(attemptBudgetMs(30_000, Buffer.alloc(5 * 1024 * 1024))).toBe(30_000 + 160_000);
    expect(attemptBudgetMs(0, Buffer.alloc(1024))).toBe(0);
  });

  it('0 means no deadline', () => {
    const d = new Deadline(0);
    expect(d.signal.aborted).toBe(false);
    expect(describeTimeout(1000)).toBe('--timeout 1 s');
    expect(describeTimeout(1500)).toBe('--timeout 1.5 s');
  });
});

describe('lossless JSON', () => {
  it('keeps integers beyond 2^53 exact and safe numbers plain', () => {
    const text =
      '{"a":9007199254740993,"b":[1600000000000004771,-9007199254740993],"c":9007199254740991,"d":1.5,"e":"12345678901234567890","f":1e3}';
    const v = parseJson(text) as Record<string, unknown>;
    expect(v.a).toBe(9007199254740993n);
    expect(v.b).toEqual([1600000000000004771n, -9007199254740993n]);
    expect(v.c).toBe(9007199254740991);
    expect(v.d).toBe(1.5);
    expect(v.e).toBe('12345678901234567890');
    expect(v.f).toBe(1000);
    expect(stringifyJson(v)).toBe(
      '{"a":9007199254740993,"b":[1600000000000004771,-9007199254740993],"c":9007199254740991,"d":1.5,"e":"12345678901234567890","f":1000}',
    );
    expect(stringifyJson({ x: 1600000000000004771n }, 2)).toBe('{\n  "x": 1600000000000004771\n}');
  });

  it('short bodies take the plain parser, and both reject what JSON.parse rejects', () => {
    expect(parseJson('{"id":"1460323737035677698","n":12}')).toEqual({ id: '1460323737035677698', n: 12 });
    expect(() => parseJson('{"data":')).toThrow(SyntaxError);
    expect(() => parseJson('{"n": 16000000000000047710,')).toThrow();
  });

  it('a string that looks like the internal marker stays a string', () => {
    const v = parseJson('{"big":16000000000000047710,"s":"\\u0001abc:123"}') as Record<string, unknown>;
    expect(JSON.parse(stringifyJson(v).replace('16000000000000047710', '0')).s).toBe('\u0001abc:123');
  });
});

describe('exit codes', () => {
  it('408 and 423 are transient like a 5xx: exit 7 once retries are spent', () => {
    expect(exitCodeFor(408)).toBe(EXIT.NETWORK);
    expect(exitCodeFor(423)).toBe(EXIT.NETWORK);
  });
});
