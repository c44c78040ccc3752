// `ads stats --accounts` at agency scale, in-process against the emulator with
// an agency's accounts seeded (src/emulator/agency.ts): accounts run at once
// (the emulator sees requests of different accounts in flight together), the
// output keeps the order the accounts were given in whatever order they finish,
// in every format; one user-level budget of synchronous requests decides which
// accounts go as jobs (no 429), and follows the replies' headers when another
// run spent the window; a failing account is exit 8 with the others'
// rows in order; --account-concurrency 1 runs one account after another.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedAgency } from '../../src/emulator/agency.js';
import type { LogEntry } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { freshEmulator, type TestEmulator } from '../helpers/emulator.js';
import { csvRows } from '../helpers/stats.js';

const FOREIGN = '5gvk9h';
const STATS = /^\/12\/stats\/accounts\/[^/]+$/;
const JOBS = /^\/12\/stats\/jobs\/accounts\/[^/]+$/;
const emu = freshEmulator({ statsJobPolls: 1 });
const accountOf = (e: LogEntry) => /\/accounts\/([^/]+)/.exec(e.path)?.[1];

/** `ads stats --entity CAMPAIGN --active` for a day over the given accounts. */
const args = (accounts: string[], more: string[] = []) => [
  'ads',
  'stats',
  '--entity',
  'CAMPAIGN',
  '--active',
  '--from',
  '2026-09-01',
  '--to',
  '2026-09-01',
  '--metric-groups',
  'ENGAGEMENT',
  '--accounts',
  accounts.join(','),
  ...more,
];

/** The first account given answers its stats last: it finishes after the others. */
function slowFirst(e: TestEmulator, account: string): void {
  e.state.faults.add({ kind: 'latency', method: 'GET', path: `/12/stats/accounts/${account}`, latencyMs: 150, times: 3 });
}

