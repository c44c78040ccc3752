// The MCP server's call limiter (src/mcp/limit.ts): at most `max` at once, the rest in arrival order, and a
// call cancelled while it waits never runs.
import { describe, expect, it } from 'vitest';
import { CancelledWhileQueued, callLimiter } from '../../src/mcp/limit.js';

describe('callLimiter', () => {
  it('runs at most max at once, in arrival order; a cancelled waiter never runs', async () => {
    const limit = callLimiter(2);
    let active = 0;
    let most = 0;
    const order: number[] = [];
    const releases: Array<() => void> = [];
    const task = (n: number) => () =>
      new Promise<number>((resolve) => {
        active++;
        most = Math.max(most, active);
        order.push(n);
        releases.push(() => {
          active--;
          resolve(n);
        });
      });
    const never = new AbortController();
    const cancelled = new AbortController();
    const runs = [1, 2, 3].map((n) => limit(never.signal, task(n)));
    const dropped = limit(cancelled.signal, task(99));
    const last = limit(never.signal, task(4));
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual([1, 2]);
    cancelled.abort();
    await expect(dropped).rejects.toBeInstanceOf(CancelledWhileQueued);
    while (releases.length) {
      releases.shift()!();
      await new Promise((r) => setTimeout(r, 5));
    }
    await expect(Promise.all([...runs, last])).resolves.toEqual([1, 2, 3, 4]);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(most).toBe(2);
  });
});
