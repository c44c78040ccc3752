// The one pager (src/http/paginate.ts) against a loopback server that records
// every query it receives: both cursor styles, --limit truncation, and
// with_total_count sent with the first ads page only.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/http/client.js';
import { adsCursor, pages, v2Cursor, type CursorStyle } from '../../src/http/paginate.js';

// Three pages of two items: 1-2, 3-4, 5-6. The page is chosen by the cursor the request carries.
const PAGES = [
  [1, 2],
  [3, 4],
  [5, 6],
];
const received: Array<Array<[string, string]>> = [];
let server: Server;
let base: string;

function body(path: string, params: URLSearchParams): unknown {
  const v2 = path.startsWith('/2/');
  const token = params.get(v2 ? 'pagination_token' : 'cursor');
  const at = token === null ? 0 : Number(token.slice(1));
  const next = at + 1 < PAGES.length ? `c${at + 1}` : undefined;
  const data = PAGES[at];
  if (v2) return { data, meta: { result_count: data!.length, ...(next ? { next_token: next } : {}) } };
  return { request: { params: {} }, data, next_cursor: next ?? null, ...(params.has('with_total_count') ? { total_count: 6 } : {}) };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    received.push([...url.searchParams.entries()]);
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body(url.pathname, url.searchParams)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function collect(path: string, query: Array<[string, string]>, style: CursorStyle, limit?: number) {
  received.length = 0;
  const client = new ApiClient({ urls: { platform: base, ads: base, 'ads-sandbox': base }, credentials: {}, maxRetries: 0 });
  const items: number[] = [];
  const envelopes: Array<Record<string, unknown>> = [];
  for await (const page of pages<number>(client, { method: 'GET', path, query, auth: 'none' }, style, limit)) {
    items.push(...page.items);
    envelopes.push(page.envelope);
  }
  return { items, envelopes, queries: received.map((q) => [...q]) };
}

describe('pages', () => {
  it('follows next_cursor with cursor=, and sends with_total_count with the first page only', async () => {
    const r = await collect(
      '/12/accounts/abc/things',
      [
        ['count', '2'],
        ['with_total_count', 'true'],
      ],
      adsCursor,
    );
    expect(r.items).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.queries).toEqual([
      [
        ['count', '2'],
        ['with_total_count', 'true'],
      ],
      [
        ['count', '2'],
        ['cursor', 'c1'],
      ],
      [
        ['count', '2'],
        ['cursor', 'c2'],
      ],
    ]);
    expect(r.envelopes.map((e) => e.total_count)).toEqual([6, undefined, undefined]);
  });

  it('replaces a starting cursor instead of sending two', async () => {
    const r = await collect(
      '/12/accounts/abc/things',
      [
        ['cursor', 'c1'],
        ['count', '2'],
      ],
      adsCursor,
    );
    expect(r.items).toEqual([3, 4, 5, 6]);
    expect(r.queries).toEqual([
      [
        ['cursor', 'c1'],
        ['count', '2'],
      ],
      [
        ['count', '2'],
        ['cursor', 'c2'],
      ],
    ]);
  });

  it('follows meta.next_token with pagination_token=, keeping every other parameter', async () => {
    const r = await collect(
      '/2/things',
      [
        ['max_results', '2'],
        ['with_total_count', 'true'],
      ],
      v2Cursor,
    );
    expect(r.items).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.queries).toEqual([
      [
        ['max_results', '2'],
        ['with_total_count', 'true'],
      ],
      [
        ['max_results', '2'],
        ['with_total_count', 'true'],
        ['pagination_token', 'c1'],
      ],
      [
        ['max_results', '2'],
        ['with_total_count', 'true'],
        ['pagination_token', 'c2'],
      ],
    ]);
  });

  it('stops after limit items, cutting the last page, and asks for no page after it', async () => {
    for (const style of [adsCursor, v2Cursor]) {
      const path = style === v2Cursor ? '/2/things' : '/12/things';
      const three = await collect(path, [], style, 3);
      expect(three.items).toEqual([1, 2, 3]);
      expect(three.queries).toHaveLength(2);
      const two = await collect(path, [], style, 2);
      expect(two.items).toEqual([1, 2]);
      expect(two.queries).toHaveLength(1);
    }
  });

  it('ends when next_cursor is null', async () => {
    const r = await collect('/12/things', [['cursor', 'c2']], adsCursor);
    expect(r.items).toEqual([5, 6]);
    expect(r.queries).toHaveLength(1);
  });
});
