// Spaces, trends, communities, news, usage and the API description through
// the built CLI against the emulator: table/JSON/CSV output, field and
// expansion names and integer ranges checked before sending (exit 6, nothing
// in the log), auth per the descriptions' security (app where allowed, user
// context or OAuth 2.0 where required), 404 → exit 4, the one pager.
import { describe, expect, it } from 'vitest';
import { fileEmulator } from '../helpers/emulator.js';
import { oauth2Only } from '../helpers/oauth2.js';

// Concurrent runs each fetch the app's bearer token: no token-request limit here.
const emu = fileEmulator({ bearerMaxRequests: 10_000 });
const sent = (path: string) => emu.state.log.filter((e) => e.path === path);

describe.concurrent('spaces', () => {
  it('get one: a table of fields by default, with the columns’ fields asked for; app auth', async () => {
    const r = await emu.run(['spaces', 'get', '1DXxyRYNejbKM', '-o', 'table']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/title +Emulator office hours/);
    expect(r.stdout).toMatch(/state +live/);
    const e = sent('/2/spaces/1DXxyRYNejbKM').at(-1)!;
    expect(e.authScheme).toBe('Bearer');
    expect(e.query.find(([k]) => k === 'space.fields')?.[1]).toBe('title,state,creator_id,participant_count,started_at,scheduled_start');
  });

  it('get many: GET /2/spaces?ids=…, with an expansion and its users in JSON; a missing id is in errors', async () => {
    const r = await emu.run(['spaces', 'get', '1DXxyRYNejbKM', '1YpKkgVgevXxj', 'zzz', '--expansions', 'creator_id', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const body = r.json();
    expect(body.data.map((s: { id: string }) => s.id)).toEqual(['1DXxyRYNejbKM', '1YpKkgVgevXxj']);
    expect(body.includes.users.map((u: { username: string }) => u.username).sort()).toEqual(['emu_dev', 'emu_news']);
    expect(body.errors[0].value).toBe('zzz');
  });

  it('search with --state and CSV; by-creator; posts of a live Space', async () => {
    const s = await emu.run(['spaces', 'search', 'news', '--state', 'scheduled', '--max-results', '5', '-o', 'csv']);
    expect(s.code, s.stderr).toBe(0);
    // CSV keeps the API's own keys.
    expect(s.stdout).toBe(
      'id,state,title,creator_id,scheduled_start\n1YpKkgVgevXxj,scheduled,News of the week,783214,2026-06-09T18:00:00.000Z\n',
    );
    const c = await emu.run(['spaces', 'by-creator', '2244994945', '-o', 'jsonl']);
    expect(c.code, c.stderr).toBe(0);
    expect(
      c.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(['1DXxyRYNejbKM']);
    const p = await emu.run(['spaces', 'posts', '1DXxyRYNejbKM', '--post-fields', 'author_id', '-o', 'json']);
    expect(p.code, p.stderr).toBe(0);
    expect(p.json().data).toHaveLength(2);
    expect(p.json().data[0].author_id).toMatch(/^\d+$/);
  });

  it('buyers: OAuth 2.0 only — the default with an OAuth 2.0 login, exit 2 for --auth app; --all follows the pages', async () => {
    const bad = await emu.run(['spaces', 'buyers', '1DXxyRYNejbKM', '--auth', 'app']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--auth app is not accepted by GET /2/spaces/{id}/buyers');
    const o2 = await oauth2Only(emu, 'space.read,tweet.read,users.read');
    const r = await o2.run(['spaces', 'buyers', '1DXxyRYNejbKM', '--max-results', '2', '--all', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data.map((u: { id: string }) => u.id)).toEqual(['783214', '17874544', '1526228120']);
    expect(r.json().meta).toEqual({ result_count: 3 });
  });

  it('rules before sending: a bad Space id, 101 ids, an unknown field or expansion, --max-results 0 — exit 6, nothing sent', async () => {
    const cases: Array<[string[], string]> = [
      [['spaces', 'get', 'bad_id!'], 'space_id'],
      [['spaces', 'get', ...Array.from({ length: 101 }, (_, i) => `a${i}`)], 'at most 100'],
      [['spaces', 'get', '1DXxyRYNejbKM', '--space-fields', 'titel'], '--space-fields: unknown space field "titel"'],
      [['spaces', 'get', '1DXxyRYNejbKM', '--expansions', 'author_id'], 'unknown expansion "author_id"'],
      [['spaces', 'search', 'x', '--max-results', '0'], '--max-results'],
      [['spaces', 'by-creator', '@alice'], 'user_ids'],
    ];
    for (const [args, text] of cases) {
      const r = await emu.run(args);
      expect(r.code, args.join(' ')).toBe(6);
      expect(r.stderr).toContain(text);
    }
    expect(emu.state.log.filter((e) => e.path.includes('bad_id') || e.query.some(([k, v]) => v === 'titel' || k === 'x'))).toEqual([]);
  });

  it('an unknown Space: exit 4', async () => {
    const r = await emu.run(['spaces', 'get', '1ZZZZZZZZZZZZ']);
    expect(r.code).toBe(4);
  });
});

describe.concurrent('trends, communities, news, usage, openapi', () => {
  it('trends get: names and counts; --max-trends checked; unknown WOEID exit 4', async () => {
    const r = await emu.run(['trends', 'get', '1', '--max-trends', '2', '-o', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe('trend_name,tweet_count\n#EmulatorDay,120400\npostctl,8150\n');
    expect((await emu.run(['trends', 'get', '1', '--max-trends', '51'])).code).toBe(6);
    expect((await emu.run(['trends', 'get', 'paris'])).code).toBe(6);
    expect((await emu.run(['trends', 'get', '999'])).code).toBe(4);
  });

  it('trends personalized: user context (OAuth 1.0a by default)', async () => {
    const r = await emu.run(['trends', 'personalized', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data[0]).toEqual({ trend_name: 'postctl', category: 'Technology', post_count: 8150, trending_since: 'Trending now' });
    expect(sent('/2/users/personalized_trends').at(-1)!.authScheme).toBe('OAuth');
    const app = await emu.run(['trends', 'personalized', '--auth', 'app']);
    expect(app.code).toBe(2);
  });

  it('communities get and search (search pages with --all; min max-results 10)', async () => {
    const g = await emu.run(['communities', 'get', '1493446837214187523', '-o', 'json']);
    expect(g.code, g.stderr).toBe(0);
    expect(g.json().data).toMatchObject({ id: '1493446837214187523', name: 'Emulator builders', member_count: 1280 });
    const s = await emu.run(['communities', 'search', 'emulator', '--all', '-o', 'jsonl']);
    expect(s.code, s.stderr).toBe(0);
    expect(s.stdout.trim().split('\n')).toHaveLength(2);
    expect((await emu.run(['communities', 'search', 'x', '--max-results', '5'])).code).toBe(6);
    expect((await emu.run(['communities', 'get', '1'])).code).toBe(4);
  });

  it('news get and search', async () => {
    const g = await emu.run(['news', 'get', '1938000000000000001', '--news-fields', 'keywords', '-o', 'json']);
    expect(g.code, g.stderr).toBe(0);
    expect(g.json().data.keywords).toEqual(['emulator', 'compliance']);
    const s = await emu.run(['news', 'search', 'compliance', '--max-age-hours', '24', '-o', 'table']);
    expect(s.code, s.stderr).toBe(0);
    expect(s.stdout).toContain('Emulator ships streaming compliance jobs');
    expect((await emu.run(['news', 'search', 'x', '--max-age-hours', '721'])).code).toBe(6);
    expect((await emu.run(['news', 'get', '1938000000000000001', '--news-fields', 'headline'])).code).toBe(6);
  });

  it('usage posts: app auth; --days range; --usage-fields', async () => {
    const r = await emu.run(['usage', 'posts', '--days', '3', '--usage-fields', 'daily_project_usage', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data.daily_project_usage.usage).toHaveLength(3);
    expect(sent('/2/usage/tweets').at(-1)!.authScheme).toBe('Bearer');
    expect((await emu.run(['usage', 'posts', '--days', '91'])).code).toBe(6);
    expect((await emu.run(['usage', 'posts', '--auth', 'user'])).code).toBe(2);
  });

  it('openapi: sent without credentials; JSON on stdout', async () => {
    const r = await emu.run(['openapi', '--query', 'info.version']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toBe('2.159');
    expect(sent('/2/openapi.json').at(-1)!.authScheme).toBeUndefined();
  });
});
