// Product catalogs (ads-api.md "Product catalogs"): one catalog per user,
// products stored per catalog by id with create / update / no-change
// semantics, per-product errors from the emulator's own checks (independent of
// postctl's), repeated ids within a request ignored, at most 25 products per
// request, deletes by product_key, and product sets with processing_status.
import { adsError, adsOk, fail } from '../replies.js';
import type { Router } from '../router.js';
import { EMU_USER, type EmulatorState } from '../state.js';
import type { EmuRequest, Handler } from '../types.js';

const MAX_BATCH = 25;
const PAGE = { min: 1, max: 100, def: 100 };
const AVAILABILITY = ['in stock', 'available for order', 'preorder', 'out of stock', 'discontinued'];
const CONDITION = ['new', 'used', 'refurbished'];
const REQUIRED = ['id', 'title', 'description', 'availability', 'condition', 'price', 'link', 'image_link'];
const FILTER_ATTRIBUTES = [
  'price',
  'product_type',
  'google_product_category',
  'sale_price',
  'inventory',
  'custom_label_0',
  'custom_label_1',
  'custom_label_2',
  'custom_label_3',
  'custom_label_4',
];
const FILTER_OPERATORS = ['GREATER_THAN', 'EQUAL_TO', 'LESS_THAN', 'MATCH', 'NOT_CONTAINS', 'CONTAINS'];
const GENERATED = new Set(['product_key', 'item_group_key']);

interface StoredProduct {
  attrs: Record<string, unknown>;
  /** Canonical JSON of attrs: equal text means NO_CHANGE. */
  canon: string;
  product_key: string;
}

interface Filter {
  attribute: string;
  operator: string;
  value: string;
}

interface ProductSet {
  id: string;
  name: string;
  description?: string;
  type: 'MANUAL' | 'FILTERED';
  product_ids: string[];
  processing_status: 'DONE' | 'PROCESSING' | 'FAILED';
  filters: Filter[];
}

interface Catalog {
  id: string;
  name: string;
  owner: string;
  products: Map<string, StoredProduct>;
  byKey: Map<string, string>;
  groupKeys: Map<string, string>;
  sets: Map<string, ProductSet>;
}

type Slice = Map<string, Catalog>;

const catalogs = (state: EmulatorState): Slice => state.slice('catalogs', () => seed(state));

/** The sample catalog of options.sampleCatalog: the ids docs/catalogs.md and the `--help` examples use. */
function seed(state: EmulatorState): Slice {
  const slice: Slice = new Map();
  if (!state.options.sampleCatalog) return slice;
  const c: Catalog = {
    id: '1456789',
    name: 'Spring shop',
    owner: EMU_USER.id,
    products: new Map(),
    byKey: new Map(),
    groupKeys: new Map(),
    sets: new Map(),
  };
  c.groupKeys.set('shoe-1', '88vr1');
  // Two variants of one item group (fetches show the first) and a product of its own: two pages of one.
  for (const [id, key, size, price, group] of [
    ['shoe-1-42', 'pk-1', '42', '45.00 USD', 'shoe-1'],
    ['shoe-1-43', 'pk-2', '43', '49.00 USD', 'shoe-1'],
    ['shoe-2-42', 'pk-3', '42', '59.00 USD', undefined],
  ] as const) {
    const attrs = {
      id,
      title: `Trail shoe, size ${size}`,
      description: 'A light trail running shoe',
      availability: 'in stock',
      condition: 'new',
      price,
      link: `https://shop.example.com/p/${id}`,
      image_link: `https://shop.example.com/i/${id}.jpg`,
      ...(group ? { item_group_id: group } : {}),
      product_type: 'Shoes',
    };
    c.products.set(id, { attrs, canon: canonical(attrs), product_key: key });
    c.byKey.set(key, id);
  }
  c.sets.set('73kq1', {
    id: '73kq1',
    name: 'Best sellers',
    type: 'MANUAL',
    product_ids: ['shoe-1-42'],
    processing_status: 'DONE',
    filters: [],
  });
  slice.set(c.id, c);
  return slice;
}

function caller(req: EmuRequest): string {
  return req.auth?.userId ?? '';
}

/** user_id (long) must be the caller: the emulator has no managed users. */
function userParam(req: EmuRequest, raw: string | null): string {
  if (raw === null) return caller(req);
  if (!/^\d{1,19}$/.test(raw)) fail(adsError(400, 'INVALID_PARAMETER', 'user_id must be a long', 'user_id', req));
  if (raw !== caller(req)) fail(adsError(403, 'UNAUTHORIZED_ACCESS', `The authenticated user may not act for user ${raw}`, 'user_id', req));
  return raw;
}

