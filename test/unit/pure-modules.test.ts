// Exact behaviour of the pure modules at their edges: the messages people see,
// boundaries of every checker, the exit code of every error class and HTTP
// outcome, money and parameter encoding corner cases. Written to kill the
// mutants `npm run mutate` found surviving (docs/development.md).
import { describe, expect, it } from 'vitest';
import { exitCodeFor, isProblem, problemKind } from '../../src/errors/api-error.js';
import {
  AuthError,
  CliError,
  InputError,
  Interrupted,
  NetworkError,
  PartialFailure,
  UsageError,
  formatProblem,
  invalid,
} from '../../src/errors/cli-error.js';
import { encodeParams, parseForm, percentEncode, toParams } from '../../src/http/encode.js';
import { signOAuth1 } from '../../src/http/oauth1.js';
import { parseAuthHeader, signatureMatches } from '../../src/emulator/oauth-verify.js';
import { fromMicros, toMicros } from '../../src/validate/money.js';
import {
  Problems,
  charLength,
  commaList,
  httpsUrl,
  integerBetween,
  isoDateTime,
  isoWithOffset,
  lengthBetween,
  maxItems,
  maxLength,
  oneOf,
  parseIso8601,
  positiveLong,
} from '../../src/validate/rules.js';

describe('rules: checkers at their boundaries, with their messages', () => {
  it('charLength counts code points', () => {
    expect(charLength('')).toBe(0);
    expect(charLength('a😀b')).toBe(3);
  });

  it('maxLength and lengthBetween', () => {
    expect(maxLength(3)('abc')).toBeUndefined();
    expect(maxLength(3)('abcd')).toBe('must be at most 3 characters (got 4)');
    expect(maxLength(2)('😀😀')).toBeUndefined();
    expect(lengthBetween(2, 3)('ab')).toBeUndefined();
    expect(lengthBetween(2, 3)('abc')).toBeUndefined();
    expect(lengthBetween(2, 3)('a')).toBe('must be 2 to 3 characters (got 1)');
    expect(lengthBetween(2, 3)('abcd')).toBe('must be 2 to 3 characters (got 4)');
  });

  it('oneOf', () => {
    expect(oneOf(['A', 'B'])('B')).toBeUndefined();
    expect(oneOf(['A', 'B'])('c')).toBe('must be one of A, B (got "c"); did you mean A?');
  });

  it('integerBetween', () => {
    const c = integerBetween(1, 10);
    expect(c('1')).toBeUndefined();
    expect(c('10')).toBeUndefined();
    expect(c(' 5 ')).toBeUndefined();
    expect(c('0')).toBe('must be between 1 and 10 (got 0)');
    expect(c('11')).toBe('must be between 1 and 10 (got 11)');
    expect(c('1.5')).toBe('must be a whole number (got "1.5")');
    expect(c('x1')).toBe('must be a whole number (got "x1")');
    expect(c('1x')).toBe('must be a whole number (got "1x")');
    expect(integerBetween(-5, 5)('-5')).toBeUndefined();
  });

  it('positiveLong', () => {
    expect(positiveLong('1')).toBeUndefined();
    expect(positiveLong('9223372036854775807')).toBeUndefined();
    expect(positiveLong('9223372036854775808')).toBe('is larger than a 64-bit integer');
    expect(positiveLong('0')).toBe('must be greater than zero');
    expect(positiveLong('-1')).toBe('must be a whole number (got "-1")');
    expect(positiveLong('1a')).toBe('must be a whole number (got "1a")');
    expect(positiveLong('a1')).toBe('must be a whole number (got "a1")');
  });

  it('parseIso8601: dates, times, zones, and the values it refuses', () => {
    expect(parseIso8601('2026-03-01')).toBe(Date.UTC(2026, 2, 1));
    expect(parseIso8601(' 2026-03-01 ')).toBe(Date.UTC(2026, 2, 1));
    expect(parseIso8601(' 2026-03-01T10:20:30Z ')).toBe(Date.UTC(2026, 2, 1, 10, 20, 30));
    expect(parseIso8601('2026-03-01 10:20Z')).toBe(Date.UTC(2026, 2, 1, 10, 20));
    expect(parseIso8601('2026-03-01T10:20:30.123+01:00')).toBe(Date.UTC(2026, 2, 1, 9, 20, 30, 123));
    expect(parseIso8601('2026-01-31T23:59:59Z')).toBe(Date.UTC(2026, 0, 31, 23, 59, 59));
    expect(parseIso8601('2026-12-01T00:00:00Z')).toBe(Date.UTC(2026, 11, 1));
    for (const bad of [
      '2026-00-01',
      '2026-13-01',
      '2026-01-00',
      '2026-01-32',
      '2026-02-31',
      '2026-01-01T24:00Z',
      '2026-01-01T10:60Z',
      '2026-01-01T10:00:61Z',
      'x2026-01-01',
      '2026-01-01x',
      '26-01-01',
      '',
    ]) {
      expect(parseIso8601(bad), bad).toBeUndefined();
    }
  });

  it('isoDateTime and isoWithOffset', () => {
    expect(isoDateTime('2026-12-01T00:00:00Z')).toBeUndefined();
    expect(isoDateTime('soon')).toBe('must be an ISO 8601 date-time such as 2026-12-01T00:00:00Z (got "soon")');
    expect(isoWithOffset('2026-12-01T00:00:00+01:00')).toBeUndefined();
    expect(isoWithOffset('2026-12-01T00:00:00Z')).toBeUndefined();
    expect(isoWithOffset('2026-12-01T00:00:00-0500')).toBeUndefined();
    expect(isoWithOffset('2026-12-01T00:00:00')).toBe(
      'must be an ISO 8601 timestamp with an offset, such as 2026-12-01T00:00:00+01:00 (got "2026-12-01T00:00:00")',
    );
    expect(isoWithOffset('never')).toMatch(/^must be an ISO 8601 timestamp with an offset/);
    expect(isoWithOffset('2026-13-01T00:00:00Z')).toMatch(/^must be an ISO 8601 timestamp with an offset/);
    expect(isoWithOffset(' 2026-12-01T00:00:00+01:00 ')).toBeUndefined();
  });

  it('httpsUrl', () => {
    expect(httpsUrl('https://shop.example/p')).toBeUndefined();
    expect(httpsUrl('http://shop.example/p')).toBe('must be an https:// URL (got "http://shop.example/p")');
    expect(httpsUrl('not a url')).toBe('must be an https:// URL (got "not a url")');
  });

  it('commaList and maxItems', () => {
    expect(commaList(undefined)).toEqual([]);
    expect(commaList(' a, ,b ,')).toEqual(['a', 'b']);
    expect(commaList(['a,b', ' c '])).toEqual(['a', 'b', 'c']);
    expect(maxItems(2)(['a', 'b'])).toBeUndefined();
    expect(maxItems(2)(['a', 'b', 'c'])).toBe('takes at most 2 items (got 3)');
    expect(maxItems(1, 'keywords')(['a', 'b'])).toBe('takes at most 1 keywords (got 2)');
  });

  it('Problems collects every failure with its field and extras, and throws one InputError', () => {
    const p = new Problems();
    expect(p.ok).toBe(true);
    expect(() => p.throwIfAny()).not.toThrow();
    p.check('name', undefined, [maxLength(1)]);
    expect(p.ok).toBe(true);
    p.check('name', 'abc', [maxLength(1), oneOf(['x'])], { line: 3 });
    expect(p.ok).toBe(false);
    expect(p.list).toEqual([
      { field: 'name', message: 'must be at most 1 characters (got 3)', line: 3 },
      { field: 'name', message: 'must be one of x (got "abc")', line: 3 },
    ]);
    expect(() => p.throwIfAny('invalid product')).toThrow('invalid product: 2 problems');
    const one = new Problems();
    one.add('title', 'too long', { id: 'sku-1' });
    try {
      one.throwIfAny();
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(InputError);
      expect((e as InputError).message).toBe('title, id sku-1: too long');
      expect((e as InputError).problems).toEqual([{ field: 'title', message: 'too long', id: 'sku-1' }]);
    }
    const two = new Problems();
    two.add('a', 'x');
    two.add('b', 'y');
    expect(() => two.throwIfAny()).toThrow('invalid input: 2 problems');
  });
});

