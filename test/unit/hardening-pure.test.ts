// Pure pieces of the third hardening round: the numeric-variable reader, the
// neutraliser's bidi/C1 handling, JSON made inert, CSV formula neutralising,
// the expires_in clamp and the repeated-redirect-parameter check.
import { describe, expect, it } from 'vitest';
import { checkedNumber, envNumber } from '../../src/config/env-number.js';
import { clampExpiresIn } from '../../src/auth/oauth2-token.js';
import { repeatedRedirectParam } from '../../src/auth/oauth2-url.js';
import { csvField, rawCsvField } from '../../src/output/cells.js';
import { clipDeep, inertJson, neutralize } from '../../src/output/sanitize.js';

describe('envNumber', () => {
  const rule = { fallback: 5, max: 100, integer: true };
  it('unset or blank: the fallback; a number in range: the number', () => {
    expect(envNumber({}, 'POSTCTL_X', rule)).toBe(5);
    expect(envNumber({ POSTCTL_X: ' ' }, 'POSTCTL_X', rule)).toBe(5);
    expect(envNumber({ POSTCTL_X: '0' }, 'POSTCTL_X', rule)).toBe(0);
    expect(envNumber({ POSTCTL_X: '100' }, 'POSTCTL_X', rule)).toBe(100);
  });
  it.each(['abc', '1e400', '-1', '101', '2.5', '0x10', 'Infinity', 'NaN', '5 5'])('%j is exit 2 naming the variable', (v) => {
    let err: unknown;
    try {
      envNumber({ POSTCTL_X: v }, 'POSTCTL_X', rule);
    } catch (e) {
      err = e;
    }
    expect(err).toMatchObject({ exitCode: 2, message: expect.stringContaining('POSTCTL_X must be an integer from 0 to 100') });
  });
  it('a flag value is exit 6', () => {
    expect(() => checkedNumber('x', '--max-pages', { min: 1 })).toThrow(expect.objectContaining({ exitCode: 6 }));
  });
});

describe('neutralize and inertJson', () => {
  it('bidi controls and C1 become visible escapes', () => {
    expect(neutralize('a\u202Eb\u2066c\u200Fd\u061Ce\u009bf\u0085g')).toBe('a\\u202eb\\u2066c\\u200fd\\u061ce\\x9bf\\x85g');
  });
  it('JSON text keeps its value; DEL, C1 and bidi are written as \\u escapes', () => {
    const value = { t: 'x\u202Ey\u009bz\u007f' };
    const inert = inertJson(JSON.stringify(value));
    expect(inert).not.toMatch(/[\u007f-\u009f\u202e]/);
    expect(JSON.parse(inert)).toEqual(value);
  });
  it('clipDeep clips every string of a nested value', () => {
    expect(clipDeep({ a: 'x'.repeat(10), b: [{ c: 'y'.repeat(10) }], n: 3 }, 4)).toEqual({
      a: 'xxxx…(10 bytes)',
      b: [{ c: 'yyyy…(10 bytes)' }],
      n: 3,
    });
  });
});

describe('CSV formula values', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1+2', "'-1+2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['=a,b', `"'=a,b"`],
    ['plain', 'plain'],
  ])('%j → %j', (value, field) => {
    expect(csvField(value)).toBe(field);
  });
  it('numbers are never prefixed; --csv-raw keeps text', () => {
    expect(rawCsvField(-5)).toBe('-5');
    expect(rawCsvField('=1+1', true)).toBe('=1+1');
    expect(csvField('\t=1', true)).toBe('"\t=1"');
  });
});

describe('OAuth 2.0 answers', () => {
  it('expires_in is clamped to [60 s, 366 days]; junk is no expiry', () => {
    expect(clampExpiresIn(7200)).toBe(7200);
    expect(clampExpiresIn(1e300)).toBe(366 * 86_400);
    expect(clampExpiresIn(1)).toBe(60);
    for (const v of [0, -5, Number.NaN, Number.POSITIVE_INFINITY, '7200', null]) expect(clampExpiresIn(v)).toBeUndefined();
  });
  it('a redirect parameter given twice is found', () => {
    expect(repeatedRedirectParam(new URLSearchParams('state=a&code=b&state=c'))).toBe('state');
    expect(repeatedRedirectParam(new URLSearchParams('state=a&code=b&code=b'))).toBe('code');
    expect(repeatedRedirectParam(new URLSearchParams('state=a&code=b&other=1&other=2'))).toBeUndefined();
  });
});
