// The one currency rule (src/validate/currency.ts) against published ISO 4217 vectors
// (https://www.iso.org/iso-4217-currency-codes.html, List One): current codes of every kind of minor unit
// are accepted (USD and EUR 2 decimals, JPY and KRW 0, KWD and BHD 3, CLF and UYW 4, the fund code BOV), and
// so are the codes of the last years' changes (VED 2021, SLE 2022, ZWG 2024, XCG 2025); withdrawn codes, the
// entries with no minor unit (XAU gold, XTS the test code, XXX "no currency") and malformed text are refused.
// Every user of a currency goes through it: the funding instrument's --currency, a product's price, the
// currency a reply names.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFundingCreate } from '../../src/validate/funding.js';
import { currencyProblem, isCurrency } from '../../src/validate/currency.js';
import { prepareProduct } from '../../src/validate/product.js';

describe('ISO 4217 codes', () => {
  it.each(['USD', 'EUR', 'GBP', 'JPY', 'KRW', 'KWD', 'BHD', 'TND', 'CLF', 'UYW', 'BOV', 'CHF', 'VED', 'SLE', 'ZWG', 'XCG', 'XOF'])(
    '%s is a currency',
    (code) => {
      expect(currencyProblem(code)).toBeUndefined();
      expect(isCurrency(code)).toBe(true);
    },
  );

  it.each([
    // Withdrawn: the Deutsche Mark (2002), the Croatian kuna (2023), the old ouguiya (2018) and bolívar (2018).
    ['DEM', 'DEM is not an ISO 4217 currency code'],
    ['HRK', 'HRK is not an ISO 4217 currency code'],
    ['MRO', 'MRO is not an ISO 4217 currency code'],
    ['VEF', 'VEF is not an ISO 4217 currency code'],
    // In List One with no minor unit: not money a price or a budget is kept in.
    ['XAU', 'XAU is not an ISO 4217 currency code'],
    ['XTS', 'XTS is not an ISO 4217 currency code'],
    ['XXX', 'XXX is not an ISO 4217 currency code'],
    ['XYZ', 'XYZ is not an ISO 4217 currency code'],
    ['usd', 'must be an ISO 4217 code in capitals, such as USD (got "usd")'],
    ['US', 'must be an ISO 4217 code in capitals, such as USD (got "US")'],
    ['USDD', 'must be an ISO 4217 code in capitals, such as USD (got "USDD")'],
    ['U$D', 'must be an ISO 4217 code in capitals, such as USD (got "U$D")'],
    ['', 'must be an ISO 4217 code in capitals, such as USD (got "")'],
    ['840', 'must be an ISO 4217 code in capitals, such as USD (got "840")'],
  ])('%j is refused', (code, message) => {
    expect(currencyProblem(code)).toBe(message);
    expect(isCurrency(code)).toBe(false);
  });

  it('a reply field that is not a string is no currency', () => {
    for (const v of [undefined, null, 840, ['USD'], { code: 'USD' }]) expect(isCurrency(v)).toBe(false);
  });
});

describe('every currency check is this rule', () => {
  const funding = (currency: string) =>
    checkFundingCreate({ type: 'CREDIT_CARD', currency, start_time: '2027-01-01T00:00:00Z' }).filter((p) => p.field === 'currency');

  it("a funding instrument's currency", () => {
    expect(funding('JPY')).toEqual([]);
    expect(funding('HRK').map((p) => p.message)).toEqual(['HRK is not an ISO 4217 currency code']);
    expect(funding('DOLLARS').map((p) => p.message)).toEqual(['must be an ISO 4217 code in capitals, such as USD (got "DOLLARS")']);
  });

  it("a product's price and sale price", () => {
    const product = (price: string) =>
      prepareProduct({
        id: 'sku-1',
        title: 'Trail shoe',
        description: 'Light trail running shoe.',
        availability: 'in stock',
        condition: 'new',
        price,
        link: 'https://shop.example/p/1',
        image_link: 'https://cdn.example/i/1.jpg',
      })
        .problems.filter((p) => p.field === 'price')
        .map((p) => p.message);
    expect(product('1500 JPY')).toEqual([]);
    expect(product('1.500 KWD')).toEqual([]);
    expect(product('9.99 XTS')).toEqual(['XTS is not an ISO 4217 currency code (got "9.99 XTS")']);
  });
});

describe('one rule', () => {
  it('no file under src/ (the emulator, an independent model, aside) checks a currency code its own way', () => {
    const SRC = resolve(new URL('../../src', import.meta.url).pathname);
    const walk = (d: string): string[] =>
      readdirSync(d).flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : n.endsWith('.ts') ? [join(d, n)] : []));
    const own = walk(SRC)
      .map((f) => relative(SRC, f))
      .filter((f) => !f.startsWith('emulator/') && f !== 'validate/currency.ts')
      .flatMap((f) =>
        readFileSync(join(SRC, f), 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            /supportedValuesOf\(\s*'currency'/.test(line) || (/currency/i.test(line) && line.includes('[A-Z]{3}')) ? [`${f}:${i + 1}`] : [],
          ),
      );
    expect(own, 'use currencyProblem / isCurrency from src/validate/currency.ts').toEqual([]);
  });
});