describe('errors: exit codes, codes, JSON', () => {
  it('each class carries its exit code and machine code', () => {
    expect([new CliError('m').exitCode, new CliError('m').code]).toEqual([1, 'error']);
    expect([new UsageError('m').exitCode, new UsageError('m').code]).toEqual([2, 'usage']);
    expect([new AuthError('m').exitCode, new AuthError('m').code]).toEqual([3, 'auth']);
    expect([new InputError('m').exitCode, new InputError('m').code]).toEqual([6, 'invalid_input']);
    expect([new NetworkError('m').exitCode, new NetworkError('m').code]).toEqual([7, 'network']);
    expect([new PartialFailure('m').exitCode, new PartialFailure('m').code]).toEqual([8, 'partial_failure']);
    expect([new Interrupted().exitCode, new Interrupted().code, new Interrupted().message]).toEqual([130, 'interrupted', 'interrupted']);
    expect(new UsageError('m').name).toBe('UsageError');
  });

  it('hints and causes are kept; toJSON has them only when set', () => {
    const cause = new Error('root');
    const e = new CliError('boom', { exitCode: 4, hint: 'try x', code: 'c', cause });
    expect(e.toJSON()).toEqual({ code: 'c', message: 'boom', exit_code: 4, hint: 'try x' });
    expect(e.cause).toBe(cause);
    expect(new CliError('plain').toJSON()).toEqual({ code: 'error', message: 'plain', exit_code: 1 });
    expect('cause' in new CliError('plain')).toBe(false);
    expect(new UsageError('u', 'h').hint).toBe('h');
    expect(new UsageError('u').hint).toBeUndefined();
    expect(new AuthError('a', 'h').hint).toBe('h');
    expect(new AuthError('a').toJSON()).toEqual({ code: 'auth', message: 'a', exit_code: 3 });
    expect(new PartialFailure('p', 'h').hint).toBe('h');
    expect(new PartialFailure('p').toJSON()).toEqual({ code: 'partial_failure', message: 'p', exit_code: 8 });
    expect(new NetworkError('n', { hint: 'h', cause }).toJSON()).toEqual({ code: 'network', message: 'n', exit_code: 7, hint: 'h' });
    expect(new InputError('i', [{ field: 'f', message: 'm' }], 'h').toJSON()).toEqual({
      code: 'invalid_input',
      message: 'i',
      exit_code: 6,
      hint: 'h',
      problems: [{ field: 'f', message: 'm' }],
    });
    expect(new InputError('i').toJSON()).toEqual({ code: 'invalid_input', message: 'i', exit_code: 6, problems: [] });
  });

  it('formatProblem and invalid', () => {
    expect(formatProblem({ message: 'bad' })).toBe('bad');
    expect(formatProblem({ line: 12, field: 'title', id: 'sku-1', message: 'too long' })).toBe('line 12, title, id sku-1: too long');
    expect(formatProblem({ line: 0, message: 'm' })).toBe('line 0: m');
    const e = invalid('--bid', 'must be positive', 4);
    expect([e.message, e.exitCode, e.problems]).toEqual([
      'line 4, --bid: must be positive',
      6,
      [{ field: '--bid', message: 'must be positive', line: 4 }],
    ]);
    expect(invalid('--bid', 'm').problems).toStrictEqual([{ field: '--bid', message: 'm' }]);
  });
});

