// `ads stats` bad input (exit 6, nothing sent), output options (--derived,
// --totals, -o json, --chart off a terminal), the synchronous rate limit, and
// the active, reach and jobs verbs.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { emuEntityPlacements, emuStatsTotal } from '../../src/emulator/routes/ads-stats-model.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { movedClock } from '../helpers/clock.js';
import { freshEmulator, testEmulator } from '../helpers/emulator.js';
import { terminal } from '../helpers/terminal.js';
import { csvRows, statsArgs, statsRequests } from '../helpers/stats.js';

const emu = freshEmulator({ statsJobPolls: 1, limits: { 'stats-sync': { max: 2, windowSec: 1 } } });
// Polls wait on the test world's clock (a step each): no variable shortens them.
const env = {};
const base = statsArgs('2026-06-01', '2026-06-02', 'ENGAGEMENT,BILLING');

describe('ads stats: bad input is exit 6 with nothing sent', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['unknown metric group', statsArgs('2026-06-01', '2026-06-02', 'ENGAGEMENT,NOPE'), /--metric-groups: unknown metric group "NOPE"/],
    [
      'a group the entity does not allow',
      statsArgs('2026-06-01', '2026-06-02', 'BILLING', [], [EMU_ACCOUNT, '--entity', 'ACCOUNT']),
      /--metric-groups: BILLING is not available for ACCOUNT \(allowed: ENGAGEMENT\)/,
    ],
    [
      '--segment with --mode sync',
      [...base, '--segment', 'AGE', '--mode', 'sync'],
      /--segment: segmentation is available only through jobs/,
    ],
    ['--from after --to', statsArgs('2026-06-05', '2026-06-02', 'ENGAGEMENT'), /--from: 2026-06-05 is not before 2026-06-02/],
    [
      'a time not on a whole hour',
      statsArgs('2026-06-01T00:30:00Z', '2026-06-02T00:00:00Z', 'ENGAGEMENT', ['--granularity', 'HOUR']),
      /--from: 2026-06-01T00:30:00Z is not on a whole hour/,
    ],
    ['METROS without its companion --country', [...base, '--segment', 'METROS'], /--country: --segment METROS requires --country/],
    ['0 ids', statsArgs('2026-06-01', '2026-06-02', 'ENGAGEMENT', [], ['--entity', 'LINE_ITEM']), /entity_ids: no entity ids given/],
  ];
  for (const [name, args, message] of cases)
    it(name, async () => {
      const r = await emu.run([...args, '-o', 'json'], { env, cwd: tempDir() });
      expect(r.code, r.stderr).toBe(6);
      expect(r.stderr).toMatch(message);
      expect(r.errorJson().error.code).toBe('invalid_input');
      expect(emu.state.log).toHaveLength(0);
    });

  it('DAY with times that are not midnight in the account zone: exit 6 after reading the zone only', async () => {
    const r = await emu.run(statsArgs('2026-06-01T00:00:00Z', '2026-06-02T00:00:00Z', 'ENGAGEMENT'), { env });
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/2026-06-01T00:00:00Z is not midnight in the account's time zone America\/New_York/);
    expect(emu.state.log.map((e) => e.path)).toEqual([`/12/accounts/${EMU_ACCOUNT}`]);
  });

  it('a FIFO at the job state path: exit 2 at once, no job created', async () => {
    const cwd = tempDir();
    execFileSync('mkfifo', [join(cwd, 'st.json')]);
    const args = ['ads', 'stats', '--entity', 'LINE_ITEM', 'l0000', '--from', '2026-11-01', '--to', '2026-11-02'];
    const r = await emu.run([...args, '--metric-groups', 'ENGAGEMENT', '--mode', 'job', '--state', 'st.json'], { env, cwd });
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain('it is not a regular file (a FIFO)');
    expect(emu.state.requests('POST', /stats\/jobs/)).toHaveLength(0);
  });
});

