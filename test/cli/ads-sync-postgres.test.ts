// `ads sync` into a real PostgreSQL server (a throwaway cluster: test/helpers/postgres.ts):
// the same 10-account × 90-day run as into DuckDB gives the same aggregates, a
// second run changes nothing, and the URL's password is never printed. Skipped,
// saying why, where PostgreSQL cannot be found or started.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { fileEmulator } from '../helpers/emulator.js';
import { testPostgres } from '../helpers/postgres.js';
import { emuSpend, nyDate, seedAccounts, sql } from '../helpers/sync.js';

const emu = fileEmulator();
const pg = testPostgres();

const AGG = `SELECT account_id, COUNT(*) AS n, SUM(spend_micro) AS spend, SUM(impressions) AS impressions, SUM(engagements) AS engagements,
MIN(day) AS first, MAX(day) AS last FROM stats_daily GROUP BY account_id ORDER BY account_id`;

describe('ads sync into PostgreSQL', () => {
  it('10 accounts × 90 days: the same aggregates as DuckDB; a second run changes nothing; the password never printed', async (ctx) => {
    if (pg.skip) return ctx.skip(pg.skip);
    const ids = seedAccounts(emu.state, 10, 2, 'p');
    const since = nyDate(emu.clock.now(), -90);
    const yesterday = nyDate(emu.clock.now(), -1);
    const url = (await pg.database()).replace('postgres@', 'postgres:s3cret-pw@');
    const db = join(tempDir(), 'ads.duckdb');
    const args = ['ads', 'sync', '--accounts', ids.join(','), '--since', since, '-o', 'json'];
    const [a, b] = [await emu.run([...args, '--into', url]), await emu.run([...args, '--into', db])];
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(a.json().inserted).toBe(1800);
    expect(`${a.stdout}${a.stderr}`).not.toContain('s3cret-pw');
    expect(a.json().target).toMatch(/^postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\//);
    const fromPg = await sql(emu, url, AGG);
    const fromDuck = await sql(emu, db, AGG);
    expect(fromPg).toEqual(fromDuck);
    expect(fromPg.reduce((s, r) => s + (r.spend as bigint), 0n)).toBe(emuSpend(emu.state, ids, since, yesterday));
    expect(fromPg.map((r) => [r.first, r.last])).toEqual(ids.map(() => [since, yesterday]));
    const again = await emu.run([...args, '--into', url]);
    expect(again.code, again.stderr).toBe(0);
    expect([again.json().inserted, again.json().updated, again.json().unchanged]).toEqual([0, 0, 140]);
  });
});
