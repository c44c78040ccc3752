// Product attributes (ads-api.md "Product attributes", "Limits") as data and a
// pure per-product checker: every broken rule gives one message naming its
// field. Rules spanning the feed (repeated ids, variants) are in
// catalogs/feed-checker.ts.
import { httpsUrl, isoWithOffset, maxLength, oneOf, parseIso8601, type Check } from './rules.js';

const AVAILABILITY = ['in stock', 'available for order', 'preorder', 'out of stock', 'discontinued'] as const;
const CONDITION = ['new', 'used', 'refurbished'] as const;
const GENDER = ['female', 'male', 'unisex'] as const;
const AGE_GROUP = ['adult', 'all ages', 'teen', 'kids', 'toddler', 'infant', 'newborn'] as const;
const MAX_ADDITIONAL_IMAGES = 10;
const IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.gif', '.webp', '.png'] as const;
/** Attributes whose values differ between the variants of one product group. */
export const VARIANT_ATTRIBUTES = ['color', 'size', 'gender', 'age_group'] as const;

export type Product = Record<string, string | number>;

// ISO 4217: the runtime's currency list (ICU); a shape check if it has none.
const CURRENCIES: Set<string> | undefined = (() => {
  try {
    const list = Intl.supportedValuesOf('currency');
    return list.length ? new Set(list) : undefined;
  } catch {
    return undefined;
  }
})();

export interface Price {
  amount: string;
  currency: string;
}

export function parsePrice(v: string): Price | undefined {
  const m = /^(\d+(?:\.\d+)?) ([A-Z]{3})$/.exec(v);
  return m ? { amount: m[1]!, currency: m[2]! } : undefined;
}

/** Compares two non-negative decimal strings exactly: -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const [ai = '', af = ''] = a.split('.');
  const [bi = '', bf = ''] = b.split('.');
  const aw = ai.replace(/^0+(?=\d)/, '');
  const bw = bi.replace(/^0+(?=\d)/, '');
  if (aw.length !== bw.length) return aw.length < bw.length ? -1 : 1;
  if (aw !== bw) return aw < bw ? -1 : 1;
  const n = Math.max(af.length, bf.length);
  const x = af.padEnd(n, '0');
  const y = bf.padEnd(n, '0');
  return x === y ? 0 : x < y ? -1 : 1;
}

const priceFormat: Check = (v) => {
  const p = parsePrice(v);
  if (p)
    return CURRENCIES && !CURRENCIES.has(p.currency)
      ? `${p.currency} is not an ISO 4217 currency code (got ${JSON.stringify(v)})`
      : undefined;
  if (/^\d+,\d+ [A-Za-z]{3}$/.test(v))
    return `use "." as the decimal point, e.g. ${JSON.stringify(v.replace(',', '.').toUpperCase())} (got ${JSON.stringify(v)})`;
  return `must be a number, a space and an ISO 4217 currency code, e.g. "19.99 USD" (got ${JSON.stringify(v)})`;
};

const plainText: Check = (v) => {
  const tag = /<\/?[a-zA-Z][\w-]*(?:\s[^<>]*)?\/?>/.exec(v);
  return tag ? `must be plain text: remove the HTML markup (found ${JSON.stringify(tag[0])})` : undefined;
};

// Only the file type can be checked here: the minimum of 500x500 px and the
// 5 MB maximum would need downloading the image, which the API does itself.
const imageExtension: Check = (v) => {
  let path: string;
  try {
    path = new URL(v).pathname.toLowerCase();
  } catch {
    return undefined; // httpsUrl reports it
  }
  return IMAGE_EXTENSIONS.some((e) => path.endsWith(e))
    ? undefined
    : `must be a JPG, GIF, WEBP or PNG image (a URL ending in ${IMAGE_EXTENSIONS.join(', ')}; got ${JSON.stringify(v)})`;
};

const levels: Check = (v) => {
  const parts = v.split(' > ');
  return parts.some((p) => p.includes('>') || p.trim() === '')
    ? `separate levels with " > " (space, >, space) and leave no level empty (got ${JSON.stringify(v)})`
    : undefined;
};

const notHexColor: Check = (v) =>
  /^#[0-9a-f]{3,8}$/i.test(v) || /^(?:0x)?(?=[a-f]*\d)[0-9a-f]{6}$/i.test(v)
    ? `must be a colour name such as "red", not a hex code (got ${JSON.stringify(v)})`
    : undefined;

const singleSize: Check = (v) =>
  /[,;|]/.test(v)
    ? `must be one size (a word, abbreviation or number); give each size its own product with a common item_group_id (got ${JSON.stringify(v)})`
    : undefined;

const effectiveDate: Check = (v) => {
  const parts = v.split('/');
  const bad = parts.length !== 2 || parts.some((p) => !/T\d{2}:\d{2}/.test(p) || isoWithOffset(p) !== undefined);
  if (bad)
    return `must be two ISO 8601 timestamps with offsets joined by "/", e.g. "2026-12-01T00:00:00-08:00/2026-12-31T23:59:59-08:00" (got ${JSON.stringify(v)})`;
  return parseIso8601(parts[0]!)! >= parseIso8601(parts[1]!)! ? `the start must be before the end (got ${JSON.stringify(v)})` : undefined;
};

const urlList: Check = (v) => {
  const bad = v
    .split(',')
    .map((u) => u.trim())
    .filter((u) => httpsUrl(u) !== undefined);
  return bad.length ? `every URL must be https:// (not: ${bad.map((u) => JSON.stringify(u)).join(', ')})` : undefined;
};

const atMostImages: Check = (v) => {
  const n = v.split(',').filter((u) => u.trim()).length;
  return n > MAX_ADDITIONAL_IMAGES ? `takes at most ${MAX_ADDITIONAL_IMAGES} URLs (got ${n})` : undefined;
};

interface AttributeRule {
  /** text: a string (numbers in JSON are turned into text); integer: a whole number; list: comma-separated (a JSON array is joined). */
  kind: 'text' | 'integer' | 'list';
  required?: boolean;
  checks?: Check[];
  /** Generated by the API: dropped from the feed, never sent. */
  generated?: boolean;
}

