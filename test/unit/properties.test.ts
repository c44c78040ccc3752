// Property-based tests (fast-check) for the pure parsers and encoders.
import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { encodeParams, parseForm, percentEncode } from '../../src/http/encode.js';
import { rfc3986, parseQueryPairs } from '../../src/emulator/oauth-verify.js';
import { csvField } from '../../src/output/cells.js';
import { fromMicros, toMicros } from '../../src/validate/money.js';
import { parseIso8601 } from '../../src/validate/rules.js';
import { Reject, normalize } from '../../src/audiences/normalize.js';
import type { IdentifierKind } from '../../src/validate/audiences.js';

const anyText = fc.string({ unit: 'grapheme', maxLength: 40 });

describe('OAuth parameter encoding', () => {
  it('round-trips and leaves only unreserved characters and %XX escapes', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        const enc = percentEncode(s);
        expect(decodeURIComponent(enc)).toBe(s);
        expect(enc).toMatch(/^([A-Za-z0-9\-._~]|%[0-9A-F]{2})*$/);
      }),
    );
  });
  it('the client and the emulator encode identically (independent implementations)', () => {
    fc.assert(
      fc.property(anyText, (s) => {
        expect(percentEncode(s)).toBe(rfc3986(s));
      }),
    );
  });
  it('encoded parameter lists parse back to the same pairs, repeats and order kept', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            anyText.filter((k) => k.length > 0),
            anyText,
          ),
          { maxLength: 8 },
        ),
        (pairs) => {
          expect(parseForm(encodeParams(pairs))).toEqual(pairs);
          expect(parseQueryPairs(encodeParams(pairs))).toEqual(pairs);
        },
      ),
    );
  });
});

describe('money', () => {
  it('toMicros(fromMicros(n)) === n for any non-negative micro amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), (n) => {
        expect(toMicros(fromMicros(n))).toBe(n);
      }),
    );
  });
  it('decimal strings with up to 6 decimals convert exactly; 7 significant decimals are rejected', () => {
    fc.assert(
      fc.property(fc.nat({ max: 10 ** 9 }), fc.stringMatching(/^[0-9]{1,6}$/), (whole, frac) => {
        expect(toMicros(`${whole}.${frac}`)).toBe(BigInt(whole) * 1_000_000n + BigInt(frac.padEnd(6, '0')));
      }),
    );
    fc.assert(
      fc.property(fc.nat(), fc.stringMatching(/^[0-9]{6}[1-9]$/), (whole, frac) => {
        expect(() => toMicros(`${whole}.${frac}`)).toThrow(/more decimals/);
      }),
    );
  });
});

describe('CSV fields', () => {
  it('any cell text survives csvField → csv-parse', () => {
    // Raw (--csv-raw): the round trip is exact; the default adds a quote before formula-like text (cells.ts).
    // A record with one empty cell is an empty line, which CSV cannot tell from no record.
    const cellsArb = fc.array(fc.string({ maxLength: 20 }), { minLength: 1, maxLength: 5 }).filter((c) => !(c.length === 1 && c[0] === ''));
    fc.assert(
      fc.property(cellsArb, (cells) => {
        const line = cells.map((c) => csvField(c, true)).join(',');
        const [row] = parse(line) as string[][];
        expect(row).toEqual(cells);
      }),
    );
  });
});

describe('ISO 8601', () => {
  it('accepts every instant toISOString produces, at the same instant', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }), (d) => {
        expect(parseIso8601(d.toISOString())).toBe(d.getTime());
      }),
    );
  });
  it('rejects impossible calendar dates', () => {
    for (const bad of ['2026-02-30T00:00:00Z', '2026-13-01T00:00:00Z', '2026-04-31', '2026-01-01T24:00:00Z', 'yesterday'])
      expect(parseIso8601(bad)).toBeUndefined();
  });
});

