// The one pager against servers that never stop offering pages: a repeated
// cursor, a cycle, and a fresh cursor on every empty page. Each run is the
// built CLI against a hostile loopback server; the figure is its request count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { hostileServer, json, type Hostile } from '../helpers/hostile.js';

let h: Hostile;
beforeAll(async () => {
  h = await hostileServer();
});
afterAll(() => h.close());

const item = (n: number) => ({ id: String(1000 + n), name: `item ${n}`, text: `post ${n}` });
/** v2 page `n` whose next token is `next`. */
const v2Page = (n: number, next: string | undefined) => ({
  data: [item(n)],
  meta: { result_count: 1, ...(next ? { next_token: next } : {}) },
});
/** Ads page `n` whose next cursor is `next`. */
const adsPage = (n: number, next: string | null) => ({ request: { params: {} }, data: [item(n)], next_cursor: next });

describe('a cursor seen before ends the listing', () => {
  it('posts search --all, the same next_token forever: 2 requests, the items read, a warning, exit 0', async () => {
    h.handle((_req, res) => json(res, v2Page(1, 'same')));
    const r = await runCli(['posts', 'search', 'hello', '--all', '-o', 'jsonl'], { env: h.env() });
    console.log(`[hostile] repeated next_token, posts search --all: ${h.requests.length} requests, exit ${r.code}`);
    expect(r.code).toBe(0);
    expect(h.requests).toHaveLength(2);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(['1001', '1001']);
    expect(r.stderr).toContain('the server repeated a cursor it had already given (after 2 pages)');
  });

  it('ads line-items list --all, cursors cycling A → B → A: 3 requests', async () => {
    const next: Record<string, string> = { '': 'A', A: 'B', B: 'A' };
    h.handle((_req, res, seen) => json(res, adsPage(h.requests.length, next[seen.query.get('cursor') ?? '']!)));
    const r = await runCli(['ads', 'line-items', 'list', '--all', '-o', 'jsonl'], { env: h.env() });
    console.log(`[hostile] cursor cycle, ads line-items list --all: ${h.requests.length} requests, exit ${r.code}`);
    expect(r.code).toBe(0);
    expect(h.requests.map((s) => s.query.get('cursor'))).toEqual([null, 'A', 'B']);
    expect(r.stdout.trim().split('\n')).toHaveLength(3);
    expect(r.stderr).toMatch(/warning: listing GET \S+line_items stopped: the server repeated a cursor/);
  });

  for (const [label, args] of [
    ['audiences list --all', ['audiences', 'list', '--all']],
    ['catalogs products --all', ['catalogs', 'products', '1234567890', '--all']],
  ] as const) {
    it(`${label}, the same next_cursor forever: 2 requests`, async () => {
      h.handle((_req, res) => json(res, adsPage(1, 'again')));
      const r = await runCli([...args, '-o', 'jsonl'], { env: h.env() });
      console.log(`[hostile] repeated next_cursor, ${label}: ${h.requests.length} requests, exit ${r.code}`);
      expect(r.code).toBe(0);
      expect(h.requests).toHaveLength(2);
      expect(r.stderr).toContain('repeated a cursor');
    });
  }

  it('request --paginate with a repeated cursor and no items at all: exit 7, 2 requests', async () => {
    h.handle((_req, res) => json(res, { data: [], meta: { next_token: 'loop' } }));
    const r = await runCli(['request', 'GET', '/2/users/12/followers', '--paginate', '-o', 'json'], { env: h.env() });
    expect(r.code).toBe(7);
    expect(h.requests).toHaveLength(2);
    expect(r.stderr).toContain('no items were read');
    expect(r.errorJson().error.exit_code).toBe(7);
  });
});

describe('ads stats --accounts all lists the accounts through the one pager', () => {
  const stats = [
    'ads',
    'stats',
    'a0003',
    '--entity',
    'LINE_ITEM',
    '--accounts',
    'all',
    '--from',
    '2026-09-01',
    '--to',
    '2026-09-01',
    '--metric-groups',
    'ENGAGEMENT',
  ];

  it('the same next_cursor forever and no accounts: exit 7 after 2 requests, no stats request', async () => {
    h.handle((_req, res) => json(res, { request: { params: {} }, data: [], next_cursor: 'again' }));
    const r = await runCli([...stats, '-o', 'json'], { env: h.env() });
    console.log(`[hostile] repeated next_cursor, ads stats --accounts all: ${h.requests.length} requests, exit ${r.code}`);
    expect(r.code).toBe(7);
    expect(h.requests.map((s) => `${s.path} ${s.query.get('cursor')}`)).toEqual(['/12/accounts null', '/12/accounts again']);
    expect(r.stderr).toContain('the server repeated a cursor it had already given');
    expect(r.errorJson().error.exit_code).toBe(7);
  });

  it('a fresh cursor on every empty page stops at POSTCTL_MAX_PAGES=5: 5 requests, exit 7', async () => {
    h.handle((_req, res) => json(res, { request: { params: {} }, data: [], next_cursor: `c${h.requests.length}` }));
    const r = await runCli([...stats, '-o', 'json'], { env: h.env({ POSTCTL_MAX_PAGES: '5' }) });
    expect(r.code).toBe(7);
    expect(h.requests).toHaveLength(5);
    expect(r.stderr).toContain('reached the page cap of 5 pages');
  });
});

describe('the page cap', () => {
  it('a fresh cursor on every empty page stops at --max-pages 25: 25 requests, exit 7', async () => {
    h.handle((_req, res) => json(res, { data: [], meta: { next_token: `t${h.requests.length}` } }));
    const r = await runCli(['request', 'GET', '/2/users/12/followers', '--paginate', '--max-pages', '25', '-o', 'jsonl'], {
      env: h.env(),
    });
    console.log(`[hostile] fresh cursor per empty page, --max-pages 25: ${h.requests.length} requests, exit ${r.code}`);
    expect(r.code).toBe(7);
    expect(h.requests).toHaveLength(25);
    expect(r.stderr).toContain('reached the page cap of 25 pages');
  });

  it('POSTCTL_MAX_PAGES=4 with items on every page: 4 requests, the 4 items, a warning, exit 0', async () => {
    h.handle((_req, res) => json(res, adsPage(h.requests.length, `c${h.requests.length}`)));
    const r = await runCli(['ads', 'line-items', 'list', '--all', '-o', 'jsonl'], { env: h.env({ POSTCTL_MAX_PAGES: '4' }) });
    expect(r.code).toBe(0);
    expect(h.requests).toHaveLength(4);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(['1001', '1002', '1003', '1004']);
    expect(r.stderr).toContain('reached the page cap of 4 pages');
  });

  it('POSTCTL_MAX_PAGES=abc: exit 2 naming the variable, nothing sent', async () => {
    h.handle((_req, res) => json(res, adsPage(1, null)));
    const r = await runCli(['ads', 'line-items', 'list', '--all'], { env: h.env({ POSTCTL_MAX_PAGES: 'abc' }) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('POSTCTL_MAX_PAGES must be an integer from 1 to 10000000, got "abc"');
    expect(h.requests).toHaveLength(0);
  });
});