function requireCatalog(req: EmuRequest, state: EmulatorState): Catalog {
  const id = req.params.product_catalog_id!;
  const c = catalogs(state).get(id);
  if (!c) fail(adsError(404, 'NOT_FOUND', `Product catalog ${id} not found`, 'product_catalog_id', req));
  if (c.owner !== caller(req))
    fail(adsError(403, 'UNAUTHORIZED_ACCESS', 'The authenticated user does not own this product catalog', 'product_catalog_id', req));
  return c;
}

const view = (c: Catalog) => ({ id: c.id, name: c.name });

function canonical(v: unknown): string {
  // Products are usually flat: their sorted keys as the replacer give the same text, much faster.
  if (v && typeof v === 'object' && !Array.isArray(v) && Object.values(v).every((x) => x === null || typeof x !== 'object')) {
    return JSON.stringify(v, Object.keys(v).sort());
  }
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v as object)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

const PRICE = /^(\d+(?:\.\d+)?) ([A-Z]{3})$/;

function httpsOk(v: unknown): boolean {
  try {
    return typeof v === 'string' && new URL(v).protocol === 'https:';
  } catch {
    return false;
  }
}

interface Issue {
  code: string;
  attribute: string;
  message: string;
}

/** The emulator's own server-side checks (a few key rules of the attribute table). */
function checkProduct(p: Record<string, unknown>): { errors: Issue[]; warnings: Issue[] } {
  const errors: Issue[] = [];
  const warnings: Issue[] = [];
  const err = (attribute: string, message: string, code = 'INVALID_ATTRIBUTE') =>
    errors.push({ code, attribute, message: `${attribute}: ${message}` });
  for (const f of REQUIRED) if (p[f] === undefined || p[f] === null || p[f] === '') err(f, 'is required', 'MISSING_ATTRIBUTE');
  // A string has at most as many characters as UTF-16 units: count them only when it could be too long.
  if (typeof p.title === 'string' && p.title.length > 150 && [...p.title].length > 150) err('title', 'is longer than 150 characters');
  if (typeof p.description === 'string' && p.description.length > 5000 && [...p.description].length > 5000)
    err('description', 'is longer than 5000 characters');
  if (p.availability !== undefined && !AVAILABILITY.includes(String(p.availability)))
    err('availability', `must be one of ${AVAILABILITY.join(', ')}`);
  if (p.condition !== undefined && !CONDITION.includes(String(p.condition))) err('condition', `must be one of ${CONDITION.join(', ')}`);
  const price = typeof p.price === 'string' ? PRICE.exec(p.price) : null;
  if (p.price !== undefined && !price) err('price', 'must be a number, a space and an ISO 4217 code');
  const sale = typeof p.sale_price === 'string' ? PRICE.exec(p.sale_price) : null;
  if (p.sale_price !== undefined && !sale) err('sale_price', 'must be a number, a space and an ISO 4217 code');
  if (price && sale && (sale[2] !== price[2] || Number(sale[1]) >= Number(price[1])))
    err('sale_price', 'must be lower than price, in the same currency');
  for (const f of ['link', 'image_link', 'mobile_link']) if (p[f] !== undefined && !httpsOk(p[f])) err(f, 'must be an https URL');
  // The API downloads images to check 500x500 px and 5 MB; the emulator cannot,
  // so a file name ending in "-small" stands for an image that is too small.
  if (typeof p.image_link === 'string' && /-small\.[a-z]+$/i.test(p.image_link.split('?')[0]!))
    err('image_link', 'the image is smaller than 500x500 px', 'IMAGE_TOO_SMALL');
  if (p.brand === undefined && p.gtin === undefined && p.mpn === undefined)
    err('brand', 'one of brand, gtin or mpn is required', 'MISSING_ATTRIBUTE');
  if (p.inventory !== undefined && (!Number.isInteger(p.inventory) || (p.inventory as number) < 0))
    err('inventory', 'must be a whole number');
  if (p.sale_price !== undefined && p.sale_price_effective_date === undefined)
    warnings.push({
      code: 'RECOMMENDED_ATTRIBUTE',
      attribute: 'sale_price_effective_date',
      message: 'sale_price has no sale_price_effective_date: the sale price applies until it is removed',
    });
  return { errors, warnings };
}

function stored(c: Catalog, _id: string, s: StoredProduct): Record<string, unknown> {
  const group = s.attrs.item_group_id;
  return { ...s.attrs, product_key: s.product_key, ...(typeof group === 'string' ? { item_group_key: c.groupKeys.get(group) } : {}) };
}

