// `ads sync` tests: ad accounts of the emulator's user seeded in bulk (each in
// New York with campaigns created long ago, so every day has spend), the
// emulator's own figures for them (the oracle), and a store read back through
// `ads sql` with its integers kept exact.
import { accounts, type AdAccount } from '../../src/emulator/ads-support.js';
import { campaigns } from '../../src/emulator/routes/ads-campaigns.js';
import { emuStatsTotal } from '../../src/emulator/routes/ads-stats-model.js';
import { EMU_ACCOUNT, type EmulatorState, type EmuRestatement } from '../../src/emulator/state.js';
import type { TestEmulator } from './emulator.js';

const HOUR = 3_600_000;

/** `n` accounts of the user with `perAccount` campaigns each (ids `s<i>c<j>`), all in America/New_York. */
export function seedAccounts(state: EmulatorState, n: number, perAccount = 2, prefix = 's'): string[] {
  const map = accounts(state);
  const template = map.get(EMU_ACCOUNT)!;
  const seeded = [...campaigns(state, EMU_ACCOUNT).values()][0]!;
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = `${prefix}${String(i).padStart(4, '0')}x`;
    const acct: AdAccount = { ...template, id, name: `Client ${i}`, user_ids: [...template.user_ids] };
    map.set(id, acct);
    const cs = campaigns(state, id);
    for (let j = 0; j < perAccount; j++) {
      const cid = `${id}c${j}`;
      cs.set(cid, { ...seeded, id: cid, name: `Campaign ${i}.${j}` });
    }
    ids.push(id);
  }
  return ids;
}

/** The account's (New York) date `days` from the clock's today, YYYY-MM-DD. */
export function nyDate(now: number, days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(now));
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The instant of a New York midnight (the hour whose local date changes). */
export function nyMidnight(date: string): number {
  let t = Date.parse(`${date}T00:00:00Z`);
  const local = (ms: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(ms));
  while (local(t) !== date) t += HOUR;
  return t;
}

/** The emulator's spend of the campaigns of `accountIds` over New York days [from, to] (inclusive), in micros. */
export function emuSpend(
  state: EmulatorState,
  accountIds: readonly string[],
  from: string,
  to: string,
  restated?: EmuRestatement[],
): bigint {
  const start = nyMidnight(from);
  const end = nyMidnight(nyDate(Date.parse(`${to}T12:00:00Z`), 1));
  let sum = 0n;
  for (const a of accountIds)
    for (const id of campaigns(state, a).keys())
      sum += BigInt(
        emuStatsTotal({
          id,
          placement: 'ALL_ON_TWITTER',
          metric: 'billed_charge_local_micro',
          start,
          end,
          ...(restated ? { restated } : {}),
        }),
      );
  return sum;
}

/** A query's rows through `ads sql -o json`, integers as BigInt (read from the text: never through a double). */
export async function sql(emu: TestEmulator, target: string, query: string): Promise<Array<Record<string, unknown>>> {
  const r = await emu.run(['ads', 'sql', target, query, '-o', 'json']);
  if (r.code !== 0) throw new Error(`ads sql failed (${r.code}): ${r.stderr}`);
  const exact = r.stdout.replace(/:\s*(-?\d{16,})\b/g, ': "__big$1"');
  return JSON.parse(exact, (_k, v: unknown) =>
    typeof v === 'string' && v.startsWith('__big') ? BigInt(v.slice(5)) : typeof v === 'number' && Number.isInteger(v) ? BigInt(v) : v,
  );
}