describe('api-error: problem kinds and the exit code of every outcome', () => {
  it('problemKind and isProblem', () => {
    expect(problemKind(undefined)).toBeUndefined();
    expect(problemKind('')).toBeUndefined();
    expect(problemKind('about:blank')).toBe('about:blank');
    expect(problemKind('https://api.x.com/2/problems/resource-not-found')).toBe('resource-not-found');
    expect(problemKind('https://example.com/2/problems/resource-not-found')).toBeUndefined();
    expect(isProblem({ type: 't', title: 'x' })).toBe(true);
    expect(isProblem({ type: 't' })).toBe(false);
    expect(isProblem({ title: 'x' })).toBe(false);
    expect(isProblem(null)).toBe(false);
    expect(isProblem(undefined)).toBe(false);
    expect(isProblem('t')).toBe(false);
  });

  it('exitCodeFor: code 88, problem kinds, then HTTP status', () => {
    expect(exitCodeFor(400, undefined, [88])).toBe(5);
    expect(exitCodeFor(403, 'client-forbidden')).toBe(3);
    expect(exitCodeFor(200, 'resource-not-found')).toBe(4);
    expect(exitCodeFor(403, 'usage-capped')).toBe(5);
    expect(exitCodeFor(200, 'invalid-request')).toBe(6);
    expect(exitCodeFor(200, 'operational-disconnect')).toBe(7);
    expect(exitCodeFor(404, 'about:blank')).toBe(4);
    expect(exitCodeFor(400, 'some-new-kind')).toBe(6);
    expect(exitCodeFor(401)).toBe(3);
    expect(exitCodeFor(403)).toBe(3);
    expect(exitCodeFor(404)).toBe(4);
    expect(exitCodeFor(410)).toBe(4);
    expect(exitCodeFor(429)).toBe(5);
    expect(exitCodeFor(500)).toBe(7);
    expect(exitCodeFor(503)).toBe(7);
    expect(exitCodeFor(499)).toBe(6);
    expect(exitCodeFor(400)).toBe(6);
    expect(exitCodeFor(399)).toBe(1);
    expect(exitCodeFor(200, undefined, ['88', 89])).toBe(1);
  });
});