function upsert(req: EmuRequest, state: EmulatorState, c: Catalog) {
  const body = req.json<{ products?: unknown }>();
  if (!body || typeof body !== 'object' || !Array.isArray(body.products))
    fail(adsError(400, 'INVALID_PARAMETER', 'The body must be {"products": [product objects]}', 'products', req));
  const list = body.products as unknown[];
  if (list.length === 0) fail(adsError(400, 'INVALID_PARAMETER', 'products must hold at least one product', 'products', req));
  if (list.length > MAX_BATCH)
    fail(adsError(400, 'INVALID_PARAMETER', `products takes at most ${MAX_BATCH} items per request (got ${list.length})`, 'products', req));
  const counts = new Map<string, number>();
  for (const p of list) {
    const id = p && typeof p === 'object' ? (p as Record<string, unknown>).id : undefined;
    if (typeof id === 'string') counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const responses = list.map((raw) => {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw))
      return {
        id: null,
        status: 'ERROR',
        product_key: null,
        warnings: [],
        errors: [{ code: 'INVALID_PRODUCT', message: 'a product must be an object' }],
      };
    const attrs: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(raw)) if (!GENERATED.has(k)) attrs[k] = v;
    const id = typeof attrs.id === 'string' ? attrs.id : null;
    if (id !== null && (counts.get(id) ?? 0) > 1) {
      return {
        id,
        status: 'ERROR',
        product_key: null,
        warnings: [],
        errors: [
          {
            code: 'DUPLICATE_ID',
            attribute: 'id',
            message: `id ${id} appears ${counts.get(id)} times in this request: every copy was ignored`,
          },
        ],
      };
    }
    const { errors, warnings } = checkProduct(attrs);
    if (errors.length || id === null)
      return {
        id,
        status: 'ERROR',
        product_key: null,
        warnings,
        errors: errors.length ? errors : [{ code: 'MISSING_ATTRIBUTE', attribute: 'id', message: 'id: must be a string' }],
      };
    const canon = canonical(attrs);
    const existing = c.products.get(id);
    if (typeof attrs.item_group_id === 'string' && !c.groupKeys.has(attrs.item_group_id))
      c.groupKeys.set(attrs.item_group_id, `g${state.nextId()}`);
    if (existing && existing.canon === canon) return { id, status: 'NO_CHANGE', product_key: existing.product_key, warnings, errors: [] };
    if (existing) {
      existing.attrs = attrs;
      existing.canon = canon;
      return { id, status: 'UPDATE_SUCCESS', product_key: existing.product_key, warnings, errors: [] };
    }
    const product_key = `pk${state.nextId()}`;
    c.products.set(id, { attrs, canon, product_key });
    c.byKey.set(product_key, id);
    return { id, status: 'CREATE_SUCCESS', product_key, warnings, errors: [] };
  });
  // A status the spec does not list, to test that clients show it rather than trust the list.
  const odd = state.faults.take(req.method, req.path, ['item-status']);
  const answered = odd
    ? responses.map((r) => (r.status.endsWith('_SUCCESS') || r.status === 'NO_CHANGE' ? { ...r, status: odd.itemStatus ?? 'PENDING' } : r))
    : responses;
  return adsOk(req, { products_response: answered });
}

/** Products as fetches show them: per item group, only the variant submitted first. */
function visibleProducts(c: Catalog, groupKey: string | null): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  const seenGroups = new Set<string>();
  for (const [id, s] of c.products) {
    const group = typeof s.attrs.item_group_id === 'string' ? s.attrs.item_group_id : undefined;
    if (groupKey !== null && (group === undefined || c.groupKeys.get(group) !== groupKey)) continue;
    if (group !== undefined) {
      if (seenGroups.has(group)) continue;
      seenGroups.add(group);
    }
    out.push(stored(c, id, s));
  }
  return out;
}

function amountOf(v: unknown): number | undefined {
  const m = /^(\d+(?:\.\d+)?)/.exec(String(v ?? '').trim());
  return m ? Number(m[1]) : undefined;
}

