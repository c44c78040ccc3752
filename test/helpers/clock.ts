// Dates for tests computed from the clock, so a "future" date stays in the
// future whatever year the suite runs in; and clocks moved for a test.
import { runClockOffset } from '../../bin/clock.js';

/** A UTC year `ahead` years after the current one. */
export function futureYear(ahead = 4, now = Date.now()): number {
  return new Date(now).getUTCFullYear() + ahead;
}

/**
 * A run clock moved to `at` (an ISO time) or by an offset (+365d, -2h): the CLI's env (POSTCTL_NOW, as a
 * fixed offset in seconds so that every CLI run and the emulator agree to the second however long the test
 * runs) and the emulator's `now` (startEmulator's option) — the two clocks together.
 */
export function movedClock(at: string): { env: { POSTCTL_NOW: string }; now: () => number; offsetMs: number } {
  const found = runClockOffset(at, Date.now());
  if (typeof found === 'string') throw new Error(found);
  const seconds = Math.round(found / 1000);
  return {
    env: { POSTCTL_NOW: `${seconds < 0 ? '-' : '+'}${Math.abs(seconds)}s` },
    now: () => Date.now() + seconds * 1000,
    offsetMs: seconds * 1000,
  };
}
