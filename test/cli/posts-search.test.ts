// `postctl posts search | counts` through the built CLI against the emulator's
// search corpus (25 posts per topic in the last 7 days; 10 older ones per topic
// only in the full archive): pages followed in order, --limit stops early,
// every rule checked before sending.
import { describe, expect, it } from 'vitest';
import { fileEmulator } from '../helpers/emulator.js';
import { postingState } from '../../src/emulator/routes/platform-posting.js';

const emu = fileEmulator();

const searches = () => emu.state.requests('GET', /^\/2\/(tweets|posts)\/(search|counts)\//);
const param = (e: { query: Array<[string, string]> }, name: string) => e.query.find(([k]) => k === name)?.[1];
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

async function rejects(args: string[], field: string) {
  const before = searches().length;
  const r = await emu.run(args);
  expect(r.code, r.stderr).toBe(6);
  expect(r.stderr).toContain(field);
  expect(searches().length).toBe(before);
  return r;
}

describe('postctl posts search', () => {
  it('--all -o jsonl over three pages prints every result once, in order', async () => {
    const before = searches().length;
    const r = await emu.run(['posts', 'search', 'coffee', '--all', '-o', 'jsonl']);
    expect(r.code, r.stderr).toBe(0);
    const sent = searches().slice(before);
    expect(sent.map((e) => e.path)).toEqual(['/2/tweets/search/recent', '/2/tweets/search/recent', '/2/tweets/search/recent']);
    expect(sent.map((e) => param(e, 'pagination_token') === undefined)).toEqual([true, false, false]);
    const items = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(items).toHaveLength(25);
    const ids = items.map((p) => p.id);
    expect(new Set(ids).size).toBe(25);
    // Newest first, as the API orders them.
    expect([...ids].sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1))).toEqual(ids);
    expect(items.every((p) => /coffee/.test(p.text))).toBe(true);
    expect(r.stderr).toContain('25 posts');
  });

  it('--limit 12 stops after 12 and sends no further page', async () => {
    const before = searches().length;
    const r = await emu.run(['posts', 'search', 'coffee', '--limit', '12', '-o', 'jsonl']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(12);
    expect(searches().length - before).toBe(2);
    const all = await emu.run(['posts', 'search', 'coffee', '--all', '-o', 'jsonl']);
    expect(r.stdout).toBe(all.stdout.split('\n').slice(0, 12).join('\n') + '\n');
  });

  it('one page by default: the envelope as the API sent it, with meta.next_token', async () => {
    const r = await emu.run(['posts', 'search', 'tea', '-o', 'json']);
    expect(r.code).toBe(0);
    const env = r.json();
    expect(env.data).toHaveLength(10);
    expect(env.meta).toMatchObject({ result_count: 10, next_token: expect.any(String) });
  });

  it('--all -o json is one envelope with every item and a total', async () => {
    const r = await emu.run(['posts', 'search', 'postctl', '--all', '--max-results', '10', '-o', 'json']);
    expect(r.code).toBe(0);
    const env = r.json();
    expect(env.data).toHaveLength(25);
    expect(env.meta).toEqual({ result_count: 25 });
  });

  it('--archive searches /all and finds the older posts; --max-results up to 500', async () => {
    const r = await emu.run([
      'posts',
      'search',
      'weather',
      '--archive',
      '--start',
      '2026-01-01T00:00:00Z',
      '--max-results',
      '500',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data).toHaveLength(35);
    const sent = searches().at(-1)!;
    expect(sent.path).toBe('/2/tweets/search/all');
    expect(param(sent, 'max_results')).toBe('500');
    expect(param(sent, 'start_time')).toBe('2026-01-01T00:00:00Z');
  });

  it('sends the window, ids and field flags under official names; the fields come back', async () => {
    const now = Date.now();
    const start = iso(now - 2 * 86_400_000);
    const end = iso(now - 60_000);
    const all = (await emu.run(['posts', 'search', 'tea', '--all', '-o', 'jsonl'])).stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).id as string);
    const r = await emu.run([
      'posts',
      'search',
      'tea',
      '--start',
      start,
      '--end',
      end,
      '--since-id',
      all[20]!,
      '--until-id',
      all[1]!,
      '--max-results',
      '10',
      '--post-fields',
      'created_at,author_id',
      '--expansions',
      'author_id',
      '--user-fields',
      'username',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const sent = searches().at(-1)!;
    expect(sent.query).toEqual([
      ['query', 'tea'],
      ['start_time', start],
      ['end_time', end],
      ['since_id', all[20]!],
      ['until_id', all[1]!],
      ['max_results', '10'],
      ['expansions', 'author_id'],
      ['tweet.fields', 'created_at,author_id'],
      ['user.fields', 'username'],
    ]);
    const env = r.json();
    for (const p of env.data) {
      expect(Object.keys(p)).toEqual(expect.arrayContaining(['id', 'text', 'created_at', 'author_id']));
      expect(BigInt(p.id) > BigInt(all[20]!) && BigInt(p.id) < BigInt(all[1]!)).toBe(true);
      expect(Date.parse(p.created_at)).toBeGreaterThanOrEqual(Date.parse(start));
    }
    expect(env.includes.users.length).toBeGreaterThan(0);
  });

  it('control characters in post text are made visible in tables, kept exact in JSON', async () => {
    const created = await emu.run(['posts', 'create', '--text', 'espresso \u001b[2J\u001b]0;owned\u0007 time', '-o', 'table']);
    expect(created.code, created.stderr).toBe(0);
    // Search does not see the last 10 seconds: date the post a minute back.
    postingState(emu.state).posts.get(created.stdout.trim())!.created_at = new Date(Date.now() - 60_000).toISOString();
    const table = await emu.run(['posts', 'search', 'espresso', '-o', 'table']);
    expect(table.code).toBe(0);
    expect(table.stdout).not.toContain('\u001b');
    expect(table.stdout).toContain('␛[2J');
    const json = await emu.run(['posts', 'search', 'espresso', '-o', 'json']);
    expect(json.json().data[0].text).toBe('espresso \u001b[2J\u001b]0;owned\u0007 time');
  });

  it('csv and table stream the rows', async () => {
    const csv = await emu.run(['posts', 'search', 'coffee', '--limit', '3', '-o', 'csv']);
    expect(csv.code).toBe(0);
    const lines = csv.stdout.trim().split('\n');
    // CSV carries the raw objects, one flattened key per column (the first page's keys).
    expect(lines[0]!.split(',')).toEqual(expect.arrayContaining(['id', 'text']));
    expect(lines).toHaveLength(4);
    const table = await emu.run(['posts', 'search', 'coffee', '--limit', '3', '-o', 'table']);
    expect(table.stdout).toContain('Search result');
  });

  it.each([
    [['posts', 'search', 'x'.repeat(513)], 'query'],
    [['posts', 'search', 'x'.repeat(1025), '--archive'], 'query'],
    [['posts', 'search', 'x'.repeat(4097), '--max-query-length', '4096'], 'query'],
    [['posts', 'search', '   '], 'query'],
    [['posts', 'search', 'x', '--max-query-length', '5000'], '--max-query-length'],
    [['posts', 'search', 'x', '--max-results', '9'], '--max-results'],
    [['posts', 'search', 'x', '--max-results', '101'], '--max-results'],
    [['posts', 'search', 'x', '--max-results', '501', '--archive'], '--max-results'],
    [['posts', 'search', 'x', '--start', iso(Date.now() - 8 * 86_400_000)], '--start'],
    [['posts', 'search', 'x', '--start', 'yesterday'], '--start'],
    [['posts', 'search', 'x', '--end', iso(Date.now() + 3_600_000)], '--end'],
    [['posts', 'search', 'x', '--start', iso(Date.now() - 3_600_000), '--end', iso(Date.now() - 7_200_000)], '--start'],
    [['posts', 'search', 'x', '--since-id', '12ab'], '--since-id'],
    [['posts', 'search', 'x', '--until-id', '-5'], '--until-id'],
    [['posts', 'search', 'x', '--since-id', '200', '--until-id', '100'], '--since-id'],
    [['posts', 'search', 'x', '--limit', '0'], '--limit'],
    [['posts', 'search', 'x', '--post-fields', 'bogus'], '--post-fields'],
    [['posts', 'counts', 'x', '--granularity', 'week'], '--granularity'],
    [['posts', 'counts', 'x'.repeat(513)], 'query'],
    [['posts', 'counts', 'x', '--start', iso(Date.now() - 8 * 86_400_000)], '--start'],
  ])('rejects %j before sending (exit 6, names %s)', async (args, field) => {
    await rejects(args, field);
  });

  it('the emulator answers the neutral path too, with rate-limit headers shared by both spellings', async () => {
    const a = await emu.run(['request', 'GET', '/2/tweets/search/recent', '-f', 'query=coffee', '-i', '--auth', 'app']);
    const b = await emu.run(['request', 'GET', '/2/posts/search/recent', '-f', 'query=coffee', '-i', '--auth', 'app']);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    const remaining = (out: string) => Number(/x-rate-limit-remaining: (\d+)/i.exec(out)![1]);
    expect(remaining(b.stdout)).toBe(remaining(a.stdout) - 1);
    expect(b.stdout).toMatch(/x-rate-limit-limit: \d+/i);
  });

  it('a query of exactly 512 characters is sent', async () => {
    const q = 'coffee ' + 'x'.repeat(505);
    expect(q).toHaveLength(512);
    const before = emu.state.log.length;
    const r = await emu.run(['posts', 'search', q]);
    expect(r.code, r.stderr).toBe(0);
    // Sent whole: one search request whose query is exactly those 512 characters.
    const sent = emu.state.log.slice(before).filter((e) => e.query.some(([k]) => k === 'query'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.query.find(([k]) => k === 'query')).toEqual(['query', q]);
  });
});

describe('postctl posts counts', () => {
  it('day buckets over the last 7 days sum to the matching posts, official names', async () => {
    const r = await emu.run(['posts', 'counts', 'coffee', '--granularity', 'day', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const env = r.json();
    expect(env.data.length).toBeGreaterThanOrEqual(7);
    expect(Object.keys(env.data[0]).sort()).toEqual(['end', 'start', 'tweet_count']);
    expect(env.data.reduce((a: number, b: { tweet_count: number }) => a + b.tweet_count, 0)).toBe(25);
    expect(env.meta.total_tweet_count).toBe(25);
    const sent = searches().at(-1)!;
    expect(sent.path).toBe('/2/tweets/counts/recent');
    expect(sent.query).toEqual([
      ['query', 'coffee'],
      ['granularity', 'day'],
    ]);
  });

  it('--archive --all follows next_token across 31-day pages and totals the buckets', async () => {
    const before = searches().length;
    const r = await emu.run([
      'posts',
      'counts',
      'tea',
      '--archive',
      '--granularity',
      'day',
      '--start',
      iso(Date.now() - 80 * 86_400_000),
      '--all',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(searches().length - before).toBe(3);
    const env = r.json();
    expect(env.data.length).toBeGreaterThanOrEqual(80);
    expect(env.meta).toEqual({ total_tweet_count: 35 });
    const csv = await emu.run(['posts', 'counts', 'tea', '--granularity', 'day', '-o', 'csv']);
    // Raw buckets, as the API names them (official: tweet_count).
    expect(csv.stdout.split('\n')[0]!.split(',').sort()).toEqual(['end', 'start', 'tweet_count']);
  });
});
