// The injected world's clock: a verb run in-process waits on it, and the emulator reads the same clock, so a
// rate-limit reset announced 15 minutes ahead is waited for in full — as a step of the clock, not 15 minutes
// of the suite's time — and the retry after it succeeds, exactly as a real run's would after the wait.
import { describe, expect, it } from 'vitest';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator();

describe('the world clock', () => {
  it('posts lookup waits out a 15-minute rate-limit reset on the injected clock, then succeeds', async () => {
    emu.state.faults.add({ kind: '429', path: '/2/tweets', resetInSec: 900 });
    const before = emu.clock.now();
    const r = await emu.run(['posts', 'lookup', '20', '--max-wait', '1200', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data?.[0]?.id ?? r.json()[0]?.id).toBe('20');
    // One wait of the announced 15 minutes (plus at most a second of jitter), on the clock the emulator reads.
    const waits = emu.clock.waits.filter((ms) => ms >= 60_000);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(899_000);
    expect(waits[0]).toBeLessThanOrEqual(902_000);
    expect(emu.clock.now() - before).toBeGreaterThanOrEqual(899_000);
    // Both attempts reached the emulator: the refused one and the retry after the reset.
    expect(emu.state.requests('GET', /\/2\/tweets/).length).toBe(2);
    // Off a terminal, the wait is a line of the log (cron reads it).
    expect(r.stderr).toMatch(/rate limited \(429\); waiting for the announced reset/);
  });

  it('a reset beyond --max-wait is not waited for: exit 5 at once, the clock not moved', async () => {
    emu.state.faults.add({ kind: '429', path: '/2/tweets', resetInSec: 900 });
    const r = await emu.run(['posts', 'lookup', '20', '--max-wait', '60', '-o', 'json']);
    expect(r.code).toBe(5);
    expect(emu.clock.waits.filter((ms) => ms >= 60_000)).toEqual([]);
    expect(r.errorJson().error.remaining).toBe(0);
  });
});