/** Filter semantics are not shown in the spec: numbers compare numerically, text case-insensitively; MATCH is whole-value equality ignoring case. */
function matches(p: Record<string, unknown>, f: Filter): boolean {
  const v = p[f.attribute];
  if (v === undefined) return f.operator === 'NOT_CONTAINS';
  const numeric = ['price', 'sale_price', 'inventory'].includes(f.attribute);
  const a = numeric ? amountOf(v) : undefined;
  const b = numeric ? amountOf(f.value) : undefined;
  const text = String(v).toLowerCase();
  const want = f.value.toLowerCase();
  switch (f.operator) {
    case 'GREATER_THAN':
      return a !== undefined && b !== undefined ? a > b : text > want;
    case 'LESS_THAN':
      return a !== undefined && b !== undefined ? a < b : text < want;
    case 'EQUAL_TO':
      return a !== undefined && b !== undefined ? a === b : String(v) === f.value;
    case 'MATCH':
      return text === want;
    case 'CONTAINS':
      return text.includes(want);
    case 'NOT_CONTAINS':
      return !text.includes(want);
    default:
      return false;
  }
}

function createSet(req: EmuRequest, state: EmulatorState, c: Catalog) {
  const body = req.json<Record<string, unknown>>();
  if (!body || typeof body !== 'object') fail(adsError(400, 'INVALID_PARAMETER', 'The body must be a JSON object', undefined, req));
  if (typeof body.name !== 'string' || !body.name.trim()) fail(adsError(400, 'INVALID_PARAMETER', 'name is required', 'name', req));
  if (body.type !== 'MANUAL' && body.type !== 'FILTERED')
    fail(adsError(400, 'INVALID_PARAMETER', 'type must be MANUAL or FILTERED', 'type', req));
  const set: ProductSet = {
    id: state.nextId(),
    name: body.name as string,
    type: body.type,
    product_ids: [],
    processing_status: 'DONE',
    filters: [],
  };
  if (typeof body.description === 'string') set.description = body.description;
  if (set.type === 'MANUAL') {
    const keys = body.product_keys;
    if (!Array.isArray(keys) || keys.length === 0 || !keys.every((k) => typeof k === 'string'))
      fail(adsError(400, 'INVALID_PARAMETER', 'product_keys (an array of strings) is required for a MANUAL set', 'product_keys', req));
    const unknown = (keys as string[]).filter((k) => !c.byKey.has(k));
    if (unknown.length) fail(adsError(400, 'INVALID_PARAMETER', `Unknown product_keys: ${unknown.join(', ')}`, 'product_keys', req));
    set.product_ids = (keys as string[]).map((k) => c.byKey.get(k)!);
  } else {
    const filters = body.filters;
    if (!Array.isArray(filters) || filters.length === 0)
      fail(adsError(400, 'INVALID_PARAMETER', 'filters is required for a FILTERED set', 'filters', req));
    for (const f of filters as Filter[]) {
      if (!f || !FILTER_ATTRIBUTES.includes(f.attribute))
        fail(adsError(400, 'INVALID_PARAMETER', `filter attribute must be one of ${FILTER_ATTRIBUTES.join(', ')}`, 'filters', req));
      if (!FILTER_OPERATORS.includes(f.operator))
        fail(adsError(400, 'INVALID_PARAMETER', `filter operator must be one of ${FILTER_OPERATORS.join(', ')}`, 'filters', req));
      if (typeof f.value !== 'string' || f.value === '')
        fail(adsError(400, 'INVALID_PARAMETER', 'filter value must be a non-empty string', 'filters', req));
    }
    set.filters = (filters as Filter[]).map((f) => ({ attribute: f.attribute, operator: f.operator, value: f.value }));
    // FILTERED sets are evaluated in the background: PROCESSING now, DONE on a later GET.
    set.processing_status = 'PROCESSING';
  }
  c.sets.set(set.id, set);
  return adsOk(req, set);
}

const listCatalogs: Handler = (req, state) => {
  const owner = userParam(req, req.query.get('user_id'));
  return adsOk(req, [...catalogs(state).values()].filter((c) => c.owner === owner).map(view), { next_cursor: null });
};

const createCatalog: Handler = (req, state) => {
  const name = req.query.get('name');
  if (!name?.trim()) fail(adsError(400, 'INVALID_PARAMETER', 'name is required', 'name', req));
  const owner = userParam(req, req.query.get('user_id'));
  const existing = [...catalogs(state).values()].find((c) => c.owner === owner);
  if (existing)
    fail(
      adsError(
        400,
        'CATALOG_LIMIT_REACHED',
        `A user can have only one product catalog; user ${owner} already has catalog ${existing.id}`,
        'user_id',
        req,
      ),
    );
  const c: Catalog = { id: state.nextId(), name, owner, products: new Map(), byKey: new Map(), groupKeys: new Map(), sets: new Map() };
  catalogs(state).set(c.id, c);
  return adsOk(req, view(c), {}, 201);
};