describe('money and parameter encoding corner cases', () => {
  it('toMicros trims, pads, drops zeros past 6 decimals, and names what it refuses', () => {
    expect(toMicros(' 2.5 ')).toBe(2_500_000n);
    expect(toMicros('7')).toBe(7_000_000n);
    expect(toMicros('0.000001')).toBe(1n);
    expect(toMicros('1.1234560000')).toBe(1_123_456n);
    expect(() => toMicros('1.')).toThrow('must be a decimal amount such as 2.50 (got "1.")');
    expect(() => toMicros('-1')).toThrow('must be a decimal amount such as 2.50 (got "-1")');
    expect(() => toMicros('1.5x')).toThrow(/must be a decimal amount/);
    expect(() => toMicros('x1.5')).toThrow(/must be a decimal amount/);
    expect(() => toMicros('1.0000001')).toThrow('has more decimals than a micro unit can hold (at most 6; got "1.0000001")');
  });

  it('fromMicros', () => {
    expect(fromMicros(2_500_000n)).toBe('2.5');
    expect(fromMicros('1000000')).toBe('1');
    expect(fromMicros(1)).toBe('0.000001');
    expect(fromMicros(-1_230_000n)).toBe('-1.23');
    expect(fromMicros(0)).toBe('0');
  });

  it('toParams, encodeParams and parseForm', () => {
    expect(toParams(undefined)).toEqual([]);
    expect(toParams([['a', 'b']])).toEqual([['a', 'b']]);
    expect(toParams({ a: 1, b: true, c: undefined, d: null, e: ['x', 'y'], f: '' })).toEqual([
      ['a', '1'],
      ['b', 'true'],
      ['e', 'x,y'],
      ['f', ''],
    ]);
    expect(
      encodeParams([
        ['a b', "c*d'"],
        ['a b', ''],
      ]),
    ).toBe('a%20b=c%2Ad%27&a%20b=');
    expect(percentEncode("!'()*")).toBe('%21%27%28%29%2A');
    expect(parseForm('')).toEqual([]);
    expect(parseForm('a=1&&b&c=x+y%2B=')).toEqual([
      ['a', '1'],
      ['b', ''],
      ['c', 'x y+='],
    ]);
    expect(parseForm('=v')).toEqual([['', 'v']]);
  });
});

describe('OAuth 1.0a signing without a token, or with a token but no secret', () => {
  const verify = (signed: { header: string }, consumerSecret: string, tokenSecret: string | undefined) =>
    signatureMatches({
      method: 'POST',
      baseUri: 'https://api.example.com/oauth/request_token',
      query: '',
      oauth: parseAuthHeader(signed.header)!,
      consumerSecret,
      ...(tokenSecret !== undefined ? { tokenSecret } : {}),
    });

  it('no token: no oauth_token in the header, key "secret&", a current timestamp', () => {
    const signed = signOAuth1(
      { consumerKey: 'ck', consumerSecret: 'cs' },
      { method: 'POST', url: 'https://api.example.com/oauth/request_token', params: [] },
    );
    const oauth = parseAuthHeader(signed.header)!;
    expect(Object.keys(oauth).sort()).toEqual([
      'oauth_consumer_key',
      'oauth_nonce',
      'oauth_signature',
      'oauth_signature_method',
      'oauth_timestamp',
      'oauth_version',
    ]);
    expect(oauth.oauth_signature_method).toBe('HMAC-SHA1');
    expect(Math.abs(Number(oauth.oauth_timestamp) - Date.now() / 1000)).toBeLessThan(3600);
    expect(verify(signed, 'cs', undefined)).toBe(true);
  });

  it('a token without a secret signs with an empty token secret', () => {
    const signed = signOAuth1(
      { consumerKey: 'ck', consumerSecret: 'cs', token: 'tk' },
      { method: 'POST', url: 'https://api.example.com/oauth/request_token', params: [] },
    );
    expect(parseAuthHeader(signed.header)!.oauth_token).toBe('tk');
    expect(verify(signed, 'cs', '')).toBe(true);
  });
});
