// Catalogs, products and product sets through the built CLI against the
// emulator, and the emulator's own catalog rules (batch limit, repeated ids).
// Every test gets a new emulator and makes the catalog and products it reads,
// so each passes alone (-t) and in any order.
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { freshEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/cli.js';
import { jsonl, product } from '../fixtures/catalogs/make.js';

const emu = freshEmulator();
let catalog: string;
const dir = tempDir();
const keys = new Map<string, string>();

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The one catalog of this test's emulator. */
async function withCatalog(): Promise<void> {
  const r = await emu.run(['catalogs', 'create', 'Spring shop', '-o', 'json']);
  expect(r.code, r.stderr).toBe(0);
  catalog = r.json().data.id;
}

/** The catalog with five products (two variants of a group); their product keys in `keys`. */
async function withProducts(): Promise<void> {
  await withCatalog();
  keys.clear();
  const feed = file(
    'products.jsonl',
    jsonl([
      product(1),
      product(2),
      product(3),
      product(4, { title: 'Tee', item_group_id: 'tee', size: 'S' }),
      product(5, { title: 'Tee', item_group_id: 'tee', size: 'M' }),
    ]),
  );
  const r = await emu.run(['catalogs', 'upsert', catalog, '--file', feed, '-o', 'jsonl']);
  expect(r.code, r.stderr).toBe(0);
  for (const line of r.stdout.trim().split('\n')) {
    const o = JSON.parse(line);
    keys.set(o.id, o.product_key);
  }
  expect(keys.size).toBe(5);
}

describe('catalogs', () => {
  it('list is empty, create makes the one catalog, a second create is refused with a clear message', async () => {
    const empty = await emu.run(['catalogs', 'list', '-o', 'json']);
    expect(empty.code).toBe(0);
    expect(empty.json().data).toEqual([]);

    const created = await emu.run(['catalogs', 'create', 'Spring shop', '-o', 'json']);
    expect(created.code).toBe(0);
    catalog = created.json().data.id;
    expect(created.json().data).toEqual({ id: catalog, name: 'Spring shop' });
    expect(emu.state.requests('POST', '/product_catalogs').at(-1)!.query).toEqual([['name', 'Spring shop']]);

    const posts = emu.state.requests('POST', '/product_catalogs').length;
    const again = await emu.run(['catalogs', 'create', 'Another', '-o', 'json']);
    expect(again.code).toBe(6);
    expect(again.stderr).toContain(
      `error: the catalog was not created: a user can have only one product catalog, and you already have "Spring shop" (id ${catalog})`,
    );
    expect(again.stderr).toMatch(new RegExp(`hint: use it \\(\`postctl catalogs upsert ${catalog}`));
    expect(again.errorJson().error.code).toBe('catalog_exists');
    // POST is not retried.
    expect(emu.state.requests('POST', '/product_catalogs').length).toBe(posts + 1);

    const listed = await emu.run(['catalogs', 'list', '-o', 'table']);
    expect(listed.stdout).toMatch(new RegExp(`${catalog}\\s+Spring shop`));
  });

  it('a catalog create that fails with 503 is not retried (POST is not idempotent)', async () => {
    emu.state.faults.add({ kind: 'status', status: 503, method: 'POST', path: '/product_catalogs', times: 1 });
    const before = emu.state.requests('POST', '/product_catalogs').length;
    const r = await emu.run(['catalogs', 'create', 'Flaky']);
    expect(r.code).toBe(7);
    expect(emu.state.requests('POST', '/product_catalogs').length).toBe(before + 1);
  });

  it('--user-id must be numeric; nothing is sent otherwise', async () => {
    const before = emu.state.log.length;
    const r = await emu.run(['catalogs', 'list', '--user-id', 'me']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/--user-id must be a numeric user id/);
    expect(emu.state.log.length).toBe(before);
  });

  it('rename', async () => {
    await withCatalog();
    const r = await emu.run(['catalogs', 'rename', catalog, 'Summer shop', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.json().data).toEqual({ id: catalog, name: 'Summer shop' });
  });
});

describe('products', () => {
  beforeEach(withProducts);

  it('lists one page with the envelope, or every page with --all (only the first variant of a group)', async () => {
    const page = await emu.run(['catalogs', 'products', catalog, '--count', '2', '-o', 'json']);
    expect(page.code).toBe(0);
    expect(page.json().data.map((p: { id: string }) => p.id)).toEqual(['sku-1', 'sku-2']);
    expect(page.json().next_cursor).toEqual(expect.any(String));
    expect(emu.state.requests('GET', '/products').at(-1)!.query).toEqual([['count', '2']]);

    const all = await emu.run(['catalogs', 'products', catalog, '--count', '2', '--all', '-o', 'jsonl']);
    expect(all.code).toBe(0);
    expect(
      all.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(['sku-1', 'sku-2', 'sku-3', 'sku-4']);
  });

  it('--item-group-key selects a product group', async () => {
    const all = await emu.run(['catalogs', 'products', catalog, '--all', '-o', 'jsonl']);
    const tee = all.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .find((p) => p.id === 'sku-4');
    expect(tee.item_group_key).toEqual(expect.any(String));
    const r = await emu.run(['catalogs', 'products', catalog, '--item-group-key', tee.item_group_key, '-o', 'json']);
    expect(r.json().data.map((p: { id: string }) => p.id)).toEqual(['sku-4']);
    expect(emu.state.requests('GET', '/products').at(-1)!.query).toEqual([['item_group_key', tee.item_group_key]]);
  });

  it('--count outside 1 to 100 is refused before sending', async () => {
    const before = emu.state.log.length;
    for (const n of ['0', '101', 'ten']) {
      const r = await emu.run(['catalogs', 'products', catalog, '--count', n]);
      expect(r.code).toBe(6);
      expect(r.stderr).toMatch(/--count must be/);
    }
    expect(emu.state.log.length).toBe(before);
  });

  it('delete-products needs --yes when not interactive; nothing is sent without it', async () => {
    const before = emu.state.log.length;
    const r = await emu.run(['catalogs', 'delete-products', catalog, keys.get('sku-1')!]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/pass --yes/);
    expect(emu.state.log.length).toBe(before);
  });

  it('delete-products reports the keys that failed with their messages (exit 8)', async () => {
    const keyFile = file('keys.txt', `# keys to delete\n${keys.get('sku-2')}\n\n${keys.get('sku-3')}\n`);
    const r = await emu.run([
      'catalogs',
      'delete-products',
      catalog,
      keys.get('sku-1')!,
      'pk-unknown',
      '--file',
      keyFile,
      '--yes',
      '-o',
      'json',
    ]);
    expect(r.code).toBe(8);
    const sent = JSON.parse(emu.state.requests('DELETE', '/products').at(-1)!.body);
    expect(sent).toEqual({ product_keys: [keys.get('sku-1'), 'pk-unknown', keys.get('sku-2'), keys.get('sku-3')] });
    const results = r.json().data.delete_products;
    expect(results.filter((e: { failed_product_key: string | null }) => e.failed_product_key)).toEqual([
      { product_key: null, failed_product_key: 'pk-unknown', message: 'No product with this product_key in the catalog' },
    ]);
    expect(r.stderr).toMatch(/3 DELETED, 1 FAILED/);
    expect(r.stderr).toMatch(/error: 1 of 4 product keys could not be deleted/);

    const table = await emu.run(['catalogs', 'delete-products', catalog, 'pk-unknown', '--yes', '-o', 'table']);
    expect(table.code).toBe(8);
    expect(table.stdout).toMatch(/pk-unknown\s+FAILED\s+No product with this product_key/);

    const left = await emu.run(['catalogs', 'products', catalog, '--all', '-o', 'jsonl']);
    expect(
      left.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(['sku-4']);
  });
});

describe('product sets', () => {
  beforeEach(withProducts);

  it('MANUAL: created from product keys with processing_status DONE', async () => {
    const r = await emu.run([
      'catalogs',
      'sets',
      'create',
      catalog,
      '--name',
      'Tees',
      '--type',
      'MANUAL',
      '--product-key',
      keys.get('sku-4')!,
      '--description',
      'all tees',
      '-o',
      'json',
    ]);
    expect(r.code).toBe(0);
    expect(r.json().data).toMatchObject({
      name: 'Tees',
      type: 'MANUAL',
      processing_status: 'DONE',
      product_ids: ['sku-4'],
      description: 'all tees',
    });
    expect(JSON.parse(emu.state.requests('POST', '/product_sets').at(-1)!.body)).toEqual({
      name: 'Tees',
      type: 'MANUAL',
      description: 'all tees',
      product_keys: [keys.get('sku-4')],
    });
  });

  it('FILTERED: PROCESSING on creation, DONE on a later get; --wait polls until then', async () => {
    const r = await emu.run([
      'catalogs',
      'sets',
      'create',
      catalog,
      '--name',
      'Cheap',
      '--type',
      'FILTERED',
      '--filter',
      'price:LESS_THAN:100 USD',
      '--filter',
      'custom_label_0:contains:x:y',
      '-o',
      'json',
    ]);
    expect(r.code).toBe(0);
    const set = r.json().data;
    expect(set).toMatchObject({ type: 'FILTERED', processing_status: 'PROCESSING' });
    expect(JSON.parse(emu.state.requests('POST', '/product_sets').at(-1)!.body).filters).toEqual([
      { attribute: 'price', operator: 'LESS_THAN', value: '100 USD' },
      { attribute: 'custom_label_0', operator: 'CONTAINS', value: 'x:y' },
    ]);
    const got = await emu.run(['catalogs', 'sets', 'get', catalog, set.id, '-o', 'json']);
    expect(got.code).toBe(0);
    expect(got.json().data.processing_status).toBe('DONE');

    const waited = await emu.run([
      'catalogs',
      'sets',
      'create',
      catalog,
      '--name',
      'Cheaper',
      '--type',
      'FILTERED',
      '--filter',
      'price:LESS_THAN:50 USD',
      '--wait',
      '-o',
      'table',
    ]);
    expect(waited.code).toBe(0);
    expect(waited.stdout).toMatch(/processing_status\s+DONE/);
    expect(waited.stderr).toMatch(/created product set \d+ \(FILTERED, processing_status PROCESSING\)/);
  });

  it.each([
    [['--type', 'MANUAL'], /--name: is required/],
    [['--name', 'x'], /--type: is required/],
    [['--name', 'x', '--type', 'MANUAL'], /a MANUAL set needs product keys/],
    [['--name', 'x', '--type', 'MANUAL', '--product-key', 'k', '--filter', 'price:LESS_THAN:5 USD'], /filters belong to FILTERED sets/],
    [['--name', 'x', '--type', 'FILTERED'], /a FILTERED set needs at least one --filter/],
    [
      ['--name', 'x', '--type', 'FILTERED', '--filter', 'price:LESS_THAN:5 USD', '--product-key', 'k'],
      /product keys belong to MANUAL sets/,
    ],
    [
      ['--name', 'x', '--type', 'FILTERED', '--filter', 'title:CONTAINS:shoe'],
      /"title" is not a filter attribute; use one of price, product_type/,
    ],
    [
      ['--name', 'x', '--type', 'FILTERED', '--filter', 'price:BETWEEN:5 USD'],
      /"BETWEEN" is not a filter operator; use one of GREATER_THAN/,
    ],
    [['--name', 'x', '--type', 'FILTERED', '--filter', 'price:LESS_THAN:'], /has no value/],
    [['--name', 'x', '--type', 'FILTERED', '--filter', 'price'], /expects attribute:OPERATOR:value/],
  ])('refused before sending: %j', async (flags, pattern) => {
    const before = emu.state.log.length;
    const r = await emu.run(['catalogs', 'sets', 'create', catalog, ...(flags as string[])]);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(pattern);
    expect(emu.state.log.length).toBe(before);
  });

  it('an unknown set is not found (exit 4)', async () => {
    const r = await emu.run(['catalogs', 'sets', 'get', catalog, '12345']);
    expect(r.code).toBe(4);
  });
});

describe('the emulator enforces the catalog rules itself', () => {
  beforeEach(withCatalog);
  const body = (products: unknown[]) => file(`body-${products.length}-${Math.random()}.json`, JSON.stringify({ products }));

  it('more than 25 products in one request is a 400 ads error', async () => {
    const r = await emu.run([
      'request',
      'PUT',
      `/12/product_catalogs/${catalog}/products`,
      '--input',
      body(Array.from({ length: 26 }, (_, i) => product(900 + i))),
    ]);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/products takes at most 25 items per request \(got 26\)/);
  });

  it('a repeated id within a request: every copy is answered with an error and nothing is stored', async () => {
    const r = await emu.run([
      'request',
      'PUT',
      `/12/product_catalogs/${catalog}/products`,
      '--input',
      body([product(950), product(950, { title: 'Other' }), product(951)]),
    ]);
    expect(r.code).toBe(0);
    const res = r.json().data.products_response;
    expect(res.map((p: { id: string; status: string }) => [p.id, p.status])).toEqual([
      ['sku-950', 'ERROR'],
      ['sku-950', 'ERROR'],
      ['sku-951', 'CREATE_SUCCESS'],
    ]);
    expect(res[0].errors[0].message).toMatch(/appears 2 times in this request: every copy was ignored/);
    const all = await emu.run(['catalogs', 'products', catalog, '--all', '-o', 'jsonl']);
    expect(all.stdout).not.toContain('sku-950');
  });

  it('server-side rule violations are per-product errors', async () => {
    const r = await emu.run([
      'request',
      'PUT',
      `/12/product_catalogs/${catalog}/products`,
      '--input',
      body([product(960, { title: 'x'.repeat(151), link: 'http://x.example' }), product(961, { availability: 'soon' })]),
    ]);
    const res = r.json().data.products_response;
    expect(res[0].errors.map((e: { attribute: string }) => e.attribute)).toEqual(['title', 'link']);
    expect(res[1].errors.map((e: { attribute: string }) => e.attribute)).toEqual(['availability']);
  });
});

describe('delete', () => {
  it('needs --yes when not interactive; then deletes permanently', async () => {
    await withCatalog();
    const before = emu.state.log.length;
    const refused = await emu.run(['catalogs', 'delete', catalog]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/Delete product catalog \d+ and all its products permanently: confirmation needed/);
    expect(emu.state.log.length).toBe(before);

    const r = await emu.run(['catalogs', 'delete', catalog, '--yes', '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.json().data).toEqual({ id: catalog, name: 'Spring shop' });
    const gone = await emu.run(['catalogs', 'products', catalog]);
    expect(gone.code).toBe(4);
    const list = await emu.run(['catalogs', 'list', '-o', 'json']);
    expect(list.json().data).toEqual([]);
  });
});
