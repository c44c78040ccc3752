// `postctl ads stats` through the built CLI against the emulator: splitting
// (≤ 20 ids, ≤ 7 days, the account's midnights), values equal to the
// emulator's own totals, sync and job modes giving identical rows, DST days.
import { describe, expect, it } from 'vitest';
import { emuIsMidnight, emuStatsTotal } from '../../src/emulator/routes/ads-stats-model.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { freshEmulator } from '../helpers/emulator.js';
import { csvRows, statsRequests, usd } from '../helpers/stats.js';

const emu = freshEmulator({ statsJobPolls: 2 });
const TZ = 'America/New_York';
const H = 3_600_000;
const ids45 = Array.from({ length: 45 }, (_, i) => `l${i.toString(36).padStart(4, '0')}`);
// Polls wait on the test world's clock (a step each): no variable shortens them.
const env = {};

describe('ads stats: 45 line items × 30 days, DAY, ENGAGEMENT+BILLING', () => {
  it('sync: every request within the rules, every value equal to the emulator totals; jobs give identical rows', async () => {
    const args = ['ads', 'stats', '--entity', 'LINE_ITEM', '--ids', ids45.join(','), '--from', '2026-10-10', '--to', '2026-11-08'];
    args.push('--metric-groups', 'ENGAGEMENT,BILLING', '-o', 'csv');
    const cwd = tempDir();
    const sync = await emu.run([...args, '--mode', 'sync'], { env, cwd });
    expect(sync.code, sync.stderr).toBe(0);
    const reqs = statsRequests(emu.state, 'GET', /^\/12\/stats\/accounts\/[^/]+$/);
    // 3 id chunks × 5 windows (the week holding the 25-hour 1 November is a day shorter).
    expect(reqs).toHaveLength(15);
    for (const r of reqs) {
      expect(r.ids.length).toBeLessThanOrEqual(20);
      expect(r.end - r.start).toBeLessThanOrEqual(7 * 24 * H);
      expect(emuIsMidnight(r.start, TZ) && emuIsMidnight(r.end, TZ)).toBe(true);
      expect(r.status).toBe(200);
    }
    expect(reqs.map((r) => r.ids.length).sort()).toEqual([...Array(5).fill(20), ...Array(5).fill(20), ...Array(5).fill(5)].sort());
    const rows = csvRows(sync.stdout);
    expect(rows).toHaveLength(45 * 30);
    // Read first: the entity, its name (these ids name no line item: empty), the account's date, then the metrics.
    expect(Object.keys(rows[0]!).slice(0, 4)).toEqual(['entity_id', 'name', 'date', 'engagements']);
    expect(Object.keys(rows[0]!).slice(-5)).toEqual(['currency', 'placement', 'segment', 'start', 'end']);
    const starts = [...new Set(rows.map((r) => r.start))];
    expect(starts).toHaveLength(30);
    expect(starts[0]).toBe('2026-10-10T04:00:00Z');
    expect(starts.at(-1)).toBe('2026-11-08T05:00:00Z');
    for (const r of rows) {
      const q = { id: r.entity_id!, placement: 'ALL_ON_TWITTER', start: Date.parse(r.start!), end: Date.parse(r.end!) };
      expect(Number(r.impressions)).toBe(emuStatsTotal({ ...q, metric: 'impressions' }));
      // Spend in currency units: the emulator's micros / 1e6, in dollars and cents.
      expect(r.spend).toBe(usd(emuStatsTotal({ ...q, metric: 'billed_charge_local_micro' })));
      expect(r.carousel_swipes).toBe('');
      // Money is in the account's currency, read once from its funding instruments.
      expect(r.currency).toBe('USD');
    }
    expect(emu.state.requests('GET', `/12/accounts/${EMU_ACCOUNT}/funding_instruments`)).toHaveLength(1);
    // Per-entity totals over the whole range equal the emulator's.
    const whole = { start: Date.parse('2026-10-10T04:00:00Z'), end: Date.parse('2026-11-09T05:00:00Z'), placement: 'ALL_ON_TWITTER' };
    for (const id of ids45) {
      const sum = rows.filter((r) => r.entity_id === id).reduce((a, r) => a + Number(r.engagements), 0);
      expect(sum).toBe(emuStatsTotal({ ...whole, id, metric: 'engagements' }));
    }
    const job = await emu.run([...args, '--mode', 'job'], { env, cwd });
    expect(job.code, job.stderr).toBe(0);
    expect(job.stdout).toBe(sync.stdout);
    // One job per id chunk: 30 days fit one 90-day window.
    expect(emu.state.requests('POST', `/12/stats/jobs/accounts/${EMU_ACCOUNT}`)).toHaveLength(3);
    expect(job.stderr).toMatch(/3 jobs created, 0 reused/);
  });
});

describe('ads stats: daylight saving', () => {
  it('DAY buckets across the spring-forward and fall-back days start at local midnight; none lost or doubled', async () => {
    for (const [from, to, hours] of [
      ['2026-03-06', '2026-03-10', [24, 24, 23, 24, 24]],
      ['2026-10-30', '2026-11-03', [24, 24, 25, 24, 24]],
    ] as const) {
      const r = await emu.run(
        ['ads', 'stats', 'l0001', '--entity', 'LINE_ITEM', '--from', from, '--to', to, '--metric-groups', 'ENGAGEMENT', '-o', 'csv'],
        { env },
      );
      expect(r.code, r.stderr).toBe(0);
      const rows = csvRows(r.stdout);
      expect(rows.map((x) => (Date.parse(x.end!) - Date.parse(x.start!)) / H)).toEqual(hours);
      for (const [i, x] of rows.entries()) {
        expect(emuIsMidnight(Date.parse(x.start!), TZ)).toBe(true);
        if (i) expect(x.start).toBe(rows[i - 1]!.end);
        expect(Number(x.impressions)).toBe(
          emuStatsTotal({
            id: 'l0001',
            placement: 'ALL_ON_TWITTER',
            metric: 'impressions',
            start: Date.parse(x.start!),
            end: Date.parse(x.end!),
          }),
        );
      }
    }
  });

  it('a zone without daylight saving: Tokyo midnights', async () => {
    const r = await emu.run(
      [
        'ads',
        'stats',
        'l0001',
        '--entity',
        'LINE_ITEM',
        '--from',
        '2026-03-07',
        '--to',
        '2026-03-08',
        '--metric-groups',
        'ENGAGEMENT',
        '-o',
        'csv',
        '--account',
        '9iqxk2',
      ],
      { env },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(csvRows(r.stdout).map((x) => x.start)).toEqual(['2026-03-06T15:00:00Z', '2026-03-07T15:00:00Z']);
  });
});
