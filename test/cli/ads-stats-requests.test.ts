// What `ads stats` sends, request by request: a synchronous report reads the account (its zone) and the
// entities' list (their names and the currency they are billed in), then the stats, and nothing else; the
// funding instruments are read only when no list said the currency.
import { describe, expect, it } from 'vitest';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { freshEmulator, runLogged } from '../helpers/emulator.js';
import { csvRows } from '../helpers/stats.js';

const emu = freshEmulator();
const ACCOUNT = `GET /12/accounts/${EMU_ACCOUNT}`;
const args = [
  'ads',
  'stats',
  '--entity',
  'LINE_ITEM',
  '--ids',
  '8u94v,8u94w',
  '--from',
  '2026-10-01',
  '--to',
  '2026-10-02',
  '--metric-groups',
  'ENGAGEMENT,BILLING',
];

describe('ads stats: the reads a report needs, no more', () => {
  it('sync: the account, one list for names and currency, the stats; the funding instruments only without names', async () => {
    const r = await runLogged(emu, args, 'csv');
    expect(r.code, r.stderr).toBe(0);
    expect(r.lines).toEqual([ACCOUNT, `${ACCOUNT}/line_items`, `GET /12/stats/accounts/${EMU_ACCOUNT}`]);
    expect(csvRows(r.stdout).map((x) => x.currency)).toEqual(['USD', 'USD', 'USD', 'USD']);
    // No list read: the currency comes from the funding instruments, one read.
    const bare = await runLogged(emu, [...args, '--no-names'], 'csv');
    expect(bare.code, bare.stderr).toBe(0);
    expect(bare.lines).toEqual([ACCOUNT, `${ACCOUNT}/funding_instruments`, `GET /12/stats/accounts/${EMU_ACCOUNT}`]);
    expect(csvRows(bare.stdout).map((x) => x.currency)).toEqual(['USD', 'USD', 'USD', 'USD']);
    // No money asked: neither is read for it.
    const counts = await runLogged(emu, [...args.slice(0, -1), 'ENGAGEMENT', '--no-names'], 'csv');
    expect(counts.lines).toEqual([ACCOUNT, `GET /12/stats/accounts/${EMU_ACCOUNT}`]);
  });
});
