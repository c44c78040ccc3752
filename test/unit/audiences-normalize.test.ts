// Normalization and hashing of every identifier kind, following the
// platform's published rules, with the documented example and every reject.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { callingCode } from '../../src/audiences/countries.js';
import { sha256Hex } from '../../src/audiences/hash.js';
import { Reject, normalize, type NormalizeOptions } from '../../src/audiences/normalize.js';
import type { IdentifierKind } from '../../src/validate/audiences.js';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const ok = (kind: IdentifierKind, raw: string, opts?: NormalizeOptions) => {
  const r = normalize(kind, raw, opts);
  if (r instanceof Reject) throw new Error(`rejected ${JSON.stringify(raw)}: ${r.reason}`);
  return r;
};
const reason = (kind: IdentifierKind, raw: string, opts?: NormalizeOptions) => {
  const r = normalize(kind, raw, opts);
  if (!(r instanceof Reject)) throw new Error(`accepted ${JSON.stringify(raw)} as ${r}`);
  return r.reason;
};

describe('hashing', () => {
  it('the documented example: the handle adsapi', () => {
    expect(sha256Hex(ok('handle', 'adsapi'))).toBe('49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d');
    expect(sha256Hex(ok('handle', ' @AdsAPI '))).toBe('49e0be2aeccfb51a8dee4c945c8a70a9ac500cf6f5cb08112575f74db9b1470d');
  });

  it('is lowercase hex SHA-256 of the UTF-8 bytes, the same as createHash', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (s) => sha256Hex(s) === sha(s)));
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  });
});

describe('email', () => {
  it('trims and lowercases before checking', () => {
    expect(ok('email', '  Foo.Bar+News@Example.COM ')).toBe('foo.bar+news@example.com');
    // Trim and lowercase only (the reference's rule): a blank inside is not removed but refused.
    expect(reason('email', 'first last@exa mple.org')).toMatch(/not a valid address/);
    expect(ok('email', 'a_b-c@sub.example.co.uk')).toBe('a_b-c@sub.example.co.uk');
    expect(sha256Hex(ok('email', 'Support@Example.com'))).toBe(sha('support@example.com'));
  });

  it.each([
    ['no-at-sign.example.com', 'no @'],
    ['two@@example.com', 'two @'],
    ['user@example', 'no dot in the domain'],
    ['user@example.com.', 'trailing dot'],
    ['user@example..com', 'empty label'],
    ['@example.com', 'nothing before the @'],
  ])('rejects %s (%s)', (raw) => {
    expect(reason('email', raw)).toMatch(/not a valid address/);
  });

  it('rejects empty and blank values', () => {
    expect(reason('email', '')).toBe('empty');
    expect(reason('email', ' \t ')).toBe('empty');
  });
});

describe('handle', () => {
  it('strips one leading @ and lowercases', () => {
    expect(ok('handle', '@Jack_Dorsey')).toBe('jack_dorsey');
    expect(ok('handle', 'ads_api_2')).toBe('ads_api_2');
  });
  it.each(['@@double', 'dot.ted', 'dash-ed', 'emoji😀', '@'])('rejects %s', (raw) => {
    expect(reason('handle', raw)).toMatch(/only letters, digits and _|empty/);
  });
});

describe('phone', () => {
  it('drops formatting characters and leading zeros; + and 00 carry the country code', () => {
    expect(ok('phone', '+1 (555) 123-4567')).toBe('15551234567');
    expect(ok('phone', '+44 20.7946.0958')).toBe('442079460958');
    expect(ok('phone', '0044 20 7946 0958')).toBe('442079460958');
    expect(ok('phone', '15551234567')).toBe('15551234567');
  });

  it('--default-country turns national numbers into international ones', () => {
    const gb = { callingCode: callingCode('gb')! };
    expect(ok('phone', '020 7946 0958', gb)).toBe('442079460958');
    expect(ok('phone', '07911 123456', gb)).toBe('447911123456');
    expect(ok('phone', '+1 555 123 4567', gb)).toBe('15551234567');
    const us = { callingCode: callingCode('US')! };
    expect(ok('phone', '(555) 123-4567', us)).toBe('15551234567');
    // North American national numbers never start with 1: 1 + 10 digits is already international.
    expect(ok('phone', '1-555-123-4567', us)).toBe('15551234567');
    const fr = { callingCode: callingCode('FR')! };
    expect(ok('phone', '06 12 34 56 78', fr)).toBe('33612345678');
  });

  it('rejects letters, national numbers without a country, and wrong lengths', () => {
    expect(reason('phone', '555-CALL-NOW')).toMatch(/only digits/);
    expect(reason('phone', '+1 555 123 4567 ext 9')).toMatch(/only digits/);
    expect(reason('phone', '020 7946 0958')).toMatch(/national number .* --default-country/);
    expect(reason('phone', '+12345')).toMatch(/7 to 15 digits/);
    expect(reason('phone', '+1234567890123456')).toMatch(/7 to 15 digits/);
    expect(reason('phone', '(---)')).toMatch(/only digits/);
  });
});

describe('service_id, device_id, partner_user_id', () => {
  it('user_id (twitter_id/service_id): digits only, formatting and leading zeros dropped', () => {
    expect(ok('user_id', ' 00012345 ')).toBe('12345');
    expect(ok('user_id', '1-234-5')).toBe('12345');
    expect(reason('user_id', 'abc123')).toMatch(/numeric id/);
    expect(reason('user_id', '0000')).toMatch(/numeric id/);
  });

  it('device_id: lowercase, letters, digits and inner dashes', () => {
    expect(ok('device_id', 'AEBE52E7-03EE-455A-B3C4-E57283966239')).toBe('aebe52e7-03ee-455a-b3c4-e57283966239');
    for (const raw of ['-abc', 'abc-', 'ab', 'a_b_c', 'idfa:123'])
      expect(reason('device_id', raw)).toMatch(/only letters, digits and inner dashes/);
  });

  it('partner_user_id: sent as given (case kept), only surrounding blanks removed; empty is rejected', () => {
    expect(ok('partner_user_id', '  CRM-Ab12 ')).toBe('CRM-Ab12');
    expect(reason('partner_user_id', '   ')).toBe('empty');
  });
});

describe('--hashed input', () => {
  const digest = sha('someone@example.com');
  it('accepts 64 hex characters, lowercased, whatever the kind', () => {
    expect(ok('email', digest.toUpperCase(), { hashed: true })).toBe(digest);
    expect(ok('phone', ` ${digest} `, { hashed: true })).toBe(digest);
  });
  it('rejects anything else, and leaves partner ids unhashed', () => {
    expect(reason('email', digest.slice(1), { hashed: true })).toMatch(/64 hex characters \(got 63/);
    expect(reason('email', 'g'.repeat(64), { hashed: true })).toMatch(/not hexadecimal/);
    expect(reason('handle', 'adsapi', { hashed: true })).toMatch(/SHA-256 digest/);
    expect(ok('partner_user_id', 'p-1', { hashed: true })).toBe('p-1');
  });
});

describe('country calling codes', () => {
  it('maps ISO alpha-2 codes, any case', () => {
    expect(callingCode('GB')).toBe('44');
    expect(callingCode('us')).toBe('1');
    expect(callingCode('ca')).toBe('1');
    expect(callingCode('DE')).toBe('49');
    expect(callingCode('KZ')).toBe('7');
    expect(callingCode('XX')).toBeUndefined();
    expect(callingCode('GBR')).toBeUndefined();
  });
});
