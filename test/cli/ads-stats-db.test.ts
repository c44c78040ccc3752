// `ads stats -o html --db TARGET`: the client report read from a store `ads sync`
// wrote, in-process against the emulator: the page equals the one drawn from
// the API, the spend in it is the emulator's, no request is sent, and a range
// the store does not hold is an error naming the missing days.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { freshEmulator } from '../helpers/emulator.js';
import { emuSpend, nyDate, seedAccounts } from '../helpers/sync.js';

let ids: string[] = [];
const emu = freshEmulator({}, (e) => {
  ids = seedAccounts(e.state, 2, 2, 'h');
});

const REPORT = ['ads', 'stats', '-o', 'html', '--entity', 'CAMPAIGN', '--active', '--metric-groups', 'ENGAGEMENT,BILLING'];

describe('ads stats -o html --db', () => {
  it('2 accounts × 14 days synced: the page from the store equals the page from the API, with no request', async () => {
    const db = join(tempDir(), 'store.duckdb');
    const since = nyDate(emu.clock.now(), -14);
    const sync = await emu.run(['ads', 'sync', '--into', db, '--accounts', ids.join(','), '--since', since, '-o', 'json']);
    expect(sync.code, sync.stderr).toBe(0);
    const args = [...REPORT, '--range', 'last-7-days', '--placement', 'ALL_ON_TWITTER', '--accounts', ids.join(',')];
    const before = emu.state.requests().length;
    const fromStore = await emu.run([...args, '--db', db]);
    expect(fromStore.code, fromStore.stderr).toBe(0);
    expect(emu.state.requests().length).toBe(before);
    const fromApi = await emu.run(args);
    expect(fromApi.code, fromApi.stderr).toBe(0);
    expect(fromStore.stdout).toBe(fromApi.stdout);
    // The spend of each account (its KPI) is the emulator's, in dollars and cents.
    for (const a of ids) {
      const micros = emuSpend(emu.state, [a], nyDate(emu.clock.now(), -7), nyDate(emu.clock.now(), -1));
      const usd = (Number(micros) / 1e6).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
      expect(fromStore.stdout).toContain(usd);
    }
  });

  it('the ACCOUNT entity: the page from the store equals the page from the API', async () => {
    const db = join(tempDir(), 'store.duckdb');
    const since = nyDate(emu.clock.now(), -14);
    const sync = await emu.run([
      'ads',
      'sync',
      '--into',
      db,
      '--accounts',
      ids[0]!,
      '--entity',
      'ACCOUNT',
      '--metric-groups',
      'ENGAGEMENT',
      '--since',
      since,
      '-o',
      'json',
    ]);
    expect(sync.code, sync.stderr).toBe(0);
    const args = ['ads', 'stats', '-o', 'html', '--entity', 'ACCOUNT', ids[0]!, '--metric-groups', 'ENGAGEMENT'];
    const more = ['--range', 'last-7-days', '--placement', 'ALL_ON_TWITTER', '--account', ids[0]!];
    const before = emu.state.requests().length;
    const fromStore = await emu.run([...args, ...more, '--db', db]);
    expect(fromStore.code, fromStore.stderr).toBe(0);
    expect(emu.state.requests().length).toBe(before);
    const fromApi = await emu.run([...args, ...more]);
    expect(fromStore.stdout).toBe(fromApi.stdout);
  });

  it('a range the store does not hold is exit 6 naming the missing days, before anything is printed', async () => {
    const db = join(tempDir(), 'store.duckdb');
    const since = nyDate(emu.clock.now(), -7);
    const sync = await emu.run(['ads', 'sync', '--into', db, '--accounts', ids[0]!, '--since', since, '-o', 'json']);
    expect(sync.code, sync.stderr).toBe(0);
    const r = await emu.run([...REPORT, '--range', 'last-7-days', '--account', ids[0]!, '--db', db]);
    expect(r.code).toBe(6);
    expect(r.stdout).toBe('');
    // The previous period (the 7 days before) was never synced.
    expect(r.stderr).toContain(nyDate(emu.clock.now(), -14));
    expect(r.stderr).toContain(nyDate(emu.clock.now(), -8));
    const ok = await emu.run([...REPORT, '--range', 'last-7-days', '--account', ids[0]!, '--db', db, '--no-compare']);
    expect(ok.code, ok.stderr).toBe(0);
    const other = await emu.run([...REPORT, '--range', 'last-7-days', '--accounts', ids.join(','), '--db', db, '--no-compare']);
    expect(other.code).toBe(6);
    expect(other.stderr).toContain(`no account ${ids[1]}`);
  });

  it('--db is for -o html', async () => {
    const r = await emu.run([
      'ads',
      'stats',
      '--entity',
      'CAMPAIGN',
      '--active',
      '--metric-groups',
      'BILLING',
      '--range',
      'yesterday',
      '--db',
      'x.duckdb',
    ]);
    expect(r.code).toBe(2);
  });
});