const updateCatalog: Handler = (req, state) => {
  const c = requireCatalog(req, state);
  const name = req.query.get('name');
  if (!name?.trim()) fail(adsError(400, 'INVALID_PARAMETER', 'name is required', 'name', req));
  c.name = name;
  return adsOk(req, view(c));
};

const deleteCatalog: Handler = (req, state) => {
  const c = requireCatalog(req, state);
  catalogs(state).delete(c.id);
  return adsOk(req, view(c));
};

const listProducts: Handler = (req, state) => {
  const c = requireCatalog(req, state);
  const raw = req.query.get('count');
  const count = raw === null ? PAGE.def : Number(raw);
  if (raw !== null && (!/^\d+$/.test(raw) || count < PAGE.min || count > PAGE.max))
    fail(adsError(400, 'INVALID_PARAMETER', `count must be between ${PAGE.min} and ${PAGE.max}`, 'count', req));
  const items = visibleProducts(c, req.query.get('item_group_key'));
  let start = 0;
  const cursor = req.query.get('cursor');
  if (cursor) {
    start = Number(Buffer.from(cursor, 'base64url').toString('utf8').replace(/^p:/, ''));
    if (!Number.isInteger(start) || start < 0) fail(adsError(400, 'INVALID_PARAMETER', 'cursor is invalid', 'cursor', req));
  }
  const data = items.slice(start, start + count);
  const end = start + data.length;
  return adsOk(req, data, { next_cursor: end < items.length ? Buffer.from(`p:${end}`).toString('base64url') : null });
};

const upsertProducts: Handler = (req, state) => upsert(req, state, requireCatalog(req, state));

const deleteProducts: Handler = (req, state) => {
  const c = requireCatalog(req, state);
  const body = req.json<{ product_keys?: unknown }>();
  const keys = body?.product_keys;
  if (!Array.isArray(keys) || keys.length === 0 || !keys.every((k) => typeof k === 'string'))
    fail(adsError(400, 'INVALID_PARAMETER', 'product_keys (a non-empty array of strings) is required', 'product_keys', req));
  const results = (keys as string[]).map((key) => {
    const id = c.byKey.get(key);
    if (id === undefined) return { product_key: null, failed_product_key: key, message: 'No product with this product_key in the catalog' };
    c.byKey.delete(key);
    c.products.delete(id);
    return { product_key: key, failed_product_key: null, message: null };
  });
  return adsOk(req, { delete_products: results });
};

const getProductSet: Handler = (req, state) => {
  const c = requireCatalog(req, state);
  const set = c.sets.get(req.params.product_set_id!);
  if (!set) fail(adsError(404, 'NOT_FOUND', `Product set ${req.params.product_set_id} not found`, 'product_set_id', req));
  if (set.processing_status === 'PROCESSING') {
    set.product_ids = [...c.products]
      .map(([id, s]) => stored(c, id, s))
      .filter((p) => set.filters.every((f) => matches(p, f)))
      .map((p) => String(p.id));
    set.processing_status = 'DONE';
  }
  return adsOk(req, set);
};

const createProductSet: Handler = (req, state) => createSet(req, state, requireCatalog(req, state));

export function register(r: Router): void {
  const base = '/12/product_catalogs';
  r.route({ method: 'GET', path: base, api: 'ads', auth: 'user', handler: listCatalogs });
  r.route({ method: 'POST', path: base, api: 'ads', auth: 'user', handler: createCatalog });
  r.route({ method: 'PUT', path: `${base}/:product_catalog_id`, api: 'ads', auth: 'user', handler: updateCatalog });
  r.route({ method: 'DELETE', path: `${base}/:product_catalog_id`, api: 'ads', auth: 'user', handler: deleteCatalog });
  r.route({ method: 'GET', path: `${base}/:product_catalog_id/products`, api: 'ads', auth: 'user', handler: listProducts });
  r.route({ method: 'PUT', path: `${base}/:product_catalog_id/products`, api: 'ads', auth: 'user', handler: upsertProducts });
  r.route({ method: 'DELETE', path: `${base}/:product_catalog_id/products`, api: 'ads', auth: 'user', handler: deleteProducts });
  r.route({
    method: 'GET',
    path: `${base}/:product_catalog_id/product_sets/:product_set_id`,
    api: 'ads',
    auth: 'user',
    handler: getProductSet,
  });
  r.route({ method: 'POST', path: `${base}/:product_catalog_id/product_sets`, api: 'ads', auth: 'user', handler: createProductSet });
}
