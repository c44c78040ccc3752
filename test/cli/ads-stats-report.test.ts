// `ads stats` as a report, through the built CLI against the emulator: ranges
// relative to the account's calendar (postctl's and the emulator's clocks moved together), names
// joined, dates in the account's zone, spend in currency units equal to the
// emulator's micros / 1e6, totals and `all` rows, one table that fits 80
// columns on a pseudo-terminal, and several accounts in one output.
import { describe, expect, it } from 'vitest';
import { emuEntityPlacements, emuStatsTotal } from '../../src/emulator/routes/ads-stats-model.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { campaigns } from '../../src/emulator/routes/ads-campaigns.js';
import { EMU_PLACEMENTS } from '../../src/emulator/routes/ads-stats-rules.js';
import { toMicros } from '../../src/validate/money.js';
import { tempDir } from '../helpers/cli.js';
import { movedClock } from '../helpers/clock.js';
import { fileEmulator } from '../helpers/emulator.js';
import { csvRows, statsRequests, usd } from '../helpers/stats.js';
import { terminal } from '../helpers/terminal.js';

const emu = fileEmulator();
const TOKYO = '9iqxk2';
const FOREIGN = '5gvk9h';
const STATS = /^\/12\/stats\/accounts\/[^/]+$/;
// 01:00 UTC on Saturday 28 November 2026: still Friday the 27th, 20:00, in New York.
const CLOCK = movedClock('2026-11-28T01:00:00Z');
const NOW = CLOCK.env;
// The relative ranges' emulator lives on the same moved clock as the CLI runs that send NOW.
const emuAt = fileEmulator({ now: CLOCK.now });
// A report asks every placement: the ALL_ON_TWITTER requests stand for each series of requests.
const seenBy = (e: typeof emu, id: string) =>
  statsRequests(e.state, 'GET', STATS).filter((r) => r.ids.includes(id) && r.placement === 'ALL_ON_TWITTER');
const seen = (id: string) => seenBy(emu, id);
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');
const stats = (ids: string, more: string[]) => ['ads', 'stats', ids, '--entity', 'LINE_ITEM', ...more];

