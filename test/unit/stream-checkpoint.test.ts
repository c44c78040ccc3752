// The stream checkpoint's rules: a post's time from its snowflake id, the gap plan (backfill within the API's
// 5 minutes, recent search beyond, a hole beyond search's week) and the replay drops.
import { describe, expect, it } from 'vitest';
import { planGap, snowflakeTime, StreamCheckpoint } from '../../src/platform/stream-checkpoint.js';

const MIN = 60_000;
const id = (t: number, seq = 0) => (((BigInt(t) - 1288834974657n) << 22n) + BigInt(seq)).toString();

describe('stream checkpoint', () => {
  it('reads the time a snowflake id encodes; other ids have none', () => {
    // A real post id: 2021-11-15.
    expect(new Date(snowflakeTime('1460323737035677698')!).toISOString().slice(0, 10)).toBe('2021-11-15');
    const t = Date.parse('2026-12-01T00:00:00.123Z');
    expect(snowflakeTime(id(t, 7))).toBe(t);
    for (const bad of ['12', 'abc', undefined, '99999999999999999999']) expect(snowflakeTime(bad)).toBeUndefined();
  });

  it('plans the backfill the gap needs, search beyond 5 minutes, and reports what search no longer has', () => {
    const now = Date.parse('2026-12-01T12:00:00Z');
    expect(planGap(now - 3 * MIN, now, true)).toEqual({ gapMs: 3 * MIN, backfillMinutes: 4 });
    expect(planGap(now - 10_000, now, true)).toEqual({ gapMs: 10_000, backfillMinutes: 1 });
    const long = planGap(now - 20 * MIN, now, true);
    expect(long).toMatchObject({ backfillMinutes: 5, searchFrom: now - 20 * MIN - 15_000 });
    expect(long.hole).toBeUndefined();
    expect(planGap(now - 20 * MIN, now, false).hole).toEqual([now - 20 * MIN, now - 5 * MIN]);
    const week = planGap(now - 8 * 86_400_000, now, true);
    expect(week.hole![0]).toBe(now - 8 * 86_400_000);
    expect(week.searchFrom).toBe(week.hole![1]);
  });

  it('drops replays already printed and posts from before the stream began, once replaying', () => {
    const t0 = Date.parse('2026-12-01T12:00:00Z');
    const cp = StreamCheckpoint.inMemory('filtered');
    expect(cp.accept(id(t0 + 1000), 0)).toBe(true);
    expect(cp.accept(id(t0 + 500), 0)).toBe(true); // out of order on a live connection: kept
    expect(cp.accept(id(t0 + 2000), 0)).toBe(true);
    cp.replaying = true;
    expect(cp.accept(id(t0 + 2000), 0)).toBe(false);
    expect(cp.accept(id(t0 - 1000), 0)).toBe('skip');
    expect(cp.accept(id(t0 + 3000), 0)).toBe(true);
    expect(cp.lastId).toBe(id(t0 + 3000));
  });
});
