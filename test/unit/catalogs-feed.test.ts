// Feed readers: the streaming JSON splitter (arrays and {products:[…]}), JSON
// Lines, CSV and TSV, with line numbers, in any chunking.
import { Readable } from 'node:stream';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readJsonArray, type JsonElement } from '../../src/input/json-stream.js';
import { formatFromName, openFeed, readFeed, sniffFormat, type FeedFormat } from '../../src/catalogs/feed.js';
import { prepareProduct } from '../../src/validate/product.js';
import { InputError } from '../../src/errors/cli-error.js';
import { tempDir } from '../helpers/cli.js';
import { prefetch as readAhead } from '../../src/bulk/prefetch.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/catalogs/', import.meta.url));

/** A stream delivering `text` in chunks of the given sizes (bytes), cycling. */
function chunked(text: string | Buffer, sizes: number[] = [1 << 16]): Readable {
  const buf = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const parts: Buffer[] = [];
  for (let i = 0, k = 0; i < buf.length; k++) {
    const n = Math.max(1, sizes[k % sizes.length]!);
    parts.push(buf.subarray(i, i + n));
    i += n;
  }
  return Readable.from(parts);
}

async function elements(text: string | Buffer, sizes?: number[]): Promise<JsonElement[]> {
  const out: JsonElement[] = [];
  for await (const e of readJsonArray(chunked(text, sizes))) out.push(e);
  return out;
}

async function failure(text: string): Promise<InputError> {
  try {
    await elements(text);
  } catch (e) {
    return e as InputError;
  }
  throw new Error('expected an InputError');
}

