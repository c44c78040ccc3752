// `ads sync` into DuckDB against the emulator, in-process: a 10-account × 90-day
// backfill (rows as planned, spend equal to the emulator's to the micro), a
// second run that changes nothing, a restated day that updates exactly its
// rows, a failed account recorded while the others are written (exit 8), and
// the store read back with `ads sql` and `ads sync status`.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FOREIGN_ACCOUNT } from '../../src/emulator/ads-support.js';
import { tempDir } from '../helpers/cli.js';
import { freshEmulator } from '../helpers/emulator.js';
import { emuSpend, nyDate, nyMidnight, seedAccounts, sql } from '../helpers/sync.js';

let ids: string[] = [];
const emu = freshEmulator({}, (e) => {
  ids = seedAccounts(e.state, 10);
});

const KEY = 'account_id, entity_type, entity_id, day, placement, segment_type, segment_value';

describe('ads sync into DuckDB', () => {
  it('10 accounts × 90 days: the planned rows, spend equal to the emulator (BigInt); a second run changes nothing', async () => {
    const db = join(tempDir(), 'ads.duckdb');
    const since = nyDate(emu.clock.now(), -90);
    const yesterday = nyDate(emu.clock.now(), -1);
    const r = await emu.run(['ads', 'sync', '--into', db, '--accounts', ids.join(','), '--since', since, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const out = r.json();
    expect(out.inserted).toBe(10 * 2 * 90);
    expect([out.updated, out.unchanged]).toEqual([0, 0]);
    expect(out.accounts.map((a: { from: string; to: string }) => [a.from, a.to])).toEqual(ids.map(() => [since, yesterday]));
    const [agg] = await sql(emu, db, `SELECT COUNT(*) AS n, COUNT(DISTINCT (${KEY})) AS keys, SUM(spend_micro) AS spend FROM stats_daily`);
    expect(agg).toEqual({ n: 1800n, keys: 1800n, spend: emuSpend(emu.state, ids, since, yesterday) });
    const again = await emu.run(['ads', 'sync', '--into', db, '--accounts', ids.join(','), '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect([again.json().inserted, again.json().updated, again.json().unchanged]).toEqual([0, 0, 10 * 2 * 7]);
    expect(again.stderr).toMatch(/0 inserted, 0 updated, 140 unchanged/);
  });
});

/** POSTs late figures for every hour of a New York day to the emulator's admin route. */
async function restate(day: string, add: number, ids?: string[]) {
  const next = nyMidnight(nyDate(Date.parse(`${day}T12:00:00Z`), 1));
  const body = {
    restate: { start: new Date(nyMidnight(day)).toISOString(), end: new Date(next).toISOString(), add, ...(ids ? { ids } : {}) },
  };
  const res = await fetch(`${emu.url}/_emulator/stats`, { method: 'POST', body: JSON.stringify(body) });
  expect(res.status).toBe(200);
}

describe('restatement, failures and reading back', () => {
  it('a restated day inside the window updates exactly its rows; one outside it is not read', async () => {
    const db = join(tempDir(), 'ads.duckdb');
    const three = ids.slice(0, 3);
    const since = nyDate(emu.clock.now(), -20);
    const first = await emu.run(['ads', 'sync', '--into', db, '--accounts', three.join(','), '--since', since, '-o', 'json']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.json().inserted).toBe(3 * 2 * 20);
    const late = nyDate(emu.clock.now(), -3);
    const old = nyDate(emu.clock.now(), -15);
    await restate(late, 2);
    await restate(old, 5);
    const r = await emu.run(['ads', 'sync', '--into', db, '--accounts', three.join(','), '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect([r.json().inserted, r.json().updated, r.json().unchanged]).toEqual([0, 3 * 2, 3 * 2 * 6]);
    const days = await sql(
      emu,
      db,
      `SELECT DISTINCT CAST(day AS VARCHAR) AS day FROM stats_daily WHERE synced_at <> (SELECT MIN(synced_at) FROM stats_daily)`,
    );
    expect(days).toEqual([{ day: late }]);
    const restated = emu.state.options.statsRestatements!.slice(0, 1);
    const [agg] = await sql(emu, db, 'SELECT SUM(spend_micro) AS spend FROM stats_daily');
    expect(agg!.spend).toBe(emuSpend(emu.state, three, since, nyDate(emu.clock.now(), -1), restated));
    // --restate 20 reaches the older day too.
    const wide = await emu.run(['ads', 'sync', '--into', db, '--accounts', three.join(','), '--restate', '20', '-o', 'json']);
    expect([wide.json().inserted, wide.json().updated]).toEqual([0, 3 * 2]);
  });

  it('a failed account is recorded in sync_runs and the others are written (exit 8); status shows bookmarks, lag and last runs', async () => {
    const db = join(tempDir(), 'ads.duckdb');
    const since = nyDate(emu.clock.now(), -5);
    const r = await emu.run([
      'ads',
      'sync',
      '--into',
      db,
      '--accounts',
      `${ids[0]},${FOREIGN_ACCOUNT},${ids[1]}`,
      '--since',
      since,
      '-o',
      'json',
    ]);
    expect(r.code).toBe(8);
    const out = r.json();
    expect(out.accounts.map((a: { account_id: string; status: string }) => [a.account_id, a.status])).toEqual([
      [ids[0], 'ok'],
      [FOREIGN_ACCOUNT, 'failed'],
      [ids[1], 'ok'],
    ]);
    expect(out.failed_accounts).toEqual([{ account: FOREIGN_ACCOUNT, message: expect.stringMatching(/HTTP 403/) }]);
    expect(r.stderr).toMatch(new RegExp(`warning: account ${FOREIGN_ACCOUNT}: .*HTTP 403`));
    const runs = await sql(emu, db, 'SELECT account_id, status, inserted FROM sync_runs ORDER BY account_id');
    expect(runs).toEqual([
      { account_id: FOREIGN_ACCOUNT, status: 'failed', inserted: null },
      { account_id: ids[0], status: 'ok', inserted: 10n },
      { account_id: ids[1], status: 'ok', inserted: 10n },
    ]);
    const st = await emu.run(['ads', 'sync', 'status', '--into', db, '-o', 'json']);
    expect(st.code, st.stderr).toBe(0);
    expect(st.json().map((x: Record<string, unknown>) => [x.account_id, x.through_day, x.lag_days, x.last_status])).toEqual([
      [ids[0], nyDate(emu.clock.now(), -1), 0, 'ok'],
      [ids[1], nyDate(emu.clock.now(), -1), 0, 'ok'],
      [FOREIGN_ACCOUNT, null, null, 'failed'],
    ]);
  });

  it('a first run without --since, a bad flag, a missing --into: exit 6 or 2 before anything is written or sent', async () => {
    const dir = tempDir();
    const db = join(dir, 'ads.duckdb');
    const none = await emu.run(['ads', 'sync', '--into', db, '--account', ids[0]!]);
    expect(none.code).toBe(8);
    expect(none.stderr).toMatch(/no bookmark in the store yet: give --since DATE/);
    const before = emu.state.log.length;
    const bad = await emu.run([
      'ads',
      'sync',
      '--into',
      join(dir, 'b.duckdb'),
      '--since',
      '2026-02-30',
      '--restate',
      '-1',
      '--entity',
      'NOPE',
      '--metric-groups',
      'FOO',
    ]);
    expect(bad.code).toBe(6);
    expect(bad.stderr).toMatch(/--since/);
    expect(bad.stderr).toMatch(/--restate/);
    expect(bad.stderr).toMatch(/--entity/);
    expect(bad.stderr).toMatch(/--metric-groups/);
    expect(existsSync(join(dir, 'b.duckdb'))).toBe(false);
    expect(emu.state.log.length).toBe(before);
    expect((await emu.run(['ads', 'sync'])).code).toBe(2);
  });

  it('--include-today adds a partial day, never bookmarked; ads sql prints BigInt exactly and COPY writes Parquet', async () => {
    const dir = tempDir();
    const db = join(dir, 'ads.duckdb');
    const today = nyDate(emu.clock.now(), 0);
    const r = await emu.run([
      'ads',
      'sync',
      '--into',
      db,
      '--account',
      ids[0]!,
      '--since',
      nyDate(emu.clock.now(), -2),
      '--include-today',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().inserted).toBe(2 * 3);
    expect(await sql(emu, db, 'SELECT CAST(day AS VARCHAR) AS day, COUNT(*) AS n FROM stats_daily WHERE partial GROUP BY 1')).toEqual([
      { day: today, n: 2n },
    ]);
    expect(await sql(emu, db, 'SELECT CAST(through_day AS VARCHAR) AS d FROM sync_bookmarks')).toEqual([
      { d: nyDate(emu.clock.now(), -1) },
    ]);
    const big = await emu.run([
      'ads',
      'sql',
      db,
      'SELECT 9007199254740993::BIGINT AS big, 170141183460469231731687303715884105727::HUGEINT AS huge',
      '-o',
      'json',
    ]);
    expect(big.stdout).toMatch(/"big": 9007199254740993,\s*"huge": 170141183460469231731687303715884105727/);
    const csv = await emu.run(['ads', 'sql', db, 'SELECT 9007199254740993::BIGINT AS big', '-o', 'csv']);
    expect(csv.stdout).toBe('big\n9007199254740993\n');
    const parquet = join(dir, 'stats.parquet');
    const copy = await emu.run(['ads', 'sql', db, `COPY (SELECT * FROM stats_daily) TO '${parquet}' (FORMAT parquet)`]);
    expect(copy.code, copy.stderr).toBe(0);
    expect(await sql(emu, db, `SELECT COUNT(*) AS n FROM '${parquet}'`)).toEqual([{ n: 6n }]);
    const wrong = await emu.run(['ads', 'sql', db, 'SELECT nope FROM nowhere']);
    expect(wrong.code).toBe(6);
    expect((await emu.run(['ads', 'sql', join(dir, 'missing.duckdb'), 'SELECT 1'])).code).toBe(4);
  });
});