describe.concurrent('relative ranges in the account zone', () => {
  it('--range yesterday at 01:00 UTC asks a New York account (behind UTC) for its yesterday, the 26th', async () => {
    const r = await emuAt.run([...stats('y0001', ['--range', 'yesterday', '--metric-groups', 'ENGAGEMENT', '-o', 'csv'])], { env: NOW });
    expect(r.code, r.stderr).toBe(0);
    expect(seenBy(emuAt, 'y0001').map((q) => [iso(q.start), iso(q.end)])).toEqual([['2026-11-26T05:00:00Z', '2026-11-27T05:00:00Z']]);
    expect(csvRows(r.stdout).map((x) => x.date)).toEqual(['2026-11-26']);
    expect(r.stderr).not.toMatch(/not yet over/);
  });

  it('--range yesterday at 01:00 UTC asks a Tokyo account (ahead of UTC) for the 27th', async () => {
    const t = await emuAt.run(
      [...stats('y0002', ['--range', 'yesterday', '--metric-groups', 'ENGAGEMENT', '--account', TOKYO, '-o', 'csv'])],
      {
        env: NOW,
      },
    );
    expect(t.code, t.stderr).toBe(0);
    expect(seenBy(emuAt, 'y0002').map((q) => [iso(q.start), iso(q.end)])).toEqual([['2026-11-26T15:00:00Z', '2026-11-27T15:00:00Z']]);
    expect(csvRows(t.stdout).map((x) => x.date)).toEqual(['2026-11-27']);
  });

  it('--from 2-days-ago --to today reaches a day not yet over: said on stderr, complete:false in JSON', async () => {
    const r = await emuAt.run(
      [...stats('y0003', ['--from', '2-days-ago', '--to', 'today', '--metric-groups', 'ENGAGEMENT', '-o', 'json'])],
      {
        env: NOW,
      },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/warning: the range reaches 2026-11-27, not yet over in the account's zone America\/New_York/);
    const body = r.json();
    expect(body).toMatchObject({ complete: false, start_time: '2026-11-25T05:00:00Z', end_time: '2026-11-28T05:00:00Z' });
    expect(body.data[0].id_data[0].dates).toEqual(['2026-11-25', '2026-11-26', '2026-11-27']);
    const past = await emuAt.run([...stats('y0003', ['--range', 'last-week', '--metric-groups', 'ENGAGEMENT', '-o', 'json'])], {
      env: NOW,
    });
    expect(past.json()).toMatchObject({ complete: true, start_time: '2026-11-16T05:00:00Z', end_time: '2026-11-23T05:00:00Z' });
  });

  it('a range wholly in the future of the account is exit 6 with nothing sent', async () => {
    const r = await emuAt.run(
      [...stats('y0004', ['--from', '2026-11-28', '--to', '2026-11-29', '--metric-groups', 'ENGAGEMENT', '-o', 'csv'])],
      {
        env: NOW,
      },
    );
    expect(r.code).toBe(6);
    expect(r.errorJson().error.message).toMatch(/has not begun in the account's zone America\/New_York \(its today is 2026-11-27/);
    expect(seenBy(emuAt, 'y0004')).toHaveLength(0);
  });

  it('an unknown --range, --range with --from, or a bad POSTCTL_NOW is exit 6 before any request', async () => {
    const bad = await emuAt.run([...stats('y0005', ['--range', 'fortnight', '--metric-groups', 'ENGAGEMENT'])], { env: NOW });
    expect(bad.code).toBe(6);
    expect(bad.errorJson().error.problems).toEqual([
      expect.objectContaining({ field: '--range', message: expect.stringMatching(/last-7-days/) }),
    ]);
    const both = await emuAt.run([...stats('y0005', ['--range', 'yesterday', '--from', 'today', '--metric-groups', 'ENGAGEMENT'])], {
      env: NOW,
    });
    expect(both.code).toBe(6);
    const clock = await emuAt.run([...stats('y0005', ['--range', 'yesterday', '--metric-groups', 'ENGAGEMENT'])], {
      env: { POSTCTL_NOW: 'noon' },
    });
    expect(clock.code).toBe(6);
    expect(seenBy(emuAt, 'y0005')).toHaveLength(0);
  });
});

describe.concurrent('columns people read', () => {
  // Ids no other test of the file asks for: the count of list requests is this test's own.
  it('names joined by one list request; --no-names sends none; money in currency units; --micros keeps micros', async () => {
    const lists = () =>
      emu.state
        .requests('GET', `/12/accounts/${EMU_ACCOUNT}/line_items`)
        .filter((e) => new Map(e.query).get('line_item_ids') === '8u94v,8u94w');
    const args = stats('8u94v,8u94w', ['--from', '2026-10-01', '--to', '2026-10-02', '--metric-groups', 'ENGAGEMENT,BILLING', '-o', 'csv']);
    const r = await emu.run(args);
    expect(r.code, r.stderr).toBe(0);
    expect(lists()).toHaveLength(1);
    const rows = csvRows(r.stdout);
    expect(Object.keys(rows[0]!).slice(0, 3)).toEqual(['entity_id', 'name', 'date']);
    expect(rows.map((x) => [x.entity_id, x.name, x.date])).toEqual([
      ['8u94v', 'app_installs line item', '2026-10-01'],
      ['8u94v', 'app_installs line item', '2026-10-02'],
      ['8u94w', 'website_clicks line item', '2026-10-01'],
      ['8u94w', 'website_clicks line item', '2026-10-02'],
    ]);
    expect(rows[0]).not.toHaveProperty('billed_charge_local_micro');
    for (const x of rows) {
      const micros = emuStatsTotal({
        id: x.entity_id!,
        placement: 'ALL_ON_TWITTER',
        metric: 'billed_charge_local_micro',
        start: Date.parse(x.start!),
        end: Date.parse(x.end!),
      });
      // Dollars and cents (USD has 2 decimals); --micros below keeps the exact figure.
      expect(x.spend).toBe(usd(micros));
      expect(x.currency).toBe('USD');
    }
    const bare = await emu.run([...args, '--no-names', '--micros']);
    expect(lists()).toHaveLength(1);
    const raw = csvRows(bare.stdout);
    expect(raw[0]).not.toHaveProperty('name');
    expect(raw[0]).not.toHaveProperty('spend');
    expect(usd(BigInt(raw[0]!.billed_charge_local_micro!))).toBe(rows[0]!.spend);
  });

  it('-o json keeps the API fields and adds name, dates and spend', async () => {
    const r = await emu.run(stats('8u94t', ['--from', '2026-10-01', '--to', '2026-10-02', '--metric-groups', 'BILLING', '-o', 'json']));
    expect(r.code, r.stderr).toBe(0);
    const el = r.json().data[0];
    expect(el).toMatchObject({ id: '8u94t', name: 'reach line item', placement: 'ALL_ON_TWITTER' });
    const d = el.id_data[0];
    expect(d.start_times).toEqual(['2026-10-01T04:00:00Z', '2026-10-02T04:00:00Z']);
    expect(d.dates).toEqual(['2026-10-01', '2026-10-02']);
    expect(d.metrics.spend.map((s: string) => toMicros(s))).toEqual(d.metrics.billed_charge_local_micro.map((m: number) => BigInt(m)));
  });

  it('HOUR rows are dated with the account local time', async () => {
    const r = await emu.run(
      stats('h0001', [
        '--from',
        '2026-10-01T04:00:00Z',
        '--to',
        '2026-10-01T06:00:00Z',
        '--granularity',
        'HOUR',
        '--metric-groups',
        'ENGAGEMENT',
        '-o',
        'csv',
      ]),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(csvRows(r.stdout).map((x) => x.date)).toEqual(['2026-10-01 00:00', '2026-10-01 01:00']);
  });
});

describe.concurrent('totals', () => {
  it('a total row per entity, an all row summing every entity; spend equals the emulator micros / 1e6; rates recomputed', async () => {
    const ids = ['8u94t', '8u94u'];
    const r = await emu.run(
      stats(ids.join(','), [
        '--from',
        '2026-09-01',
        '--to',
        '2026-09-07',
        '--metric-groups',
        'ENGAGEMENT,BILLING',
        '--placement',
        'ALL_ON_TWITTER',
        '--totals',
        '--derived',
        '-o',
        'csv',
      ]),
    );
    expect(r.code, r.stderr).toBe(0);
    const rows = csvRows(r.stdout);
    expect(rows.map((x) => `${x.entity_id} ${x.date}`).filter((k) => k.endsWith('total'))).toEqual([
      '8u94t total',
      '8u94u total',
      'all total',
    ]);
    expect(rows.at(-1)!.entity_id).toBe('all');
    const whole = { placement: 'ALL_ON_TWITTER', start: Date.parse('2026-09-01T04:00:00Z'), end: Date.parse('2026-09-08T04:00:00Z') };
    const sum = (metric: string) => ids.reduce((a, id) => a + emuStatsTotal({ ...whole, id, metric }), 0);
    const all = rows.at(-1)!;
    expect(all.spend).toBe(usd(sum('billed_charge_local_micro')));
    expect(Number(all.impressions)).toBe(sum('impressions'));
    // CPM of the sums (spend per 1,000 impressions), not the sum of the entities' CPMs.
    const exact = (n: bigint, d: bigint) => {
      const q7 = (n * 10_000_000n) / d;
      const r6 = (q7 + 5n) / 10n;
      return `${r6 / 1_000_000n}.${(r6 % 1_000_000n).toString().padStart(6, '0')}`;
    };
    expect(all.cpm).toBe(exact(BigInt(sum('billed_charge_local_micro')), BigInt(sum('impressions')) * 1000n));
    expect(all.cpm).not.toBe(String(Number(rows[7]!.cpm) + Number(rows[15]!.cpm)));
    expect(all.engagement_rate).toBe(exact(BigInt(sum('engagements')), BigInt(sum('impressions'))));
  });

  it('--placement all: an all row per placement', async () => {
    const r = await emu.run(
      stats('8u94t,8u94u', [
        '--from',
        '2026-09-01',
        '--to',
        '2026-09-01',
        '--metric-groups',
        'ENGAGEMENT',
        '--placement',
        'all',
        '--totals',
        '-o',
        'csv',
      ]),
    );
    expect(r.code, r.stderr).toBe(0);
    const all = csvRows(r.stdout).filter((x) => x.entity_id === 'all' && x.placement !== 'all placements');
    const series = csvRows(r.stdout).filter((x) => x.placement !== 'all placements');
    expect(all.map((x) => x.placement).sort()).toEqual([...new Set(series.map((x) => x.placement))].sort());
    for (const a of all) {
      const day = {
        placement: a.placement!,
        start: Date.parse('2026-09-01T04:00:00Z'),
        end: Date.parse('2026-09-02T04:00:00Z'),
        metric: 'impressions',
      };
      expect(Number(a.impressions)).toBe(emuStatsTotal({ ...day, id: '8u94t' }) + emuStatsTotal({ ...day, id: '8u94u' }));
    }
  });
});

describe.concurrent('totals that cover all spend', () => {
  // 8u94t serves on ALL_ON_TWITTER only, 8u94u also on SPOTLIGHT, 8u94y also on TREND (the emulator's own placements).
  const ids = ['8u94t', '8u94u', '8u94y'];
  const whole = { start: Date.parse('2026-09-01T04:00:00Z'), end: Date.parse('2026-09-08T04:00:00Z') };
  const oracle = (id: string, placement: string, metric: string) =>
    emuEntityPlacements(id).includes(placement) ? BigInt(emuStatsTotal({ ...whole, id, placement, metric })) : 0n;

  it('a report asks every placement: one all-placements total per entity and one for the account, equal to the emulator over every placement', async () => {
    expect(new Set(ids.flatMap(emuEntityPlacements))).toEqual(new Set(EMU_PLACEMENTS));
    const r = await emu.run(
      stats(ids.join(','), [
        '--from',
        '2026-09-01',
        '--to',
        '2026-09-07',
        '--metric-groups',
        'ENGAGEMENT,BILLING',
        '--totals',
        '--micros',
        '-o',
        'csv',
      ]),
    );
    expect(r.code, r.stderr).toBe(0);
    const placements = new Set(
      statsRequests(emu.state, 'GET', STATS)
        .filter((q) => q.ids.includes('8u94y'))
        .map((q) => q.placement),
    );
    expect(placements).toEqual(new Set(EMU_PLACEMENTS));
    const rows = csvRows(r.stdout);
    const everywhere = (id: string, metric: string) => EMU_PLACEMENTS.reduce((a, p) => a + oracle(id, p, metric), 0n);
    for (const id of ids) {
      const t = rows.filter((x) => x.entity_id === id && x.placement === 'all placements');
      expect(t, id).toHaveLength(1);
      expect(t[0]!.date).toBe('total');
      expect(BigInt(t[0]!.billed_charge_local_micro!)).toBe(everywhere(id, 'billed_charge_local_micro'));
      expect(BigInt(t[0]!.impressions!)).toBe(everywhere(id, 'impressions'));
    }
    const all = rows.at(-1)!;
    expect([all.entity_id, all.date, all.placement]).toEqual(['all', 'total', 'all placements']);
    const sum = (metric: string) => ids.reduce((a, id) => a + everywhere(id, metric), 0n);
    expect(BigInt(all.billed_charge_local_micro!)).toBe(sum('billed_charge_local_micro'));
    expect(BigInt(all.impressions!)).toBe(sum('impressions'));
    // More than the ALL_ON_TWITTER total alone (what a report used to call its total).
    const twitter = rows.find((x) => x.entity_id === 'all' && x.placement === 'ALL_ON_TWITTER')!;
    expect(BigInt(twitter.billed_charge_local_micro!)).toBeLessThan(BigInt(all.billed_charge_local_micro!));
    // An entity that never served on a placement has no rows there.
    expect(rows.filter((x) => x.entity_id === '8u94t').map((x) => x.placement)).not.toContain('TREND');
  });

  it('a run narrowed to one placement labels every total with it and adds no all-placements total', async () => {
    const r = await emu.run(
      stats(ids.join(','), ['--range', 'last-week', '--metric-groups', 'BILLING', '--placement', 'SPOTLIGHT', '--totals', '-o', 'csv']),
    );
    expect(r.code, r.stderr).toBe(0);
    const rows = csvRows(r.stdout);
    const totals = rows.filter((x) => x.date === 'total');
    expect(totals.length).toBeGreaterThan(1);
    expect(new Set(totals.map((x) => x.placement))).toEqual(new Set(['SPOTLIGHT']));
    expect(rows.some((x) => x.placement === 'all placements')).toBe(false);
  });
});

describe('active campaigns are the account’s own', () => {
  const own = fileEmulator();
  it('--active --entity CAMPAIGN reports the campaigns of the emulator’s table, each with its name', async () => {
    const r = await own.run([
      ...['ads', 'stats', '--entity', 'CAMPAIGN', '--active', '--from', '2026-09-01', '--to', '2026-09-02'],
      ...['--metric-groups', 'BILLING', '--totals', '-o', 'csv'],
    ]);
    expect(r.code, r.stderr).toBe(0);
    const table = [...campaigns(own.state, EMU_ACCOUNT).values()].filter((c) => !c.deleted);
    expect(table.length).toBeGreaterThan(1);
    const rows = csvRows(r.stdout).filter((x) => x.date !== 'total');
    expect(new Set(rows.map((x) => `${x.entity_id} ${x.name}`))).toEqual(new Set(table.map((c) => `${c.id} ${c.name}`)));
  });
});

describe('one table that fits 80 columns on a terminal', () => {
  it('name, date, impressions, engagements and spend show; one header for every entity; no line over 80', async () => {
    const args = stats('8u94t,8u94u', ['--from', '2026-09-01', '--to', '2026-09-03', '--metric-groups', 'ENGAGEMENT,BILLING', '--totals']);
    const t = terminal(args, { PATH: process.env.PATH ?? '', ...emu.cliEnv(), POSTCTL_TEST_PTY_COLUMNS: '80' } as Record<string, string>);
    expect(await t.exit).toBe(0);
    const lines = t
      .transcript()
      .split('\n')
      .filter((l) => l.trim() && !/synchronous request/.test(l));
    const head = lines.filter((l) => l.startsWith('entity_id'));
    expect(head).toHaveLength(1);
    expect(head[0]!.split(/\s+/).slice(0, 4)).toEqual(['entity_id', 'name', 'date', 'engagements']);
    // The currency stays, in the header of the money it names (one currency: no column of its own); spend in dollars and cents.
    expect(head[0]).toMatch(/\bimpressions\b.*\bspend USD$/);
    expect(lines.every((l) => l.length <= 80)).toBe(true);
    expect(lines.find((l) => l.startsWith('8u94t'))).toMatch(/^8u94t\s+reach line item\s+2026-09-01\s+\d+\s+\d+\s+\d+\.\d{2}$/);
    expect(lines.at(-1)).toMatch(/^all\s+total\s/);
  });
});

describe.concurrent('several accounts', () => {
  it('--accounts: one output with an account column, each account in its own zone, an all row per account', async () => {
    const r = await emu.run([
      ...stats('a0001', [
        '--accounts',
        `${EMU_ACCOUNT},${TOKYO}`,
        '--from',
        '2026-09-01',
        '--to',
        '2026-09-02',
        '--metric-groups',
        'BILLING',
        '--placement',
        'ALL_ON_TWITTER',
        '--totals',
        '-o',
        'csv',
      ]),
    ]);
    expect(r.code, r.stderr).toBe(0);
    const rows = csvRows(r.stdout);
    expect(Object.keys(rows[0]!)[0]).toBe('account');
    expect(rows.map((x) => [x.account, x.entity_id, x.date, x.start])).toEqual([
      [EMU_ACCOUNT, 'a0001', '2026-09-01', '2026-09-01T04:00:00Z'],
      [EMU_ACCOUNT, 'a0001', '2026-09-02', '2026-09-02T04:00:00Z'],
      [EMU_ACCOUNT, 'a0001', 'total', '2026-09-01T04:00:00Z'],
      [EMU_ACCOUNT, 'all', 'total', '2026-09-01T04:00:00Z'],
      [TOKYO, 'a0001', '2026-09-01', '2026-08-31T15:00:00Z'],
      [TOKYO, 'a0001', '2026-09-02', '2026-09-01T15:00:00Z'],
      [TOKYO, 'a0001', 'total', '2026-08-31T15:00:00Z'],
      [TOKYO, 'all', 'total', '2026-08-31T15:00:00Z'],
    ]);
    // Each account's currency is its own lookup (the accounts run at once: test/cli/ads-stats-accounts.test.ts).
    for (const a of [EMU_ACCOUNT, TOKYO])
      expect(emu.state.requests('GET', `/12/accounts/${a}/funding_instruments`).length).toBeGreaterThan(0);
    expect(seen('a0001')).toHaveLength(2);
  });

  it('an account that fails is reported; every other account keeps its rows; exit 8 (and failed_accounts in JSON)', async () => {
    const args = stats('a0002', [
      '--accounts',
      `${EMU_ACCOUNT},${FOREIGN},${TOKYO}`,
      '--from',
      '2026-09-01',
      '--to',
      '2026-09-01',
      '--metric-groups',
      'ENGAGEMENT',
    ]);
    const r = await emu.run([...args, '-o', 'csv']);
    expect(r.code).toBe(8);
    expect(csvRows(r.stdout).map((x) => x.account)).toEqual([EMU_ACCOUNT, TOKYO]);
    expect(r.stderr).toMatch(new RegExp(`warning: account ${FOREIGN}: .*HTTP 403`));
    expect(r.errorJson().error).toMatchObject({ exit_code: 8, code: 'partial_failure' });
    const j = await emu.run([...args, '-o', 'json']);
    expect(j.code).toBe(8);
    const body = j.json();
    expect(body.data.map((e: { account_id: string }) => e.account_id)).toEqual([EMU_ACCOUNT, TOKYO]);
    expect(body.data.map((e: { time_zone: string; complete: boolean }) => [e.time_zone, e.complete])).toEqual([
      ['America/New_York', true],
      ['Asia/Tokyo', true],
    ]);
    expect(body.failed_accounts).toEqual([{ account: FOREIGN, message: expect.stringMatching(/HTTP 403/) }]);
  });

  it('--accounts all lists every account of the user; --accounts with --account is exit 2; a malformed id is exit 6 before any request', async () => {
    const r = await emu.run(
      [
        ...stats('a0003', [
          '--accounts',
          'all',
          '--from',
          '2026-09-01',
          '--to',
          '2026-09-01',
          '--metric-groups',
          'ENGAGEMENT',
          '-o',
          'csv',
        ]),
      ],
      { cwd: tempDir() },
    );
    expect(r.code, r.stderr).toBe(0);
    expect([...new Set(csvRows(r.stdout).map((x) => x.account))].sort()).toEqual([EMU_ACCOUNT, TOKYO].sort());
    const twice = await emu.run([
      ...stats('a0004', [
        '--accounts',
        TOKYO,
        '--account',
        EMU_ACCOUNT,
        '--from',
        '2026-09-01',
        '--to',
        '2026-09-01',
        '--metric-groups',
        'ENGAGEMENT',
      ]),
    ]);
    expect(twice.code).toBe(2);
    const bad = await emu.run([
      ...stats('a0004', ['--accounts', 'x/../y', '--from', '2026-09-01', '--to', '2026-09-01', '--metric-groups', 'ENGAGEMENT']),
    ]);
    expect(bad.code).toBe(6);
    expect(seen('a0004')).toHaveLength(0);
  });
});

describe.concurrent('-o html belongs to ads stats', () => {
  it('another verb refuses it with exit 2, nothing sent', async () => {
    const before = emu.state.requests('GET', `/12/accounts/${EMU_ACCOUNT}/campaigns`).length;
    const r = await emu.run(['ads', 'campaigns', 'list', '-o', 'html']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.errorJson().error.message).toMatch(/-o html is not an output of this command/);
    expect(emu.state.requests('GET', `/12/accounts/${EMU_ACCOUNT}/campaigns`)).toHaveLength(before);
  });
});
