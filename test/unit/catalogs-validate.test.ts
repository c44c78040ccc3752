// Product validation: every rule of the attribute table gives exactly one
// message naming its field; normalization of feed values; feed-wide rules.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareDecimal, parsePrice, prepareProduct } from '../../src/validate/product.js';
import { FeedChecker, titleKeyOf, variantOf, type LineFacts } from '../../src/catalogs/feed-checker.js';
import { HashIndex, hash64 } from '../../src/catalogs/hash-index.js';

const valid = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: 'sku-1',
  title: 'Trail shoe',
  description: 'Light trail running shoe.',
  availability: 'in stock',
  condition: 'new',
  price: '89.99 USD',
  link: 'https://shop.example/p/1',
  image_link: 'https://cdn.example/i/1.jpg',
  brand: 'Acme',
  ...extra,
});

const without = (...keys: string[]) => {
  const p = valid();
  for (const k of keys) delete p[k];
  return p;
};

describe('prepareProduct: a valid product', () => {
  it('has no problems and is sent as given', () => {
    const { product, problems } = prepareProduct(valid({ inventory: 4 }));
    expect(problems).toEqual([]);
    expect(product).toEqual(valid({ inventory: 4 }));
  });

  it('normalizes feed values: trims text, drops empty values and generated keys, numbers to text, inventory to a number, image lists to a comma string', () => {
    const { product, problems } = prepareProduct(
      valid({
        title: '  Trail shoe ',
        gtin: 4006381333931,
        inventory: '12',
        color: '',
        product_key: 'pk-9',
        item_group_key: 'g-1',
        additional_image_link: ['https://cdn.example/a.jpg', ' https://cdn.example/b.png'],
      }),
    );
    expect(problems).toEqual([]);
    expect(product.title).toBe('Trail shoe');
    expect(product.gtin).toBe('4006381333931');
    expect(product.inventory).toBe(12);
    expect(product.additional_image_link).toBe('https://cdn.example/a.jpg,https://cdn.example/b.png');
    expect(product).not.toHaveProperty('color');
    expect(product).not.toHaveProperty('product_key');
    expect(product).not.toHaveProperty('item_group_key');
  });

  it('accepts every enum value, gtin or mpn instead of brand, image URLs with a query string, and a correct sale', () => {
    for (const availability of ['in stock', 'available for order', 'preorder', 'out of stock', 'discontinued'])
      expect(prepareProduct(valid({ availability, inventory: 1 })).problems).toEqual([]);
    for (const condition of ['new', 'used', 'refurbished']) expect(prepareProduct(valid({ condition })).problems).toEqual([]);
    for (const gender of ['female', 'male', 'unisex']) expect(prepareProduct(valid({ gender })).problems).toEqual([]);
    for (const age_group of ['adult', 'all ages', 'teen', 'kids', 'toddler', 'infant', 'newborn'])
      expect(prepareProduct(valid({ age_group })).problems).toEqual([]);
    expect(prepareProduct({ ...without('brand'), mpn: 'X-1' }).problems).toEqual([]);
    expect(prepareProduct(valid({ image_link: 'https://cdn.example/i/1.JPEG?w=800' })).problems).toEqual([]);
    expect(
      prepareProduct(valid({ sale_price: '79.99 USD', sale_price_effective_date: '2026-12-01T00:00:00-08:00/2026-12-31T23:59:59Z' }))
        .problems,
    ).toEqual([]);
    expect(
      prepareProduct(valid({ product_type: 'Shoes > Trail > Men', google_product_category: '187', color: 'navy blue', size: 'XL' }))
        .problems,
    ).toEqual([]);
    expect(prepareProduct(valid({ availability: 'out of stock', inventory: 0 })).problems).toEqual([]);
    expect(
      prepareProduct(valid({ additional_image_link: Array.from({ length: 10 }, (_, i) => `https://cdn.example/${i}.jpg`).join(',') }))
        .problems,
    ).toEqual([]);
  });
});