describe('--accounts runs several accounts at once, in a stable order', () => {
  it('the emulator sees stats requests of different accounts in flight together; rows by account as given, then entity, then date', async () => {
    const ids = seedAgency(emu.state, 6, 3);
    const given = [ids[3]!, ids[0]!, ids[5]!, ids[1]!, ids[4]!, ids[2]!];
    slowFirst(emu, given[0]!);
    const r = await emu.run([...args(given, ['--from', '2026-09-01', '--to', '2026-09-02']), '-o', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    const stats = emu.state.requests('GET', STATS);
    expect(stats.filter((e) => e.overlapping?.some((a) => given.includes(a) && a !== accountOf(e))).length).toBeGreaterThan(0);
    // The slow first account finished last (each account's line is said as it finishes), and its rows still come first.
    const finished = [...r.stderr.matchAll(/^account (\w+): \d+ synchronous requests?$/gm)].map((m) => m[1]);
    expect(finished.at(-1)).toBe(given[0]);
    expect([...finished].sort()).toEqual([...given].sort());
    const rows = csvRows(r.stdout).map((x) => [x.account, x.entity_id, x.date] as const);
    const expected = given.flatMap((a) => [0, 1, 2].flatMap((c) => ['2026-09-01', '2026-09-02'].map((d) => [a, `${a}c0${c}`, d] as const)));
    // Every placement an entity served on: the order of the accounts, then the entities, then the dates.
    const seen = rows.filter((row, i) => i === 0 || row.join() !== rows[i - 1]!.join());
    expect([...new Set(seen.map((x) => x.join()))]).toEqual(expected.map((x) => x.join()));
    expect(r.stderr).toMatch(/^6 accounts by synchronous requests \(\d+ of the 250 left of 250 per 15 minutes\), 0 as jobs$/m);
  });

  it('json, jsonl, table and html keep the accounts in the order given', async () => {
    const ids = seedAgency(emu.state, 4, 2);
    const given = [ids[2]!, ids[0]!, ids[3]!, ids[1]!];
    for (const format of ['json', 'jsonl', 'table', 'html']) {
      slowFirst(emu, given[0]!);
      const r = await emu.run([...args(given, ['--placement', 'ALL_ON_TWITTER']), '-o', format]);
      expect(r.code, `${format}: ${r.stderr}`).toBe(0);
      if (format === 'json') expect([...new Set(r.json().data.map((e: { account_id: string }) => e.account_id))]).toEqual(given);
      if (format === 'jsonl')
        expect([
          ...new Set(
            r.stdout
              .trim()
              .split('\n')
              .map((l) => JSON.parse(l).account as string),
          ),
        ]).toEqual(given);
      if (format === 'table' || format === 'html') {
        // Each account's first appearance in the page or table, in order.
        const at = given.map((a) => r.stdout.indexOf(a));
        expect(at.every((p) => p >= 0)).toBe(true);
        expect([...at].sort((a, b) => a - b)).toEqual(at);
      }
    }
  });

  it('--account-concurrency 1: one account after another, as before; 0, 17 or without --accounts is refused before any request', async () => {
    const ids = seedAgency(emu.state, 3, 2);
    const r = await emu.run([...args(ids, ['--account-concurrency', '1']), '-o', 'csv']);
    expect(r.code, r.stderr).toBe(0);
    const sent = emu.state.log.filter((e) => ids.includes(accountOf(e) ?? ''));
    expect(sent.filter((e) => e.overlapping?.length)).toEqual([]);
    // Every account planned (its account read first) before any stats request, then each account's stats together, in order.
    const runs = (list: LogEntry[]) => list.map(accountOf).filter((a, i, all) => i === 0 || a !== all[i - 1]);
    const reads = sent.filter((e) => /^\/12\/accounts\/[^/]+$/.test(e.path));
    const stats = sent.filter((e) => STATS.test(e.path));
    expect(runs(reads)).toEqual(ids);
    expect(runs(stats)).toEqual(ids);
    expect(reads.at(-1)!.seq).toBeLessThan(stats[0]!.seq);
    expect([...new Set(csvRows(r.stdout).map((x) => x.account))]).toEqual(ids);
    const before = emu.state.log.length;
    for (const [n, code] of [
      ['0', 6],
      ['17', 6],
      ['x', 6],
    ] as const) {
      const bad = await emu.run([...args(ids, ['--account-concurrency', n])]);
      expect(bad.code, bad.stderr).toBe(code);
      expect(bad.stderr).toMatch(/--account-concurrency/);
    }
    const alone = await emu.run([
      'ads',
      'stats',
      'x1',
      '--entity',
      'CAMPAIGN',
      '--range',
      'yesterday',
      '--metric-groups',
      'ENGAGEMENT',
      '--account-concurrency',
      '2',
    ]);
    expect(alone.code).toBe(2);
    expect(emu.state.log.length).toBe(before);
  });
});

describe('the user-level synchronous budget', () => {
  it('accounts beyond the 250 synchronous requests go as jobs: said on stderr, no 429, every account in order', async () => {
    // 10 accounts × 200 campaigns on their placements × 2 metric-group sets: about 28 synchronous requests each.
    const ids = seedAgency(emu.state, 10, 200);
    const r = await emu.run([...args(ids, ['--metric-groups', 'ENGAGEMENT,MOBILE_CONVERSION', '--no-names']), '-o', 'csv'], {
      cwd: emu.configDir,
    });
    expect(r.code, r.stderr).toBe(0);
    const said = /^(\d+) accounts by synchronous requests \((\d+) of the 250 left of 250 per 15 minutes\), (\d+) as jobs$/m.exec(r.stderr);
    expect(said, r.stderr).not.toBeNull();
    const [bySync, used, asJobs] = said!.slice(1).map(Number) as [number, number, number];
    expect(bySync + asJobs).toBe(10);
    expect(asJobs).toBeGreaterThan(0);
    expect(used).toBeLessThanOrEqual(250);
    expect(emu.state.log.filter((e) => e.status === 429)).toEqual([]);
    const syncBy = new Set(emu.state.requests('GET', STATS).map(accountOf));
    const jobsBy = new Set(emu.state.requests('POST', JOBS).map(accountOf));
    expect(syncBy.size).toBe(bySync);
    expect(jobsBy.size).toBe(asJobs);
    expect([...syncBy].filter((a) => jobsBy.has(a))).toEqual([]);
    expect(emu.state.requests('GET', STATS)).toHaveLength(used);
    expect([...new Set(csvRows(r.stdout).map((x) => x.account))]).toEqual(ids);
  });

  it('a window another run spent: once a reply tells, the accounts that no longer fit go as jobs as they start, no 429', async () => {
    // Another run of the same user spends 245 of the window: 4,900 ids, 20 per synchronous request.
    const dir = tempDir();
    writeFileSync(join(dir, 'ids.txt'), Array.from({ length: 4900 }, (_, i) => `l${i}`).join('\n'));
    const other = await emu.run(
      ['ads', 'stats', '--entity', 'LINE_ITEM', '--file', join(dir, 'ids.txt'), '--from', '2026-09-01', '--to', '2026-09-01'].concat([
        '--metric-groups',
        'ENGAGEMENT',
        '--placement',
        'ALL_ON_TWITTER',
        '--mode',
        'sync',
        '--no-names',
        '-o',
        'csv',
      ]),
    );
    expect(other.code, other.stderr).toBe(0);
    expect(emu.state.requests('GET', STATS)).toHaveLength(245);
    // Then 3 accounts of 3 requests each, one at a time: this run assumes the documented 250 until its first reply.
    const ids = seedAgency(emu.state, 3, 60);
    const r = await emu.run([...args(ids, ['--placement', 'ALL_ON_TWITTER', '--account-concurrency', '1', '--no-names']), '-o', 'csv'], {
      cwd: dir,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^3 accounts by synchronous requests \(9 of the 250 left of 250 per 15 minutes\), 0 as jobs$/m);
    expect(r.stderr).toMatch(
      new RegExp(
        `^account ${ids[1]}: as jobs: 3 synchronous requests do not fit the 2 left of the user's budget until \\d\\d:\\d\\d UTC$`,
        'm',
      ),
    );
    expect(r.stderr).toMatch(new RegExp(`^account ${ids[2]}: as jobs: 3 synchronous requests do not fit the 2 left`, 'm'));
    expect(emu.state.log.filter((e) => e.status === 429)).toEqual([]);
    expect(emu.state.requests('GET', STATS).map(accountOf).slice(245)).toEqual([ids[0], ids[0], ids[0]]);
    expect([...new Set(emu.state.requests('POST', JOBS).map(accountOf))]).toEqual([ids[1], ids[2]]);
    expect([...new Set(csvRows(r.stdout).map((x) => x.account))]).toEqual(ids);
  });

  it('--mode job sends every account as jobs and says so; --mode sync every account synchronously', async () => {
    const ids = seedAgency(emu.state, 2, 2);
    const j = await emu.run([...args(ids, ['--mode', 'job']), '-o', 'csv'], { cwd: emu.configDir });
    expect(j.code, j.stderr).toBe(0);
    expect(j.stderr).toMatch(/^--mode job: 2 accounts as jobs$/m);
    expect(emu.state.requests('GET', STATS)).toHaveLength(0);
    const created = emu.state.requests('POST', JOBS).length;
    expect(created).toBeGreaterThan(0);
    const s = await emu.run([...args(ids, ['--mode', 'sync']), '-o', 'csv']);
    expect(s.code, s.stderr).toBe(0);
    expect(s.stderr).toMatch(/^--mode sync: 2 accounts by \d+ synchronous requests/m);
    expect(emu.state.requests('POST', JOBS)).toHaveLength(created);
  });
});

describe('a failing account', () => {
  it('one refused before its stats and one failing in them: exit 8, the others rows in order, failed_accounts in order', async () => {
    const ids = seedAgency(emu.state, 4, 2);
    const given = [ids[0]!, FOREIGN, ids[1]!, ids[2]!, ids[3]!];
    emu.state.faults.add({ kind: 'status', status: 403, method: 'GET', path: `/12/stats/accounts/${ids[2]}`, times: 100 });
    const r = await emu.run([...args(given), '-o', 'json']);
    expect(r.code).toBe(8);
    const body = r.json();
    expect([...new Set(body.data.map((e: { account_id: string }) => e.account_id))]).toEqual([ids[0], ids[1], ids[3]]);
    expect(body.failed_accounts.map((f: { account: string }) => f.account)).toEqual([FOREIGN, ids[2]]);
    expect(r.stderr).toMatch(new RegExp(`warning: account ${FOREIGN}: .*HTTP 403`));
    expect(r.stderr).toMatch(new RegExp(`warning: account ${ids[2]}: .*HTTP 403`));
    expect(r.errorJson().error).toMatchObject({ exit_code: 8, code: 'partial_failure' });
    expect(r.errorJson().error.message).toMatch(`2 of 5 accounts failed (${FOREIGN}, ${ids[2]}); the others' rows were written`);
  });
});

describe('the emulator holds an agency', () => {
  it('POST /_emulator/accounts adds accounts of the user with their campaigns, listed like the others; a bad count is 400', async () => {
    const post = (body: unknown) => fetch(`${emu.url}/_emulator/accounts`, { method: 'POST', body: JSON.stringify(body) });
    const res = await post({ count: 3, campaigns: 2 });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: string[] }).data).toEqual(['ag0000', 'ag0001', 'ag0002']);
    const r = await emu.run(['ads', 'accounts', 'list', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data.map((a: { id: string }) => a.id)).toEqual(expect.arrayContaining(['ag0000', 'ag0001', 'ag0002']));
    const c = await emu.run(['ads', 'campaigns', 'list', '--account', 'ag0001', '-o', 'json']);
    expect(c.code, c.stderr).toBe(0);
    expect(c.json().data.map((x: { id: string }) => x.id)).toEqual(['ag0001c00', 'ag0001c01']);
    for (const bad of [{ count: 0 }, { count: 5001 }, { count: 2, campaigns: -1 }, {}]) expect((await post(bad)).status).toBe(400);
  });
});
