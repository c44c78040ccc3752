// The watch over a job file download (src/ads/stats/idle.ts): silence of the host longer than --timeout
// fires 'idle', the run's deadline fires 'deadline', the reader holding the body back is not silence,
// and a host that keeps sending is never cut. Time is a TestClock's: its waits are steps.
import { describe, expect, it } from 'vitest';
import { IdleWatch, type IdleCause } from '../../src/ads/stats/idle.js';
import { TestClock } from '../helpers/world.js';

const watch = (clock: TestClock, idleMs: number, deadlineIn: number) => {
  const fired: IdleCause[] = [];
  const w = new IdleWatch(clock, idleMs, clock.now() + deadlineIn, (c) => fired.push(c));
  return { w, fired };
};
const quiet = () => new Promise((r) => setTimeout(r, 400));

describe('the download watch', () => {
  it('a silent host fires idle once the allowance passes on the run clock', async () => {
    const clock = new TestClock();
    const { fired } = watch(clock, 10_000, 900_000);
    await quiet();
    await new Promise((r) => setTimeout(r, 50));
    expect(fired).toEqual(['idle']);
    expect(clock.waits.at(-1)).toBeGreaterThan(9_000);
  });

  it('bytes after a gap longer than the allowance fire idle; within it, nothing', async () => {
    const clock = new TestClock();
    const a = watch(clock, 60_000, 900_000);
    clock.skew += 40_000;
    a.w.touch();
    expect(a.fired).toEqual([]);
    const b = watch(clock, 10_000, 900_000);
    clock.skew += 40_000;
    b.w.touch();
    expect(b.fired).toEqual(['idle']);
    a.w.dispose();
  });

  it('held back by the reader is not silence; the deadline holds whatever the bytes', async () => {
    const clock = new TestClock();
    const { w, fired } = watch(clock, 10_000, 100_000);
    w.hold();
    clock.skew += 50_000;
    w.touch();
    expect(fired).toEqual([]);
    clock.skew += 60_000;
    w.touch();
    expect(fired).toEqual(['deadline']);
  });

  it('a disposed watch never fires', async () => {
    const clock = new TestClock();
    const { w, fired } = watch(clock, 10, 1000);
    w.dispose();
    await quiet();
    expect(fired).toEqual([]);
  });
});