// [rule, product, field, message pattern]
const RULES: Array<[string, Record<string, unknown>, string, RegExp]> = [
  ['id required', without('id'), 'id', /is required/],
  ['title required', without('title'), 'title', /is required/],
  ['description required', without('description'), 'description', /is required/],
  ['availability required', without('availability'), 'availability', /is required/],
  ['condition required', without('condition'), 'condition', /is required/],
  ['price required', without('price'), 'price', /is required/],
  ['link required', without('link'), 'link', /is required/],
  ['image_link required', without('image_link'), 'image_link', /is required/],
  ['title at most 150', valid({ title: 'é'.repeat(151) }), 'title', /at most 150 characters \(got 151\)/],
  ['description at most 5000', valid({ description: 'd'.repeat(5001) }), 'description', /at most 5000/],
  ['description plain text', valid({ description: 'A <b>bold</b> claim' }), 'description', /plain text.*"<b>"/],
  ['availability enum', valid({ availability: 'instock' }), 'availability', /must be one of in stock, available for order/],
  ['condition enum', valid({ condition: 'mint' }), 'condition', /must be one of new, used, refurbished/],
  ['gender enum', valid({ gender: 'boys' }), 'gender', /female, male, unisex/],
  ['age_group enum', valid({ age_group: 'baby' }), 'age_group', /adult, all ages/],
  ['price decimal point', valid({ price: '89,99 EUR' }), 'price', /use "\." as the decimal point/],
  ['price currency present', valid({ price: '89.99' }), 'price', /a number, a space and an ISO 4217 currency code/],
  ['price ISO 4217', valid({ price: '89.99 XYZ' }), 'price', /XYZ is not an ISO 4217 currency code/],
  ['sale_price format', valid({ sale_price: '$79' }), 'sale_price', /ISO 4217/],
  ['sale_price lower', valid({ sale_price: '89.990 USD' }), 'sale_price', /must be lower than price/],
  ['sale_price currency', valid({ sale_price: '79.99 EUR' }), 'sale_price', /in the currency of price \(USD; got EUR\)/],
  ['link https', valid({ link: 'http://shop.example/p/1' }), 'link', /https:\/\//],
  ['mobile_link https', valid({ mobile_link: 'ftp://shop.example' }), 'mobile_link', /https:\/\//],
  ['image_link https', valid({ image_link: 'http://cdn.example/i/1.jpg' }), 'image_link', /https:\/\//],
  ['image_link type', valid({ image_link: 'https://cdn.example/i/1.bmp' }), 'image_link', /JPG, GIF, WEBP or PNG/],
  ['brand, gtin or mpn', without('brand'), 'brand', /at least one of brand, gtin or mpn/],
  ['inventory whole number', valid({ inventory: 'many' }), 'inventory', /whole number/],
  ['inventory not negative', valid({ inventory: -1 }), 'inventory', /whole number of at least 0/],
  ['inventory in stock', valid({ inventory: 0 }), 'inventory', /at least 1 when availability is "in stock"/],
  [
    'effective date: two timestamps',
    valid({ sale_price: '79 USD', sale_price_effective_date: '2026-12-01T00:00:00+01:00' }),
    'sale_price_effective_date',
    /two ISO 8601 timestamps with offsets joined by "\/"/,
  ],
  [
    'effective date: offsets',
    valid({ sale_price: '79 USD', sale_price_effective_date: '2026-12-01T00:00:00/2026-12-31T00:00:00' }),
    'sale_price_effective_date',
    /with offsets/,
  ],
  [
    'effective date: timestamps, not dates',
    valid({ sale_price: '79 USD', sale_price_effective_date: '2026-12-01/2026-12-31' }),
    'sale_price_effective_date',
    /timestamps/,
  ],
  [
    'effective date: order',
    valid({ sale_price: '79 USD', sale_price_effective_date: '2026-12-31T00:00:00Z/2026-12-01T00:00:00Z' }),
    'sale_price_effective_date',
    /start must be before the end/,
  ],
  [
    'at most 10 additional images',
    valid({ additional_image_link: Array.from({ length: 11 }, (_, i) => `https://cdn.example/${i}.jpg`).join(',') }),
    'additional_image_link',
    /at most 10 URLs \(got 11\)/,
  ],
  [
    'additional images https',
    valid({ additional_image_link: 'https://cdn.example/a.jpg,http://cdn.example/b.jpg' }),
    'additional_image_link',
    /"http:\/\/cdn.example\/b.jpg"/,
  ],
  ['color not hex', valid({ color: '#FF0000' }), 'color', /not a hex code/],
  ['color not bare hex', valid({ color: 'ff00a1' }), 'color', /not a hex code/],
  ['product_type levels', valid({ product_type: 'Shoes>Trail' }), 'product_type', /separate levels with " > "/],
  ['product_type empty level', valid({ product_type: 'Shoes >  > Trail' }), 'product_type', /no level empty/],
  [
    'google_product_category path levels',
    valid({ google_product_category: 'Apparel>Shoes' }),
    'google_product_category',
    /separate levels/,
  ],
  ['size is one value', valid({ size: 'S,M' }), 'size', /one size/],
  ['unknown attribute', valid({ colour: 'red' }), 'colour', /not a product attribute/],
  ['a name inherited by every object is not an attribute', valid({ constructor: 'x' }), 'constructor', /not a product attribute/],
  [
    '__proto__ from JSON is not an attribute',
    { ...(JSON.parse('{"__proto__": "x"}') as object), ...valid({}) },
    '__proto__',
    /not a product attribute/,
  ],
  ['text type', valid({ title: { en: 'Shoe' } }), 'title', /must be a string, not an object/],
  ['list type', valid({ additional_image_link: [1, 2] }), 'additional_image_link', /comma-separated string or a list of strings/],
];

describe('prepareProduct: one message per broken rule, naming the field', () => {
  it.each(RULES)('%s', (_rule, raw, field, pattern) => {
    const { problems } = prepareProduct(raw);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.field).toBe(field);
    expect(problems[0]!.message).toMatch(pattern);
  });

  it('reports every problem of a product that breaks several rules', () => {
    const { problems } = prepareProduct(valid({ title: 'x'.repeat(200), price: '1,5 USD', link: 'http://x', color: '#fff' }));
    expect(problems.map((p) => p.field).sort()).toEqual(['color', 'link', 'price', 'title']);
  });

  it('a field that is missing is reported as required, not also as malformed', () => {
    expect(prepareProduct(valid({ price: '   ' })).problems).toEqual([{ field: 'price', message: 'is required' }]);
  });
});

describe('prices', () => {
  it('parses "<number> <ISO 4217 code>"', () => {
    expect(parsePrice('19.99 USD')).toEqual({ amount: '19.99', currency: 'USD' });
    expect(parsePrice('19 JPY')).toEqual({ amount: '19', currency: 'JPY' });
    for (const bad of ['19.99USD', 'USD 19.99', '19.99 usd', '-1 USD', '1e3 USD', '.5 USD']) expect(parsePrice(bad)).toBeUndefined();
  });

  it('compares decimals exactly', () => {
    expect(compareDecimal('10.00', '10')).toBe(0);
    expect(compareDecimal('9.999', '10')).toBe(-1);
    expect(compareDecimal('010.5', '10.49')).toBe(1);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (a, b) => {
        const fmt = (n: number) => `${Math.floor(n / 1000)}.${String(n % 1000).padStart(3, '0')}`;
        expect(compareDecimal(fmt(a), fmt(b))).toBe(Math.sign(a - b));
      }),
    );
  });
});