/** The spec's attribute table. */
const PRODUCT_ATTRIBUTES: Record<string, AttributeRule> = {
  id: { kind: 'text', required: true },
  product_key: { kind: 'text', generated: true },
  title: { kind: 'text', required: true, checks: [maxLength(150)] },
  description: { kind: 'text', required: true, checks: [maxLength(5000), plainText] },
  availability: { kind: 'text', required: true, checks: [oneOf(AVAILABILITY)] },
  condition: { kind: 'text', required: true, checks: [oneOf(CONDITION)] },
  price: { kind: 'text', required: true, checks: [priceFormat] },
  link: { kind: 'text', required: true, checks: [httpsUrl] },
  image_link: { kind: 'text', required: true, checks: [httpsUrl, imageExtension] },
  brand: { kind: 'text' },
  gtin: { kind: 'text' },
  mpn: { kind: 'text' },
  mobile_link: { kind: 'text', checks: [httpsUrl] },
  additional_image_link: { kind: 'list', checks: [atMostImages, urlList] },
  google_product_category: { kind: 'text', checks: [(v) => (v.includes('>') ? levels(v) : undefined)] },
  product_type: { kind: 'text', checks: [levels] },
  inventory: { kind: 'integer' },
  sale_price: { kind: 'text', checks: [priceFormat] },
  sale_price_effective_date: { kind: 'text', checks: [effectiveDate] },
  item_group_id: { kind: 'text' },
  item_group_key: { kind: 'text', generated: true },
  gender: { kind: 'text', checks: [oneOf(GENDER)] },
  color: { kind: 'text', checks: [notHexColor] },
  size: { kind: 'text', checks: [singleSize] },
  age_group: { kind: 'text', checks: [oneOf(AGE_GROUP)] },
  custom_label_0: { kind: 'text' },
  custom_label_1: { kind: 'text' },
  custom_label_2: { kind: 'text' },
  custom_label_3: { kind: 'text' },
  custom_label_4: { kind: 'text' },
};

