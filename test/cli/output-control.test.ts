// Output control (issue 27): --columns picks table and CSV columns (dotted paths, `help`),
// --query filters every JSON output with JMESPath, and narrow tables keep what people came for.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();
const lines = (s: string) => s.trimEnd().split('\n');

describe('narrow tables keep id, name, status and money', () => {
  it('ads line-items list at 80 columns: id, name, status, bid and daily budget with decimals, and it fits', async () => {
    const r = await emu.run(['ads', 'line-items', 'list', '-o', 'table'], { env: { COLUMNS: '80' } });
    expect(r.code, r.stderr).toBe(0);
    const [head, ...rows] = lines(r.stdout);
    expect(head).toMatch(/^id\s+name\s+entity_status\s+bid\s+daily_budget\b/);
    expect(head).not.toContain('campaign_id');
    expect(Math.max(...lines(r.stdout).map((l) => [...l].length))).toBeLessThanOrEqual(80);
    const website = rows.find((l) => l.startsWith('8u94w'))!;
    expect(website).toMatch(/^8u94w\s+website_clicks line item\s+ACTIVE\s+2000000 \(2\)\s+10000000 \(10\)/);
  });

  it('at 200 columns every column is there, money as micros with the decimal beside', async () => {
    const r = await emu.run(['ads', 'line-items', 'list', '-o', 'table'], { env: { COLUMNS: '200' } });
    expect(lines(r.stdout)[0]).toMatch(
      /^id\s+name\s+campaign_id\s+objective\s+entity_status\s+bid_strategy\s+bid\s+daily_budget\s+total_budget$/,
    );
    expect(r.stdout).toContain('100000000 (100)');
  });

  it('ads media-library list at 80 columns keeps the name', async () => {
    const r = await emu.run(['ads', 'media-library', 'list', '-o', 'table'], { env: { COLUMNS: '80' } });
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)[0]).toMatch(/^media_key\s+media_type\s+media_status\s+.*\bname$/);
    expect(lines(r.stdout)[1]).toMatch(/Image 1$/);
  });
});

describe('--columns', () => {
  it('ads line-items list --columns id,name,bid_amount_local_micro -o csv: those columns, raw micros', async () => {
    const r = await emu.run(['ads', 'line-items', 'list', '--columns', 'id,name,bid_amount_local_micro', '-o', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)[0]).toBe('id,name,bid_amount_local_micro');
    const rows = parse(r.stdout, { columns: true }) as Array<Record<string, string>>;
    expect(rows.find((x) => x.id === '8u94w')).toEqual({
      id: '8u94w',
      name: 'website_clicks line item',
      bid_amount_local_micro: '2000000',
    });
  });

  it('posts lookup: dotted paths into nested fields, in CSV and in the table', async () => {
    const args = ['posts', 'lookup', '20', '--post-fields', 'public_metrics', '--columns', 'id,public_metrics.like_count'];
    const csv = await emu.run([...args, '-o', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    expect(lines(csv.stdout)[0]).toBe('id,public_metrics.like_count');
    expect(lines(csv.stdout)[1]).toMatch(/^20,\d+$/);
    const table = await emu.run([...args, '-o', 'table']);
    expect(lines(table.stdout)[0]).toMatch(/^id\s+public_metrics\.like_count$/);
    expect(lines(table.stdout)[1]).toMatch(/^20\s+\d+$/);
  });

  it('a get: ads accounts get --columns id,name -o csv and as field/value rows', async () => {
    const csv = await emu.run(['ads', 'accounts', 'get', '18ce54d4x5t', '--columns', 'id,name', '-o', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    expect(lines(csv.stdout)).toEqual(['id,name', '18ce54d4x5t,Emulator Ads']);
    const table = await emu.run(['ads', 'accounts', 'get', '18ce54d4x5t', '--columns', 'name', '-o', 'table']);
    expect(lines(table.stdout)).toEqual(['field  value', 'name   Emulator Ads']);
  });

  it('--columns help lists the declared columns and every nested field', async () => {
    const r = await emu.run(['ads', 'line-items', 'list', '--columns', 'help', '-o', 'table']);
    expect(r.code, r.stderr).toBe(0);
    const names = lines(r.stdout);
    expect(names.slice(0, 3)).toEqual(['id', 'name', 'campaign_id']);
    expect(names).toContain('daily_budget_amount_local_micro');
    const posts = await emu.run(['posts', 'lookup', '20', '--post-fields', 'public_metrics', '--columns', 'help', '-o', 'csv']);
    expect(lines(posts.stdout)).toContain('public_metrics.like_count');
  });

  it('a malformed list is exit 2 before anything is sent', async () => {
    const before = emu.state.requests('GET').length;
    const r = await emu.run(['ads', 'line-items', 'list', '--columns', 'id,,na me', '-o', 'csv']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--columns takes a comma list');
    expect(emu.state.requests('GET').length).toBe(before);
  });
});

describe('--query (JMESPath) on every JSON output', () => {
  it('three verbs: a listing, a lookup and a get', async () => {
    const list = await emu.run(['ads', 'line-items', 'list', '--query', 'data[].id']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.json()).toEqual(['8u94t', '8u94u', '8u94v', '8u94w', '8u94x', '8u94y', '8u94z', '8u950', '8u951']);
    const posts = await emu.run(['posts', 'lookup', '20', '21', '--query', 'data[].id']);
    expect(posts.json()).toEqual(['20', '21']);
    const account = await emu.run(['ads', 'accounts', 'get', '18ce54d4x5t', '--query', 'data.{id: id, name: name}']);
    expect(account.json()).toEqual({ id: '18ce54d4x5t', name: 'Emulator Ads' });
  });

  it('request (as gh api --jq) and the JSON lines of events stream', async () => {
    const req = await emu.run(['request', 'GET', '/2/tweets', '-f', 'ids=20,21', '--query', 'data[].id']);
    expect(req.code, req.stderr).toBe(0);
    expect(req.json()).toEqual(['20', '21']);
    const events = await emu.run(['events', 'stream', '--limit', '2', '--query', 'data.event_type']);
    expect(events.code, events.stderr).toBe(0);
    expect(lines(events.stdout)).toEqual(['"post.create"', '"profile.update.bio"']);
  });

  it('filters with a condition, over every page with --all, and -o jsonl prints one element per line', async () => {
    const r = await emu.run([
      'ads',
      'line-items',
      'list',
      '--all',
      '--count',
      '2',
      '--query',
      "data[?bid_strategy=='MAX'].id",
      '-o',
      'jsonl',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(lines(r.stdout)).toEqual(['"8u94v"', '"8u94x"']);
  });

  it('on a terminal-less table request the result is JSON too; a syntax error is exit 2 with nothing sent', async () => {
    const table = await emu.run(['ads', 'accounts', 'list', '-o', 'table', '--query', 'length(data)']);
    expect(table.stdout.trim()).toMatch(/^\d+$/);
    const before = emu.state.requests('GET').length;
    const bad = await emu.run(['ads', 'accounts', 'list', '--query', 'data[']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--query');
    expect(emu.state.requests('GET').length).toBe(before);
  });
});
