// Results sized for a context window (src/mcp/results.ts), without a server: a list is cut at the budget with a
// cursor whose parts make the whole, columns are compact unless asked, a result that is not a list is cut as
// JSON text, totals of a stats report are summed, and a cursor belongs to its own tool only.
import { describe, expect, it } from 'vitest';
import type { VerbSpec } from '../../src/commands/define.js';
import { ResultPages, withResultInputs } from '../../src/mcp/results.js';
import { toolShape } from '../../src/mcp/tool-schema.js';

const spec = (name: string, options: VerbSpec['options'] = []): VerbSpec => ({
  name,
  description: 'd',
  examples: [],
  options,
  load: async () => ({ run: async () => 0 }),
});
const list = withResultInputs(toolShape(['things', 'list'], spec('list', [{ flags: '--count <n>', description: 'per page' }])), false);
const get = withResultInputs(toolShape(['things', 'get'], spec('get <thing_id>')), false);
const wide = (i: number) => ({
  id: `t${i}`,
  name: `Thing ${i}`,
  entity_status: 'ACTIVE',
  a: 1,
  b: 2,
  c: 3,
  d: 4,
  e: 5,
  f: 6,
  g: null,
  nested: { x: 1 },
});

describe('results', () => {
  it('list tools get columns, limit and cursor inputs (view inputs, never on the command line)', () => {
    expect(Object.keys(list.inputSchema.properties)).toEqual(expect.arrayContaining(['columns', 'limit', 'cursor']));
    expect(Object.keys(get.inputSchema.properties)).toEqual(['thing_id', 'cursor']);
    expect(list.params.columns).toEqual({ kind: 'view' });
  });

  it('a list: compact columns, then cut at the budget; the cursors give back the rest in order', () => {
    const pages = new ResultPages({ budget: 2000 });
    const rows = Array.from({ length: 60 }, (_, i) => wide(i));
    const first = pages.shape(list, 'postctl things list', { data: rows, meta: { result_count: 60 } }, {}, []);
    const text = first.content[0]!.text;
    expect(text).toMatch(/^postctl things list: 60 items; columns id, name, entity_status, a, b, c, d, e; left out 3: f, g, nested/);
    expect(JSON.stringify(first).length).toBeLessThan(2000);
    const got: unknown[] = [...(first.structuredContent.data as unknown[])];
    let page = first.structuredContent._page as { cursor?: string };
    expect(page.cursor).toMatch(/^postctl:\d+:\d+$/);
    expect(text).toContain(page.cursor);
    while (page.cursor) {
      const next = pages.continue(list, 'postctl things list', page.cursor);
      if (typeof next === 'string') throw new Error(next);
      expect(next.structuredContent.meta).toEqual({ result_count: 60 });
      got.push(...(next.structuredContent.data as unknown[]));
      page = next.structuredContent._page as { cursor?: string };
    }
    expect(got).toHaveLength(60);
    expect((got as Array<{ id: string }>).map((r) => r.id)).toEqual(rows.map((r) => r.id));
    expect(pages.continue(get, 'x', 'postctl:1:5')).toMatch(/belongs to things_list/);
    expect(pages.continue(list, 'x', 'postctl:99:5')).toMatch(/unknown or expired/);
  });

  it('columns on request, ["all"] for every field, and limit', () => {
    const pages = new ResultPages({ budget: 25_000 });
    const rows = [wide(1), wide(2), wide(3)];
    expect(pages.shape(list, 'l', { data: rows }, { columns: ['id', 'g'] }, []).structuredContent.data).toEqual([
      { id: 't1', g: null },
      { id: 't2', g: null },
      { id: 't3', g: null },
    ]);
    expect(pages.shape(list, 'l', { data: rows }, { columns: ['all'] }, []).structuredContent.data).toEqual(rows);
    const limited = pages.shape(list, 'l', { data: rows }, { limit: 2, columns: ['id'] }, []);
    expect(limited.structuredContent.data).toEqual([{ id: 't1' }, { id: 't2' }]);
    expect(limited.content[0]!.text).toMatch(/showing 1–2 of 3; the rest: call again with \{"cursor":"postctl:\d+:2"\}/);
    // A lookup (no paging) keeps its rows whole.
    expect(pages.shape(get, 'g', { data: rows }, {}, []).structuredContent.data).toEqual(rows);
  });

  it('a result that is not a list is cut as JSON text, never silently', () => {
    const pages = new ResultPages({ budget: 1000 });
    const big = { report: 'x'.repeat(2500) };
    const first = pages.shape(get, 'g', big, {}, []);
    expect(first.content[0]!.text).toMatch(/over the 1000 budget: characters 0–400 are in json_part; the rest: call again/);
    let json = first.structuredContent.json_part as string;
    let cursor = (first.structuredContent._page as { cursor?: string }).cursor;
    while (cursor) {
      const next = pages.continue(get, 'g', cursor);
      if (typeof next === 'string') throw new Error(next);
      json += next.structuredContent.json_part as string;
      cursor = (next.structuredContent._page as { cursor?: string }).cursor;
    }
    expect(JSON.parse(json)).toEqual(big);
  });

  it('a stats report: totals of its metrics, the currency and the time zone in the summary', () => {
    const pages = new ResultPages({ budget: 25_000 });
    const report = {
      currency: 'USD',
      time_zone: 'America/New_York',
      data: [
        { id: 'c1', id_data: [{ metrics: { spend: ['6.785'], impressions: [100, 20] } }] },
        { id: 'c2', id_data: [{ metrics: { spend: ['7.043'], impressions: [null] } }] },
      ],
    };
    const r = pages.shape(get, 'postctl ads stats', report, {}, ['1 synchronous request']);
    expect(r.content[0]!.text).toBe(
      'postctl ads stats: 2 items; totals: spend 13.83, impressions 120 (spend in USD); time zone America/New_York\n1 synchronous request',
    );
  });
});