// The table as a list and a map, built once: prepareProduct runs twice for
// every product of a feed, and a Map lookup never finds inherited names
// (constructor, __proto__, toString) the way an object lookup would.
const ATTRIBUTE_LIST = Object.entries(PRODUCT_ATTRIBUTES);
const ATTRIBUTE_MAP = new Map(ATTRIBUTE_LIST);

interface CrossRule {
  field: string;
  check: (p: Product) => string | undefined;
}

/** Rules between attributes, run once each attribute is well-formed. */
const PRODUCT_CROSS_RULES: CrossRule[] = [
  {
    field: 'brand',
    check: (p) =>
      p.brand === undefined && p.gtin === undefined && p.mpn === undefined ? 'give at least one of brand, gtin or mpn' : undefined,
  },
  {
    field: 'inventory',
    check: (p) =>
      p.availability === 'in stock' && typeof p.inventory === 'number' && p.inventory < 1
        ? `must be at least 1 when availability is "in stock" (got ${p.inventory})`
        : undefined,
  },
  {
    field: 'sale_price',
    check: (p) => {
      const price = parsePrice(String(p.price ?? ''));
      const sale = parsePrice(String(p.sale_price ?? ''));
      if (!price || !sale) return undefined;
      if (sale.currency !== price.currency) return `must be in the currency of price (${price.currency}; got ${sale.currency})`;
      return compareDecimal(sale.amount, price.amount) < 0 ? undefined : `must be lower than price (${p.price}; got ${p.sale_price})`;
    },
  },
];

export interface FieldProblem {
  field: string;
  message: string;
}

function describe(v: unknown): string {
  return Array.isArray(v) ? 'a list' : v === null ? 'null' : typeof v === 'object' ? 'an object' : typeof v;
}

/**
 * Turns one raw record (JSON object or CSV row) into the product to send and
 * lists every broken rule. Empty values count as absent; text is trimmed;
 * generated attributes (product_key, item_group_key) are dropped.
 */
export function prepareProduct(raw: Record<string, unknown>): { product: Product; problems: FieldProblem[] } {
  const product: Product = {};
  const problems: FieldProblem[] = [];
  const bad = new Set<string>();
  for (const name of Object.keys(raw)) {
    const value = raw[name];
    const rule = ATTRIBUTE_MAP.get(name);
    if (!rule) {
      problems.push({ field: name, message: 'is not a product attribute (check the spelling against the attribute table)' });
      continue;
    }
    if (rule.generated || value === null || value === undefined) continue;
    if (rule.kind === 'integer') {
      const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined;
      if (text === '') continue;
      if (text === undefined || !/^\d+$/.test(text)) {
        problems.push({ field: name, message: `must be a whole number of at least 0 (got ${JSON.stringify(value)})` });
        bad.add(name);
      } else product[name] = Number(text);
      continue;
    }
    let text: string | undefined;
    if (typeof value === 'string') text = value.trim();
    else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
    else if (rule.kind === 'list' && Array.isArray(value) && value.every((x) => typeof x === 'string'))
      text = value
        .map((x) => x.trim())
        .filter(Boolean)
        .join(',');
    if (text === undefined) {
      problems.push({
        field: name,
        message: `must be ${rule.kind === 'list' ? 'a comma-separated string or a list of strings' : 'a string'}, not ${describe(value)}`,
      });
      bad.add(name);
      continue;
    }
    if (text === '') continue;
    product[name] = text;
  }
  for (const [name, rule] of ATTRIBUTE_LIST) {
    const value = product[name];
    if (value === undefined) {
      if (rule.required && !bad.has(name)) problems.push({ field: name, message: 'is required' });
      continue;
    }
    if (!rule.checks) continue;
    const text = String(value);
    for (const check of rule.checks) {
      const msg = check(text);
      if (msg) {
        problems.push({ field: name, message: msg });
        bad.add(name);
      }
    }
  }
  for (const rule of PRODUCT_CROSS_RULES) {
    if (bad.has(rule.field)) continue;
    const msg = rule.check(product);
    if (msg) problems.push({ field: rule.field, message: msg });
  }
  return { product, problems };
}