describe('readJsonArray', () => {
  it('yields each element of a top-level array with the line it starts on', async () => {
    const text = '[\n  {"id": "a"},\n  {\n    "id": "b",\n    "tags": ["x", {"y": 1}]\n  },\n  {"id": "c"}\n]\n';
    expect(await elements(text)).toEqual([
      { line: 2, value: { id: 'a' } },
      { line: 3, value: { id: 'b', tags: ['x', { y: 1 }] } },
      { line: 7, value: { id: 'c' } },
    ]);
  });

  it('reads the array under "products" and skips other keys, whatever they hold', async () => {
    const text = '{"meta": {"products": [1], "note": "[not this]"},\n "products": [\n{"id": "a"},\n{"id": "b"}\n], "tail": [1, 2]}';
    expect(await elements(text)).toEqual([
      { line: 3, value: { id: 'a' } },
      { line: 4, value: { id: 'b' } },
    ]);
  });

  it('is not fooled by brackets, braces, commas and escaped quotes inside strings', async () => {
    const tricky = { id: 'q', d: 'a "quoted" ] } [ { , \\ backslash \\" end', u: 'snow ☃ and 😀' };
    expect(await elements(`[${JSON.stringify(tricky)}, "plain", 42, true, null]`)).toEqual([
      { line: 1, value: tricky },
      { line: 1, value: 'plain' },
      { line: 1, value: 42 },
      { line: 1, value: true },
      { line: 1, value: null },
    ]);
  });

  it('gives the same elements when the input arrives one byte at a time (multi-byte UTF-8 split across chunks)', async () => {
    const text = '\uFEFF[{"t": "caf\u00e9 \u2603 \ud83d\ude00"},\n{"t": "x"}]';
    const whole = await elements(text);
    expect(await elements(text, [1])).toEqual(whole);
    expect(await elements(text, [3, 1, 2])).toEqual(whole);
    expect(whole).toEqual([
      { line: 1, value: { t: 'café ☃ 😀' } },
      { line: 2, value: { t: 'x' } },
    ]);
  });

  it('reports a broken element with its line and goes on with the next', async () => {
    const out = await elements('[\n{"id": "a"},\n{"id": "b",},\n{"id": "c"}\n]');
    expect(out[0]).toEqual({ line: 2, value: { id: 'a' } });
    expect(out[1]!.line).toBe(3);
    expect(out[1]!.error).toMatch(/not valid JSON/);
    expect(out[2]).toEqual({ line: 4, value: { id: 'c' } });
  });

  it('accepts an empty array', async () => {
    expect(await elements('[ ]')).toEqual([]);
    expect(await elements('{"products": []}')).toEqual([]);
  });

  it.each([
    ['[{"id": "a"}', /line 1: unexpected end of input: the \[ opened on line 1 is never closed/],
    ['[\n{"id": "a"}\n{"id": "b"}]', /line 3: missing comma between array elements/],
    ['[{"id": "a"},\n]', /line 2: trailing comma/],
    ['[,{"id": "a"}]', /unexpected comma/],
    ['[{"id": "a"}] [', /unexpected text after the end/],
    ['"just a string"', /expected a JSON array or an object with a "products" array/],
    ['{"items": [{"id": "a"}]}', /expected a JSON array or an object with a "products" array/],
    ['[{"id": "a"]', /unexpected \]/],
    ['', /the input is empty/],
    ['[{"id": "a\n', /unexpected end of input inside a string/],
  ])('a broken document fails with its line: %j', async (text, pattern) => {
    const e = await failure(text);
    expect(e).toBeInstanceOf(InputError);
    expect(e.message).toMatch(pattern);
  });

  it('rejects invalid UTF-8 with the line', async () => {
    const bytes = Buffer.concat([Buffer.from('[\n{"t": "'), Buffer.from([0xff, 0xfe]), Buffer.from('"}]')]);
    await expect(elements(bytes)).rejects.toThrow(/line 2: not valid UTF-8/);
  });

  it('round-trips any array of JSON values, pretty or compact, in any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.jsonValue(), { maxLength: 20 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 1, maxLength: 5 }),
        async (values, pretty, sizes) => {
          const text = pretty ? JSON.stringify(values, null, 2) : JSON.stringify(values);
          const out = await elements(text, sizes);
          // JSON.parse(JSON.stringify(v)) is what a reader can give back (-0 becomes 0).
          expect(out.map((e) => e.value)).toEqual(values.map((v) => JSON.parse(JSON.stringify(v))));
          expect(out.every((e) => e.error === undefined)).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});

async function feed(format: FeedFormat, name: string) {
  const out: Array<{ line: number; product?: Record<string, unknown>; problems?: unknown[]; error?: string }> = [];
  for await (const r of readFeed(openFeed(join(FIXTURES, name)), format, name)) {
    if (r.error !== undefined) out.push({ line: r.line, error: r.error });
    else {
      const { product, problems } = prepareProduct(r.record!);
      out.push({ line: r.line, product, problems });
    }
  }
  return out;
}

describe('readFeed: the same products from every format', () => {
  it('JSON array, {products:[…]}, JSON Lines, CSV and TSV give the same valid products', async () => {
    const json = await feed('json', 'valid.json');
    const wrapped = await feed('json', 'wrapped.json');
    const jsonl = await feed('jsonl', 'valid.jsonl');
    const csv = await feed('csv', 'valid.csv');
    const tsv = await feed('tsv', 'valid.tsv');
    for (const f of [json, wrapped, jsonl, csv, tsv]) {
      expect(f.map((r) => r.problems)).toEqual([[], [], []]);
      expect(f.map((r) => r.product!.id)).toEqual(['tee-s', 'tee-m', 'mug-1']);
      expect(f[0]!.product!.additional_image_link).toBe('https://cdn.example/i/tee-2.jpg,https://cdn.example/i/tee-3.png');
      expect(f[0]!.product!.inventory).toBe(12);
      expect(f[2]!.product).not.toHaveProperty('inventory');
    }
    expect(json.map((r) => r.line)).toEqual([2, 17, 22]);
    expect(wrapped.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(jsonl.map((r) => r.line)).toEqual([1, 2, 3]);
    expect(csv.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(tsv.map((r) => r.line)).toEqual([2, 3, 4]);
    expect(csv[0]!.product!.sale_price_effective_date).toBe('2026-12-01T00:00:00-08:00/2026-12-31T23:59:59-08:00');
  });

  it('JSON Lines: skips blank lines, reports a bad line and a line that is not an object', async () => {
    const dir = tempDir();
    const path = join(dir, 'f.jsonl');
    writeFileSync(path, '{"id": "a"}\r\n\r\n{"id": \n[1]\n{"id": "b"}');
    const out = [];
    for await (const r of readFeed(openFeed(path), 'jsonl')) out.push(r);
    expect(out.map((r) => [r.line, r.record?.id ?? r.error?.slice(0, 14)])).toEqual([
      [1, 'a'],
      [3, 'not valid JSON'],
      [4, 'each line must'],
      [5, 'b'],
    ]);
  });

  it('CSV: a quoted value may span lines; the records after it keep their own line numbers', async () => {
    const dir = tempDir();
    const path = join(dir, 'f.csv');
    writeFileSync(path, 'id,description\na,"two\nlines"\nb,one\n');
    const out = [];
    for await (const r of readFeed(openFeed(path), 'csv')) out.push([r.line, r.record]);
    expect(out.map((r) => r[1])).toEqual([
      { id: 'a', description: 'two\nlines' },
      { id: 'b', description: 'one' },
    ]);
    expect(out[1]![0]).toBe(4);
  });
});

describe('readFeed: invalid UTF-8 is an InputError naming the line, in every format', () => {
  // "Café" in Latin-1 (0xE9) on the product line; UTF-8 "é" (0xC3 0xA9) elsewhere stays valid.
  const latin1 = (s: string) => Buffer.from(s.replace('Café', 'Caf\u00e9'), 'latin1');
  const FEEDS: Array<[FeedFormat, Buffer, number]> = [
    ['jsonl', Buffer.concat([Buffer.from('{"id":"a","title":"Crème"}\n'), latin1('{"id":"b","title":"Café"}\n')]), 2],
    ['json', Buffer.concat([Buffer.from('[\n{"id":"a","title":"Crème"},\n'), latin1('{"id":"b","title":"Café"}\n]\n')]), 3],
    ['csv', Buffer.concat([Buffer.from('id,title\na,Crème\n'), latin1('b,Café\n')]), 3],
    ['tsv', Buffer.concat([Buffer.from('id\ttitle\na\tCrème\n'), latin1('b\tCafé\n')]), 3],
  ];

  async function readAll(format: FeedFormat, bytes: Buffer, sizes?: number[]): Promise<unknown> {
    try {
      for await (const _ of readFeed(chunked(bytes, sizes), format, 'feed')) void _;
    } catch (e) {
      return e;
    }
    return undefined;
  }

  it.each(FEEDS)('%s', async (format, bytes, line) => {
    for (const sizes of [undefined, [1], [3, 5, 7], [17]]) {
      const e = await readAll(format, bytes, sizes);
      expect(e, `chunks ${sizes}`).toBeInstanceOf(InputError);
      expect((e as InputError).message).toBe(`feed line ${line}: not valid UTF-8 (save the file as UTF-8)`);
    }
  });

  it('CSV: multi-byte characters split across chunks are fine; a sequence cut off at the end of the file is not', async () => {
    const good = Buffer.from('id,title\na,Crème brûlée 🍮\nb,€\n');
    for (const sizes of [[1], [2], [3], [5, 1]]) {
      const out: unknown[] = [];
      for await (const r of readFeed(chunked(good, sizes), 'csv', 'feed')) out.push(r.record);
      expect(out).toEqual([
        { id: 'a', title: 'Crème brûlée 🍮' },
        { id: 'b', title: '€' },
      ]);
    }
    const cut = Buffer.concat([Buffer.from('id,title\na,x\nb,'), Buffer.from('€').subarray(0, 2)]);
    expect(((await readAll('csv', cut)) as InputError).message).toBe('feed line 3: not valid UTF-8 (save the file as UTF-8)');
  });

  it('CSV: a UTF-16 file is named as such', async () => {
    const e = await readAll('csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('id,title\n', 'utf16le')]));
    expect((e as InputError).message).toMatch(/UTF-16/);
  });
});

describe('format detection', () => {
  it('from the extension', () => {
    expect(formatFromName('a/b.JSONL')).toBe('jsonl');
    expect(formatFromName('x.ndjson')).toBe('jsonl');
    expect(formatFromName('x.json')).toBe('json');
    expect(formatFromName('x.csv')).toBe('csv');
    expect(formatFromName('x.tsv')).toBe('tsv');
    expect(formatFromName('x.txt')).toBeUndefined();
  });

  it('from the first bytes', async () => {
    const dir = tempDir();
    const cases: Array<[string, FeedFormat]> = [
      ['[{"id": "a"}]', 'json'],
      ['{"products": [\n{"id": "a"}]}', 'json'],
      ['{"products": [{"id": "a"}]}', 'json'],
      ['\uFEFF{"id": "a"}\n{"id": "b"}\n', 'jsonl'],
      ['id,title\na,b\n', 'csv'],
      ['id\ttitle\na\tb\n', 'tsv'],
    ];
    for (const [i, [text, format]] of cases.entries()) {
      const path = join(dir, `f${i}`);
      writeFileSync(path, text);
      expect(await sniffFormat(path)).toBe(format);
    }
  });
});

describe('readAhead', () => {
  it('yields every item in order, reading at most `depth` items ahead of the consumer', async () => {
    let produced = 0;
    async function* source() {
      for (let i = 0; i < 20; i++) {
        produced++;
        yield i;
      }
    }
    const seen: number[] = [];
    let maxAhead = 0;
    for await (const v of readAhead(source(), 3)) {
      await new Promise((r) => setTimeout(r, 1));
      maxAhead = Math.max(maxAhead, produced - seen.length - 1);
      seen.push(v);
    }
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(maxAhead).toBeLessThanOrEqual(3);
    expect(maxAhead).toBeGreaterThan(0);
  });

  it('passes on a failure of the source, and closes the source when the consumer stops early', async () => {
    async function* failing() {
      yield 1;
      throw new Error('broken feed');
    }
    const got: number[] = [];
    await expect(async () => {
      for await (const v of readAhead(failing(), 2)) got.push(v);
    }).rejects.toThrow('broken feed');
    expect(got).toEqual([1]);

    let closed = false;
    async function* endless() {
      try {
        for (let i = 0; ; i++) yield i;
      } finally {
        closed = true;
      }
    }
    for await (const v of readAhead(endless(), 2)) if (v === 5) break;
    expect(closed).toBe(true);
  });
});
