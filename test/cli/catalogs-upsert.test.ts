// `postctl catalogs upsert` end to end against the emulator: validation before
// anything is sent, batches of 25, per-product results, NO_CHANGE on a rerun,
// retries, pacing, and partial failures.
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/cli.js';
import { jsonl, product, writeJsonl } from '../fixtures/catalogs/make.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/catalogs/', import.meta.url));
const PUTS = /^\/12\/product_catalogs\/[^/]+\/products$/;

let emu: TestEmulator;
let catalog: string;
const dir = tempDir();

interface Result {
  line: number;
  id: string | null;
  status: string;
  product_key: string | null;
  errors: unknown[];
  warnings: unknown[];
}
const results = (stdout: string): Result[] =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Result);

function feedFile(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

beforeAll(async () => {
  emu = await testEmulator();
  const r = await emu.run(['catalogs', 'create', 'Test shop', '-o', 'json']);
  expect(r.code).toBe(0);
  catalog = r.json().data.id;
});
afterAll(async () => {
  await emu.close();
});

describe('validation before sending', () => {
  it('a feed with one example of every broken rule: one message per problem with its line, and nothing sent', async () => {
    const before = emu.state.log.length;
    const r = await emu.run(['catalogs', 'upsert', catalog, '--file', join(FIXTURES, 'every-invalid-rule.jsonl'), '-o', 'json']);
    expect(r.code).toBe(6);
    const err = r.errorJson().error;
    expect(err.message).toMatch(/every-invalid-rule\.jsonl: 49 problems in 49 products; nothing was sent$/);
    const got = (err.problems as Array<{ line: number; field?: string; id?: string; message: string }>).map((p) => [
      p.line,
      p.field ?? null,
    ]);
    expect(got).toEqual([
      [1, 'title'],
      [2, 'title'],
      [3, 'description'],
      [4, 'description'],
      [5, 'availability'],
      [6, 'condition'],
      [7, 'gender'],
      [8, 'age_group'],
      [9, 'price'],
      [10, 'price'],
      [11, 'price'],
      [12, 'sale_price'],
      [13, 'sale_price'],
      [14, 'link'],
      [15, 'mobile_link'],
      [16, 'image_link'],
      [17, 'brand'],
      [18, 'inventory'],
      [19, 'inventory'],
      [20, 'sale_price_effective_date'],
      [21, 'sale_price_effective_date'],
      [22, 'additional_image_link'],
      [23, 'additional_image_link'],
      [24, 'color'],
      [25, 'product_type'],
      [26, 'item_group_id'],
      [27, 'item_group_id'],
      [28, 'id'],
      [29, 'id'],
      [30, 'colour'],
      [31, null],
      [32, 'id'],
      [33, 'size'],
      [34, 'sale_price_effective_date'],
      [35, 'title'],
      [36, 'google_product_category'],
      [37, null],
      [39, 'description'],
      [40, 'availability'],
      [41, 'condition'],
      [42, 'price'],
      [43, 'link'],
      [44, 'image_link'],
      [45, 'image_link'],
      [46, 'sale_price'],
      [47, 'inventory'],
      [48, 'color'],
      [49, 'product_type'],
      [50, 'sale_price_effective_date'],
    ]);
    const byLine = new Map((err.problems as Array<{ line: number; id?: string; message: string }>).map((p) => [p.line, p]));
    expect(byLine.get(5)).toMatchObject({ id: 'p-5', message: expect.stringMatching(/must be one of in stock/) });
    expect(byLine.get(9)!.message).toMatch(/decimal point/);
    expect(byLine.get(28)).toMatchObject({ id: 'dup-1', message: expect.stringMatching(/repeats on lines 28, 29/) });
    expect(byLine.get(26)!.message).toMatch(/line 27 has the same title and brand, different size/);
    expect(byLine.get(31)!.message).toMatch(/not valid JSON/);
    for (const line of [39, 40, 41, 42, 43, 44]) expect(byLine.get(line)!.message).toBe('is required');
    expect(byLine.get(45)!.message).toMatch(/https:\/\//);
    expect(byLine.get(47)!.message).toMatch(/whole number of at least 0/);
    expect(byLine.get(50)!.message).toMatch(/with offsets/);
    expect(err.hint).toMatch(/--skip-invalid to send the 1 valid product/);
    // Nothing reached the emulator: not the catalog, not the products.
    expect(emu.state.log.slice(before)).toEqual([]);
  });

  it('people get every problem listed with line, field and id on stderr', async () => {
    const r = await emu.run(['catalogs', 'upsert', catalog, '--file', join(FIXTURES, 'every-invalid-rule.jsonl'), '-o', 'table']);
    expect(r.code).toBe(6);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: \S*every-invalid-rule\.jsonl: 49 problems in 49 products; nothing was sent$/m);
    expect(r.stderr).toContain('  - line 2, title, id p-2: must be at most 150 characters (got 151)');
    expect(r.stderr).toContain('  - line 24, color, id p-24: must be a colour name such as "red", not a hex code (got "#FF0000")');
    expect(r.stderr).toMatch(/hint: fix the feed, or pass --skip-invalid/);
  });

  it('--skip-invalid sends the valid products and reports the invalid ones as INVALID (exit 8)', async () => {
    const path = feedFile(
      'mixed.jsonl',
      jsonl([product(101), product(102, { price: '5,00 USD' }), product(103), product(104, { id: 'sku-101' })]),
    );
    const before = emu.state.requests('PUT', PUTS).length;
    const r = await emu.run(['catalogs', 'upsert', catalog, '--file', path, '--skip-invalid', '-o', 'jsonl']);
    expect(r.code).toBe(8);
    const out = results(r.stdout);
    expect(out.map((o) => [o.line, o.status]).sort()).toEqual([
      [1, 'INVALID'],
      [2, 'INVALID'],
      [3, 'CREATE_SUCCESS'],
      [4, 'INVALID'],
    ]);
    expect(out.find((o) => o.line === 2)!.errors).toEqual([expect.stringMatching(/^price: use "\." as the decimal point/)]);
    expect(out.find((o) => o.line === 1)!.errors).toEqual([expect.stringMatching(/^id: repeats on lines 1, 4/)]);
    const puts = emu.state.requests('PUT', PUTS).slice(before);
    expect(puts).toHaveLength(1);
    expect(JSON.parse(puts[0]!.body).products.map((p: { id: string }) => p.id)).toEqual(['sku-103']);
    expect(r.stderr).toMatch(/warning: 3 problems in 3 products; skipping them/);
    expect(r.stderr).toMatch(/1 CREATE_SUCCESS, 0 UPDATE_SUCCESS, 0 NO_CHANGE, 0 ERROR, 3 INVALID/);
  });

  it('--dry-run validates and prints the batches; nothing is sent', async () => {
    const path = feedFile('dry.jsonl', jsonl(Array.from({ length: 60 }, (_, i) => product(200 + i))));
    const before = emu.state.log.length;
    const r = await emu.run(['catalogs', 'upsert', catalog, '--file', path, '--dry-run', '-o', 'json']);
    expect(r.code).toBe(0);
    const body = r.json();
    expect(body).toMatchObject({ catalog_id: catalog, dry_run: true, requests: 3 });
    expect(body.data.map((b: { lines: number[] }) => b.lines.length)).toEqual([25, 25, 10]);
    expect(body.data[2].body.products[9].id).toBe('sku-259');
    expect(emu.state.log.slice(before)).toEqual([]);
  });

  it('a feed that is not UTF-8 (Latin-1 CSV, JSON Lines) is bad input naming the line; nothing is sent', async () => {
    const before = emu.state.log.length;
    const row = (id: string) =>
      `${id},Caf\u00e9 cr\u00e8me,Plain,in stock,new,10.00 USD,https://s.example/p,https://s.example/i.jpg,Acme\n`;
    const csv = join(dir, 'latin1.csv');
    writeFileSync(
      csv,
      Buffer.from(
        `id,title,description,availability,condition,price,link,image_link,brand\n${row('a').replace('Caf\u00e9 cr\u00e8me', 'Plain')}${row('b')}`,
        'latin1',
      ),
    );
    const r = await emu.run(['catalogs', 'upsert', catalog, '--file', csv]);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/^error: \S*latin1\.csv line 3: not valid UTF-8 \(save the file as UTF-8\)$/m);
    const lines = join(dir, 'latin1.jsonl');
    writeFileSync(
      lines,
      Buffer.concat([
        Buffer.from(jsonl([product(301)])),
        Buffer.from(`${JSON.stringify(product(302, { title: 'Caf\u00e9' }))}\n`, 'latin1'),
      ]),
    );
    const l = await emu.run(['catalogs', 'upsert', catalog, '--file', lines, '--skip-invalid']);
    expect(l.code).toBe(6);
    expect(l.stderr).toMatch(/latin1\.jsonl line 2: not valid UTF-8/);
    expect(emu.state.log.slice(before)).toEqual([]);
  });

  it('an empty feed is bad input (exit 6) in every format; bad flags are usage errors (exit 2)', async () => {
    const before = emu.state.log.length;
    for (const [name, text] of [
      ['empty.jsonl', '\n \n\n'],
      ['empty.csv', 'id,title\n'],
      ['empty.tsv', ''],
      ['empty.json', '[]'],
    ]) {
      const f = feedFile(name!, text!);
      const e = await emu.run(['catalogs', 'upsert', catalog, '--file', f]);
      expect(e.code, name).toBe(6);
      expect(e.stderr).toMatch(new RegExp(`^error: \\S*${name!.replace('.', '\\.')} holds no products$`, 'm'));
    }
    expect(emu.state.log.slice(before)).toEqual([]);
    const empty = feedFile('empty.jsonl', '\n');
    const r = await emu.run(['catalogs', 'upsert', catalog, '--file', empty, '--concurrency', '0']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/--concurrency must be between 1 and 32/);
  });
});