describe('ads stats: output', () => {
  it('--derived is exact, --totals adds a total row and an all row over the range, --micros keeps micros', async () => {
    const r = await emu.run([...base, '--placement', 'ALL_ON_TWITTER', '--derived', '--totals', '--micros', '-o', 'csv'], { env });
    expect(r.code, r.stderr).toBe(0);
    const rows = csvRows(r.stdout);
    expect(rows.map((x) => [x.entity_id, x.date, x.start, x.end])).toEqual([
      ['l0001', '2026-06-01', '2026-06-01T04:00:00Z', '2026-06-02T04:00:00Z'],
      ['l0001', '2026-06-02', '2026-06-02T04:00:00Z', '2026-06-03T04:00:00Z'],
      ['l0001', 'total', '2026-06-01T04:00:00Z', '2026-06-03T04:00:00Z'],
      ['all', 'total', '2026-06-01T04:00:00Z', '2026-06-03T04:00:00Z'],
    ]);
    const q = {
      id: 'l0001',
      placement: 'ALL_ON_TWITTER',
      start: Date.parse('2026-06-01T04:00:00Z'),
      end: Date.parse('2026-06-03T04:00:00Z'),
    };
    const spend = emuStatsTotal({ ...q, metric: 'billed_charge_local_micro' });
    const impressions = emuStatsTotal({ ...q, metric: 'impressions' });
    const engagements = emuStatsTotal({ ...q, metric: 'engagements' });
    const total = rows[2]!;
    expect(Number(total.billed_charge_local_micro)).toBe(spend);
    expect(Number(total.impressions)).toBe(impressions);
    // Exact to 6 decimals, half up, from integers (BigInt in the test as well).
    const exact = (n: number, d: number) => {
      const q6 = (BigInt(n) * 10_000_000n) / BigInt(d);
      const r6 = (q6 + 5n) / 10n;
      return `${r6 / 1_000_000n}.${(r6 % 1_000_000n).toString().padStart(6, '0')}`;
    };
    expect(total.cpm).toBe(exact(spend, impressions * 1000));
    expect(total.engagement_rate).toBe(exact(engagements, impressions));
    expect(total.cost_per_engagement_micro).toBe(exact(spend, engagements));
  });

  it('-o json: the API shape merged, with bucket start times', async () => {
    const r = await emu.run([...base, '-o', 'json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const body = r.json();
    expect(body).toMatchObject({
      data_type: 'stats',
      account_id: EMU_ACCOUNT,
      time_zone: 'America/New_York',
      granularity: 'DAY',
      start_time: '2026-06-01T04:00:00Z',
      end_time: '2026-06-03T04:00:00Z',
    });
    expect(body.data).toHaveLength(1);
    const d = body.data[0].id_data[0];
    expect(d.start_times).toEqual(['2026-06-01T04:00:00Z', '2026-06-02T04:00:00Z']);
    expect(d.metrics.impressions).toEqual([
      emuStatsTotal({
        id: 'l0001',
        placement: 'ALL_ON_TWITTER',
        metric: 'impressions',
        start: Date.parse('2026-06-01T04:00:00Z'),
        end: Date.parse('2026-06-02T04:00:00Z'),
      }),
      emuStatsTotal({
        id: 'l0001',
        placement: 'ALL_ON_TWITTER',
        metric: 'impressions',
        start: Date.parse('2026-06-02T04:00:00Z'),
        end: Date.parse('2026-06-03T04:00:00Z'),
      }),
    ]);
    expect(d.metrics.carousel_swipes).toBeNull();
  });

  it('--chart off a terminal prints the metric as rows; an unknown metric is exit 2', async () => {
    const r = await emu.run([...base, '--chart', 'impressions', '-o', 'csv'], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/--chart draws only on a terminal/);
    expect(r.stdout.split('\n')[0]).toBe('entity_id,name,date,placement,segment,impressions');
    const bad = await emu.run([...base, '--chart', 'nope'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--chart nope is not a metric of this query/);
  });

  it('--placement all: one series per placement, rows labelled; --active takes ids and placements from active entities', async () => {
    const r = await emu.run(
      statsArgs('2026-06-01', '2026-06-01', 'ENGAGEMENT', ['--placement', 'all', '-o', 'csv'], ['--active', '--entity', 'LINE_ITEM']),
      { env },
    );
    expect(r.code, r.stderr).toBe(0);
    const active = emu.state.requests('GET', /active_entities$/);
    expect(active).toHaveLength(1);
    const stats = statsRequests(emu.state, 'GET', /^\/12\/stats\/accounts\/[^/]+$/).filter((s) => s.status === 200);
    const onTwitter = stats.filter((s) => s.placement === 'ALL_ON_TWITTER').flatMap((s) => s.ids);
    const spotlight = stats.filter((s) => s.placement === 'SPOTLIGHT').flatMap((s) => s.ids);
    const trend = stats.filter((s) => s.placement === 'TREND').flatMap((s) => s.ids);
    expect(onTwitter).toHaveLength(45);
    // Each placement is asked for exactly the entities the emulator says served there.
    expect(spotlight.sort()).toEqual(onTwitter.filter((id) => emuEntityPlacements(id).includes('SPOTLIGHT')).sort());
    expect(trend.sort()).toEqual(onTwitter.filter((id) => emuEntityPlacements(id).includes('TREND')).sort());
    expect(spotlight.length).toBeGreaterThan(0);
    expect(spotlight.length).toBeLessThan(45);
    const rows = csvRows(r.stdout);
    expect(rows).toHaveLength(45 + spotlight.length + trend.length);
    expect(new Set(rows.map((x) => x.placement))).toEqual(new Set(['ALL_ON_TWITTER', 'SPOTLIGHT', 'TREND']));
  });
});

describe('ads stats: ids from a file or stdin', () => {
  it('--file - reads one id per line (comments and blanks skipped), merged with arguments and --ids without repeats', async () => {
    const args = statsArgs(
      '2026-06-01',
      '2026-06-01',
      'ENGAGEMENT',
      ['--ids', 'l0002,l0003', '--file', '-', '-o', 'csv'],
      ['l0001', '--entity', 'LINE_ITEM'],
    );
    const r = await emu.run(args, { env, input: '# line items\nl0004\n\nl0001\n' });
    expect(r.code, r.stderr).toBe(0);
    expect(csvRows(r.stdout).map((x) => x.entity_id)).toEqual(['l0001', 'l0002', 'l0003', 'l0004']);
    expect(statsRequests(emu.state, 'GET', /^\/12\/stats\/accounts\/[^/]+$/)[0]!.ids).toEqual(['l0001', 'l0002', 'l0003', 'l0004']);
  });
});

describe('ads stats --chart on a terminal', () => {
  it('draws each entity with its own mark, the dates on the x axis, a legend readable without colour', async () => {
    const args = statsArgs(
      '2026-06-01',
      '2026-06-07',
      'ENGAGEMENT',
      ['--chart', 'impressions'],
      ['l0001', 'l0002', '--entity', 'LINE_ITEM'],
    );
    const t = terminal(args, { PATH: process.env.PATH ?? '', ...emu.cliEnv(), ...env } as Record<string, string>);
    await t.expect(/impressions per day\n/);
    await t.expect(/└─+\n *2026-06-01 .*2026-06-04 .*2026-06-07\n/);
    await t.expect(/ {2}\* l0001\n {2}o l0002\n/);
    expect(await t.exit).toBe(0);
    // The top of the y axis is the largest daily value of the two series, and each series has its 7 marks.
    const day = (id: string, d: number) => {
      const start = Date.parse('2026-06-01T04:00:00Z') + d * 86_400_000;
      return emuStatsTotal({ id, placement: 'ALL_ON_TWITTER', metric: 'impressions', start, end: start + 86_400_000 });
    };
    const max = Math.max(...['l0001', 'l0002'].flatMap((id) => Array.from({ length: 7 }, (_, d) => day(id, d))));
    expect(t.transcript()).toMatch(new RegExp(`^ *${max} ┤`, 'm'));
    const grid = t
      .transcript()
      .split('\n')
      .filter((l) => l.includes('┤'));
    expect(grid).toHaveLength(12);
  });
});

describe('ads stats: the synchronous rate limit', () => {
  it('a 429 with x-rate-limit-reset is waited out; every request answered in the end', async () => {
    const r = await emu.run(statsArgs('2026-05-01', '2026-05-28', 'ENGAGEMENT', ['--mode', 'sync', '-o', 'csv']), { env });
    expect(r.code, r.stderr).toBe(0);
    const log = emu.state.requests('GET', /^\/12\/stats\/accounts\/[^/]+$/);
    expect(log.filter((e) => e.status === 429).length).toBeGreaterThan(0);
    expect(log.filter((e) => e.status === 200)).toHaveLength(4);
    expect(csvRows(r.stdout)).toHaveLength(28);
  });
});

describe('ads stats active, reach, jobs', () => {
  it('active lists the entities with their placements', async () => {
    const r = await emu.run(
      [
        'ads',
        'stats',
        'active',
        '--entity',
        'PROMOTED_POST',
        '--from',
        '2026-06-01T00:00:00Z',
        '--to',
        '2026-06-01T06:00:00Z',
        '-o',
        'json',
      ],
      { env },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data).toHaveLength(45);
    expect(r.json().data[0]).toMatchObject({ entity_id: 't0000', placements: expect.arrayContaining(['ALL_ON_TWITTER']) });
    expect(emu.state.log[0]!.query).toEqual([
      ['entity', 'PROMOTED_TWEET'],
      ['start_time', '2026-06-01T00:00:00Z'],
      ['end_time', '2026-06-01T06:00:00Z'],
    ]);
  });

  it("active takes a named --range on the account's calendar; with --from it is exit 6 before any request", async ({ onTestFinished }) => {
    // postctl's clock and this emulator's, moved together to 01:00 UTC on the 28th.
    const clock = movedClock('2026-11-28T01:00:00Z');
    const emu = await testEmulator({ statsJobPolls: 1, now: clock.now });
    onTestFinished(() => emu.close());
    const at = { ...env, ...clock.env };
    const r = await emu.run(['ads', 'stats', 'active', '--entity', 'CAMPAIGN', '--range', 'last-7-days', '-o', 'json'], { env: at });
    expect(r.code, r.stderr).toBe(0);
    // 01:00 UTC on the 28th is the 27th in New York: the last 7 whole days are the 20th to the 26th, EST midnights.
    expect(emu.state.requests('GET', /active_entities$/)[0]!.query).toEqual([
      ['entity', 'CAMPAIGN'],
      ['start_time', '2026-11-20T05:00:00Z'],
      ['end_time', '2026-11-27T05:00:00Z'],
    ]);
    const before = emu.state.log.length;
    const bad = await emu.run(['ads', 'stats', 'active', '--entity', 'CAMPAIGN', '--range', 'last-7-days', '--from', '2026-11-01'], {
      env: at,
    });
    expect(bad.code).toBe(6);
    expect(bad.stderr).toContain('--range: names the whole range: give it without --from/--to');
    expect(emu.state.log.length).toBe(before);
  });

  it("reach reads its range as ads stats does: --range and relative days on the account's calendar", async ({ onTestFinished }) => {
    const clock = movedClock('2026-11-28T01:00:00Z');
    const emu = await testEmulator({ now: clock.now });
    onTestFinished(() => emu.close());
    const at = { ...env, ...clock.env };
    const named = await emu.run(['ads', 'stats', 'reach', '--campaigns', 'c1', '--range', 'last-week', '-o', 'json'], { env: at });
    expect(named.code, named.stderr).toBe(0);
    const relative = await emu.run(['ads', 'stats', 'reach', '--campaigns', 'c1', '--from', '13-days-ago', '--to', '7-days-ago'], {
      env: at,
    });
    expect(relative.code, relative.stderr).toBe(0);
    // The 27th in New York: last week is Monday the 16th to Sunday the 22nd, EST midnights; 13 to 7 days ago the 14th to the 20th.
    expect(emu.state.requests('GET', /reach\/campaigns$/).map((e) => e.query.slice(1))).toEqual([
      [
        ['start_time', '2026-11-16T05:00:00Z'],
        ['end_time', '2026-11-23T05:00:00Z'],
      ],
      [
        ['start_time', '2026-11-14T05:00:00Z'],
        ['end_time', '2026-11-21T05:00:00Z'],
      ],
    ]);
  });

  it('reach of campaigns; more than 20 ids is exit 6', async () => {
    const r = await emu.run(['ads', 'stats', 'reach', '--campaigns', 'c1,c2', '--from', '2026-06-01', '--to', '2026-06-07', '-o', 'csv'], {
      env,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('id,total_audience_reach,average_frequency');
    expect(emu.state.requests('GET', /reach\/campaigns$/)[0]!.query).toEqual([
      ['campaign_ids', 'c1,c2'],
      ['start_time', '2026-06-01T04:00:00Z'],
      ['end_time', '2026-06-08T04:00:00Z'],
    ]);
    const many = Array.from({ length: 21 }, (_, i) => `c${i}`).join(',');
    const bad = await emu.run(['ads', 'stats', 'reach', '--funding-instruments', many, '--from', '2026-06-01', '--to', '2026-06-07'], {
      env,
    });
    expect(bad.code).toBe(6);
    expect(bad.stderr).toMatch(/--funding-instruments: takes at most 20 ids \(got 21\)/);
  });

  it('jobs list, get and cancel', async () => {
    const made = await emu.run([...base, '--mode', 'job', '-o', 'csv'], { env, cwd: tempDir() });
    expect(made.code, made.stderr).toBe(0);
    const list = await emu.run(['ads', 'stats', 'jobs', 'list', '-o', 'json'], { env });
    expect(list.code, list.stderr).toBe(0);
    const id = list.json().data[0].id_str as string;
    expect(list.json().data[0]).toMatchObject({ status: 'SUCCESS', entity: 'LINE_ITEM', entity_ids: ['l0001'] });
    const get = await emu.run(['ads', 'stats', 'jobs', 'get', id, '-o', 'json'], { env });
    expect(get.json().data[0].id_str).toBe(id);
    const cancel = await emu.run(['ads', 'stats', 'jobs', 'cancel', id, '-o', 'json'], { env });
    expect(cancel.code, cancel.stderr).toBe(0);
    expect(emu.state.requests('DELETE', `/12/stats/jobs/accounts/${EMU_ACCOUNT}/${id}`)).toHaveLength(1);
    const bad = await emu.run(['ads', 'stats', 'jobs', 'get', 'abc'], { env });
    expect(bad.code).toBe(6);
  });
});
