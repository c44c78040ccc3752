// toMicros: decimal strings to micro units exactly, never through floating point.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMicros, toMicros } from '../../src/validate/money.js';

describe('toMicros', () => {
  it.each([
    ['0.1', 100000n],
    ['2.50', 2500000n],
    ['37.50', 37500000n],
    ['10', 10000000n],
    ['0.000001', 1n],
    ['1.0000000', 1000000n], // trailing zeros beyond 6 decimals are kept exact, not an error
    ['9007199254740993.123456', 9007199254740993123456n], // beyond 2^53: still exact
  ])('%s → %s', (input, micros) => {
    expect(toMicros(input)).toBe(micros);
  });

  it.each(['1.0000001', '0.0000005', '2.1234567'])('%s has too many decimals', (input) => {
    expect(() => toMicros(input)).toThrow(/more decimals than a micro unit can hold/);
  });

  it.each(['', 'abc', '-1', '1e3', '1,50', '.5', '1.', '$2'])('%j is not a decimal amount', (input) => {
    expect(() => toMicros(input)).toThrow(/decimal amount/);
  });

  it('agrees with exact integer arithmetic for any amount with up to 6 decimals, and round-trips', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 0, max: 999999 }),
        (whole, places, fracRaw) => {
          const frac = places === 0 ? '' : String(fracRaw % 10 ** places).padStart(places, '0');
          const text = frac ? `${whole}.${frac}` : String(whole);
          const expected = whole * 1_000_000n + BigInt((frac || '0').padEnd(6, '0'));
          expect(toMicros(text)).toBe(expected);
          expect(toMicros(fromMicros(expected))).toBe(expected);
        },
      ),
    );
  });
});