/** Facts for the lines the checker asks about, as the pipeline reads them back. */
function factsFor(checker: FeedChecker, feed: Map<number, Record<string, string>>): Map<number, LineFacts> {
  const facts = new Map<number, LineFacts>();
  for (const line of checker.linesToConfirm()) {
    const p = feed.get(line)!;
    facts.set(line, { id: p.id, titleKey: titleKeyOf(p), variant: variantOf(p) });
  }
  return facts;
}

function check(products: Array<Record<string, string>>) {
  const checker = new FeedChecker();
  const feed = new Map(products.map((p, i) => [i + 1, p]));
  for (const [line, p] of feed) checker.observe(line, p);
  return checker.problems(factsFor(checker, feed)).map((p) => ({ line: p.line, field: p.field, id: p.id, message: p.message }));
}

describe('FeedChecker', () => {
  it('reports every line of a repeated id, with all its lines', () => {
    const problems = check([{ id: 'a' }, { id: 'b' }, { id: 'a' }, { id: 'c' }, { id: 'a' }, { id: 'c' }]);
    expect(problems.map((p) => [p.line, p.id])).toEqual([
      [1, 'a'],
      [3, 'a'],
      [5, 'a'],
      [4, 'c'],
      [6, 'c'],
    ]);
    expect(problems[0]!.message).toMatch(/repeats on lines 1, 3, 5: the API ignores every copy/);
  });

  it('variants without item_group_id: both products are reported, with the attribute that differs', () => {
    const problems = check([
      { id: 'tee-s', title: 'Tee', brand: 'Acme', size: 'S' },
      { id: 'mug', title: 'Mug' },
      { id: 'tee-m', title: 'tee', brand: 'ACME', size: 'M' },
      { id: 'tee-l', title: 'Tee', brand: 'Acme', size: 'L' },
    ]);
    expect(problems.map((p) => [p.line, p.field, p.id])).toEqual([
      [3, 'item_group_id', 'tee-m'],
      [1, 'item_group_id', 'tee-s'],
      [4, 'item_group_id', 'tee-l'],
    ]);
    expect(problems[0]!.message).toMatch(/variant of line 1 \(same title and brand, different size\)/);
    expect(problems[1]!.message).toMatch(/has variants \(line 3/);
  });

  it('no variant problem when the variants share an item_group_id, or nothing differs, or the brand differs', () => {
    expect(
      check([
        { id: '1', title: 'Tee', size: 'S', item_group_id: 'g' },
        { id: '2', title: 'Tee', size: 'M', item_group_id: 'g' },
      ]),
    ).toEqual([]);
    expect(
      check([
        { id: '1', title: 'Tee', size: 'S' },
        { id: '2', title: 'Tee', size: 'S' },
      ]),
    ).toEqual([]);
    expect(
      check([
        { id: '1', title: 'Tee', brand: 'A', size: 'S' },
        { id: '2', title: 'Tee', brand: 'B', size: 'M' },
      ]),
    ).toEqual([]);
  });

  it('only the variant lacking item_group_id is reported', () => {
    const problems = check([
      { id: '1', title: 'Tee', color: 'red', item_group_id: 'g' },
      { id: '2', title: 'Tee', color: 'blue' },
    ]);
    expect(problems.map((p) => [p.line, p.message.includes('different color')])).toEqual([[2, true]]);
  });

  it('a claim is dropped when the values read back do not confirm it (hash collision or a changed file)', () => {
    const checker = new FeedChecker();
    checker.observe(1, { id: 'a', title: 'Tee', size: 'S' });
    checker.observe(2, { id: 'a', title: 'Tee', size: 'M' });
    expect([...checker.linesToConfirm()]).toEqual([1]);
    expect(checker.problems(new Map([[1, { id: 'other', titleKey: 'something else', variant: ['', 'S', '', ''] }]]))).toEqual([]);
  });
});

describe('HashIndex', () => {
  it('behaves like a Map from string hashes to payloads, across growth', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 3000 }), (keys) => {
        const index = new HashIndex(2, 4);
        const model = new Map<string, number>();
        keys.forEach((k, i) => {
          const [h1, h2] = hash64(k);
          const { at, added } = index.insert(h1, h2);
          expect(added).toBe(!model.has(k));
          if (added) {
            index.set(at, 0, i + 1);
            index.set(at, 1, 0xffffffff);
            model.set(k, i + 1);
          }
        });
        expect(index.size).toBe(model.size);
        for (const [k, v] of model) {
          const [h1, h2] = hash64(k);
          const at = index.find(h1, h2);
          expect(index.get(at, 0)).toBe(v);
          expect(index.get(at, 1)).toBe(0xffffffff);
        }
        expect(index.find(...hash64('\u0000never inserted\u0000'))).toBe(-1);
      }),
      { numRuns: 30 },
    );
  });
});