describe('sending', () => {
  it('10,000 products: exactly 400 requests, every product reported once; a second run is NO_CHANGE for all', async () => {
    const path = join(dir, 'big.jsonl');
    await writeJsonl(path, 10_000, (n) => ({ id: `big-${n}`, title: `Big ${n}` }));
    const before = emu.state.requests('PUT', PUTS).length;
    const r = await emu.run(['catalogs', 'upsert', catalog, '--file', path, '-o', 'jsonl'], { timeoutMs: 120_000 });
    expect(r.code).toBe(0);
    const puts = emu.state.requests('PUT', PUTS).slice(before);
    expect(puts).toHaveLength(400);
    expect(puts.every((e) => e.status === 200 && JSON.parse(e.body).products.length === 25)).toBe(true);
    const first = results(r.stdout);
    expect(first).toHaveLength(10_000);
    expect(new Set(first.map((o) => o.id)).size).toBe(10_000);
    expect(new Set(first.map((o) => o.line)).size).toBe(10_000);
    expect(first.every((o) => o.status === 'CREATE_SUCCESS' && o.product_key && o.id === `big-${o.line}`)).toBe(true);
    expect(r.stderr).toMatch(/10000 products sent in 400 requests .*: 10000 CREATE_SUCCESS, 0 UPDATE_SUCCESS, 0 NO_CHANGE, 0 ERROR/);

    const again = await emu.run(['catalogs', 'upsert', catalog, '--file', path, '-o', 'jsonl'], { timeoutMs: 120_000 });
    expect(again.code).toBe(0);
    expect(emu.state.requests('PUT', PUTS).slice(before)).toHaveLength(800);
    const second = results(again.stdout);
    expect(second).toHaveLength(10_000);
    expect(new Set(second.map((o) => o.id)).size).toBe(10_000);
    expect(second.every((o) => o.status === 'NO_CHANGE')).toBe(true);
    const keys = new Map(first.map((o) => [o.id, o.product_key]));
    expect(second.every((o) => keys.get(o.id) === o.product_key)).toBe(true);
  }, 180_000);

  it('every feed format, and stdin with the format detected: creates, then updates what changed', async () => {
    for (const file of ['valid.csv', 'valid.tsv', 'valid.json', 'wrapped.json', 'valid.jsonl']) {
      const r = await emu.run(['catalogs', 'upsert', catalog, '--file', join(FIXTURES, file), '-o', 'jsonl']);
      expect(r.code, `${file}: ${r.stderr}`).toBe(0);
      expect(
        results(r.stdout)
          .map((o) => o.id)
          .sort(),
      ).toEqual(['mug-1', 'tee-m', 'tee-s']);
    }
    const changed = jsonl([
      {
        id: 'mug-1',
        title: 'Enamel mug',
        description: 'Camping mug, blue',
        availability: 'out of stock',
        condition: 'new',
        price: '9.50 USD',
        link: 'https://shop.example/p/mug-1',
        image_link: 'https://cdn.example/i/mug.webp?v=2',
        gtin: '4006381333931',
      },
    ]);
    const r = await emu.run(['catalogs', 'upsert', catalog, '-o', 'jsonl'], { input: changed });
    expect(r.code).toBe(0);
    expect(results(r.stdout)).toEqual([
      { line: 1, id: 'mug-1', status: 'UPDATE_SUCCESS', product_key: expect.any(String), errors: [], warnings: [] },
    ]);
    const last = emu.state.requests('PUT', PUTS).at(-1)!;
    expect(JSON.parse(last.body)).toEqual({ products: [JSON.parse(changed)] });
  });

  it('sends CSV values as the API expects: inventory a number, empty cells left out', async () => {
    await emu.run(['catalogs', 'upsert', catalog, '--file', join(FIXTURES, 'valid.csv'), '-o', 'jsonl']);
    const sent = JSON.parse(emu.state.requests('PUT', PUTS).at(-1)!.body).products;
    expect(sent[0]).toMatchObject({
      id: 'tee-s',
      inventory: 12,
      additional_image_link: 'https://cdn.example/i/tee-2.jpg,https://cdn.example/i/tee-3.png',
      sale_price: '14.99 USD',
    });
    expect(sent[2]).not.toHaveProperty('inventory');
    expect(sent[2]).not.toHaveProperty('sale_price');
  });

  it('per-product API errors and warnings are reported with the product, exit 8; the table shows only those rows', async () => {
    const path = feedFile(
      'api-errors.jsonl',
      jsonl([product(301), product(302, { image_link: 'https://cdn.example/i/302-small.png' }), product(303, { sale_price: '5.00 USD' })]),
    );
    const r = await emu.run(['catalogs', 'upsert', catalog, '--file', path, '-o', 'jsonl']);
    expect(r.code).toBe(8);
    const out = results(r.stdout);
    expect(out.find((o) => o.id === 'sku-302')).toMatchObject({
      status: 'ERROR',
      errors: [{ code: 'IMAGE_TOO_SMALL', attribute: 'image_link' }],
    });
    expect(out.find((o) => o.id === 'sku-303')).toMatchObject({
      status: 'CREATE_SUCCESS',
      warnings: [{ attribute: 'sale_price_effective_date' }],
    });
    expect(r.stderr).toMatch(/error: 1 of 3 products failed \(1 ERROR\)/);
    const table = await emu.run(['catalogs', 'upsert', catalog, '--file', path, '-o', 'table']);
    expect(table.code).toBe(8);
    expect(table.stdout).toMatch(/sku-302\s+ERROR\s+image_link: the image is smaller than 500x500 px/);
    expect(table.stdout).toMatch(/sku-303\s+NO_CHANGE/);
    expect(table.stdout).not.toMatch(/sku-301/);
  });

  it('a 503 is retried (PUT is idempotent) and every product is still reported once', async () => {
    const path = feedFile('retry.jsonl', jsonl(Array.from({ length: 75 }, (_, i) => product(400 + i))));
    emu.state.faults.add({ kind: 'status', status: 503, method: 'PUT', path: '/products', times: 2 });
    const before = emu.state.requests('PUT', PUTS).length;
    const r = await emu.run(['catalogs', 'upsert', catalog, '--file', path, '-o', 'jsonl']);
    expect(r.code).toBe(0);
    const out = results(r.stdout);
    expect(out).toHaveLength(75);
    expect(new Set(out.map((o) => o.id)).size).toBe(75);
    expect(
      emu.state
        .requests('PUT', PUTS)
        .slice(before)
        .map((e) => e.status)
        .sort(),
    ).toEqual([200, 200, 200, 503, 503]);
    expect(r.stderr).toMatch(/75 products sent in 3 requests \(2 retries\)/);
  });

  it('a request the API rejects (400) marks its 25 products ERROR and the others go on', async () => {
    const path = feedFile('reject.jsonl', jsonl(Array.from({ length: 50 }, (_, i) => product(500 + i))));
    emu.state.faults.add({ kind: 'status', status: 400, method: 'PUT', path: '/products', times: 1 });
    const r = await emu.run(['catalogs', 'upsert', catalog, '--file', path, '-o', 'jsonl', '--concurrency', '1']);
    expect(r.code).toBe(8);
    const out = results(r.stdout);
    expect(out).toHaveLength(50);
    expect(out.filter((o) => o.status === 'ERROR').map((o) => o.line)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(out.filter((o) => o.status === 'CREATE_SUCCESS')).toHaveLength(25);
    expect(out[0]!.errors).toEqual([expect.objectContaining({ message: 'Internal error (injected fault)' })]);
  });

  it('an unknown catalog stops the job after the first request, with exit 4', async () => {
    const path = feedFile('four-batches.jsonl', jsonl(Array.from({ length: 100 }, (_, i) => product(600 + i))));
    const before = emu.state.requests('PUT', /^\/12\/product_catalogs\/999\/products$/).length;
    const r = await emu.run(['catalogs', 'upsert', '999', '--file', path, '-o', 'jsonl']);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/Product catalog 999 not found/);
    expect(r.stderr).toMatch(/stopped early: 100 valid products were not sent/);
    expect(emu.state.requests('PUT', /^\/12\/product_catalogs\/999\/products$/).length - before).toBe(1);
  });
});

describe('pacing', () => {
  it('follows the rate-limit headers: waits for the reset instead of running into 429', async () => {
    const limited = await testEmulator({ limits: { 'PUT /12/product_catalogs/:product_catalog_id/products': { max: 2, windowSec: 1 } } });
    try {
      const c = (await limited.run(['catalogs', 'create', 'Paced', '-o', 'json'])).json().data.id;
      const path = feedFile('paced.jsonl', jsonl(Array.from({ length: 100 }, (_, i) => product(700 + i))));
      const r = await limited.run(['catalogs', 'upsert', c, '--file', path, '-o', 'jsonl', '--concurrency', '1']);
      expect(r.code).toBe(0);
      expect(results(r.stdout)).toHaveLength(100);
      const puts = limited.state.requests('PUT', PUTS);
      // Two requests per one-second window, and never a 429: the third waited for the reset.
      expect(puts.map((e) => e.status)).toEqual([200, 200, 200, 200]);
    } finally {
      await limited.close();
    }
  });
});