describe('audience normalization', () => {
  // Values built from each kind's own characters plus the noise normalization removes (case, blanks, formatting).
  const noisy = (chars: string, extra = '') =>
    fc.array(fc.constantFrom(...(chars + extra + '  \tAB').split('')), { minLength: 1, maxLength: 30 }).map((a) => a.join(''));
  // Digits in groups with the formatting people write: +44 (20) 7946-0958, 0049.30.1234567, 020 7946 0958…
  const digitsArb = fc
    .tuple(
      fc.constantFrom('', '+', '00', '0', '(0)'),
      fc.array(fc.stringMatching(/^[0-9]{2,4}$/), { minLength: 2, maxLength: 4 }),
      fc.constantFrom(' ', '-', '.', '', ') ('),
    )
    .map(([p, groups, sep]) => p + groups.join(sep));
  const emailArb = fc
    .tuple(
      // No blank inside: an email is only trimmed and lowercased (a blank inside is refused).
      fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.+-]{1,12}$/),
      fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9.]{0,10}\.[A-Za-z]{2,4}$/),
      fc.constantFrom('', ' ', '\t'),
    )
    .map(([u, d, w]) => `${w}${u}@${d}${w}`);
  // Noise included: values each kind may accept or refuse.
  const kinds = {
    email: fc.oneof(emailArb, noisy('abz09_.+-@')),
    handle: fc.oneof(fc.stringMatching(/^@?[A-Za-z0-9_ ]{1,15}$/), noisy('az09_@')),
    device_id: fc.oneof(fc.stringMatching(/^[A-Fa-f0-9][A-Fa-f0-9 -]{2,36}[A-Fa-f0-9]$/), noisy('af09-')),
    user_id: fc.oneof(fc.stringMatching(/^[0-9 +().-]{1,20}$/), noisy('019+-.()')),
    partner_user_id: fc.string({ maxLength: 30 }),
    phone: fc.oneof(digitsArb, noisy('0123456789+-.()')),
  } as const;
  const blank = fc.constantFrom('', ' ', '\t', ' \n');
  const around = (core: fc.Arbitrary<string>) => fc.tuple(blank, core, blank).map(([a, c, b]) => a + c + b);
  // A number's digits in groups of three with the separators people write.
  const grouped = (digits: string, sep: string) => digits.match(/.{1,3}/g)!.join(sep);
  const sepArb = fc.constantFrom('', ' ', '-', '.');
  // Valid by construction: every value normalizes, so each run takes the accepting path (no count left to luck).
  const valid: Record<keyof typeof kinds, fc.Arbitrary<string>> = {
    email: fc
      .tuple(
        fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.+-]{0,12}$/),
        fc.array(fc.stringMatching(/^[A-Za-z0-9-]{1,8}$/), { minLength: 1, maxLength: 3 }),
        fc.stringMatching(/^[A-Za-z]{2,4}$/),
        blank,
      )
      .map(([u, labels, tld, w]) => `${w}${u}@${[...labels, tld].join('.')}${w}`),
    handle: around(fc.tuple(fc.constantFrom('', '@'), fc.stringMatching(/^[A-Za-z0-9_]{1,15}$/)).map(([a, h]) => a + h)),
    device_id: around(fc.stringMatching(/^[A-Fa-f0-9][A-Fa-f0-9-]{1,36}[A-Fa-f0-9]$/)),
    user_id: around(
      fc
        .tuple(fc.constantFrom('', '+', '(', '0'), fc.stringMatching(/^[1-9][0-9]{0,18}$/), sepArb)
        .map(([p, d, sep]) => p + grouped(d, sep)),
    ),
    partner_user_id: around(fc.tuple(fc.stringMatching(/^[!-~]$/), fc.string({ maxLength: 29 })).map(([c, rest]) => c + rest)),
    phone: around(
      fc
        .tuple(fc.constantFrom('', '+', '00', '+ '), fc.stringMatching(/^[1-9][0-9]{6,14}$/), sepArb)
        .map(([p, d, sep]) => p + grouped(d, sep)),
    ),
  };

  it.each(Object.keys(kinds) as Array<keyof typeof kinds>)('%s: normalizing a normalized value gives the same value', (kind) => {
    fc.assert(
      fc.property(valid[kind], kinds[kind], (good, raw) => {
        // The valid value: accepted, and unchanged when normalized again.
        const once = normalize(kind, good);
        expect(once).not.toBeInstanceOf(Reject);
        expect(normalize(kind, once as string)).toBe(once);
        // Any value: refused, or accepted and then stable.
        const any = normalize(kind, raw);
        if (!(any instanceof Reject)) expect(normalize(kind, any)).toBe(any);
      }),
      { numRuns: 300 },
    );
  });

  it('phone with a default country: the result is international digits, unchanged when read again without one', () => {
    // National numbers (a trunk 0 or none) of 7 to 12 digits, or international ones: with a 1- to 3-digit code
    // every result has 7 to 15 digits, so each run is accepted.
    const phoneArb = fc
      .tuple(fc.constantFrom('', '0', '(0)', '+', '00'), fc.stringMatching(/^[1-9][0-9]{6,11}$/), sepArb)
      .map(([p, d, sep]) => p + grouped(d, sep));
    fc.assert(
      fc.property(fc.constantFrom('44', '1', '49', '33', '353'), phoneArb, digitsArb, (cc, good, raw) => {
        const once = normalize('phone', good, { callingCode: cc });
        expect(once).toMatch(/^[1-9][0-9]{6,14}$/);
        expect(normalize('phone', once as string)).toBe(once);
        expect(normalize('phone', `+${once}`, { callingCode: cc })).toBe(once);
        const any = normalize('phone', raw, { callingCode: cc });
        if (!(any instanceof Reject)) {
          expect(normalize('phone', any)).toBe(any);
          expect(normalize('phone', `+${any}`, { callingCode: cc })).toBe(any);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('--hashed: a digest in any case and with blanks normalizes to its lowercase form, and stays so', () => {
    const digest = fc.stringMatching(/^[0-9a-fA-F]{64}$/);
    fc.assert(
      fc.property(
        digest,
        fc.constantFrom('', ' ', '\t', ' \n'),
        fc.constantFrom<IdentifierKind>('email', 'phone', 'handle', 'device_id', 'user_id'),
        (d, w, kind) => {
          const once = normalize(kind, `${w}${d}${w}`, { hashed: true });
          expect(once).toBe(d.toLowerCase());
          expect(normalize(kind, once as string, { hashed: true })).toBe(once);
        },
      ),
    );
  });
});
