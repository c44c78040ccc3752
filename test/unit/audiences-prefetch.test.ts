// The upload's read-ahead: order kept, bounded, errors after the items read
// before them, and close() lets go of the source (its file is closed).
import { describe, expect, it } from 'vitest';
import { prefetch } from '../../src/bulk/prefetch.js';

function counted(n: number, failAt?: number) {
  const seen = { produced: 0, closed: false };
  const source = (async function* () {
    try {
      for (let i = 0; i < n; i++) {
        if (i === failAt) throw new Error(`bad item ${i}`);
        seen.produced++;
        yield i;
      }
    } finally {
      seen.closed = true;
    }
  })();
  return { source, seen };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('prefetch', () => {
  it('yields every item in order', async () => {
    const { source, seen } = counted(50);
    const out: number[] = [];
    for await (const x of prefetch(source, 4)) out.push(x);
    expect(out).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(seen.closed).toBe(true);
  });

  it('reads at most `size` items ahead of the consumer', async () => {
    const { source, seen } = counted(100);
    const it = prefetch(source, 4)[Symbol.asyncIterator]();
    await tick();
    expect(seen.produced).toBe(4);
    await it.next();
    await tick();
    expect(seen.produced).toBe(5);
  });

  it('a source error comes after the items read before it', async () => {
    const { source } = counted(10, 3);
    const out: number[] = [];
    await expect(
      (async () => {
        for await (const x of prefetch(source, 8)) out.push(x);
      })(),
    ).rejects.toThrow('bad item 3');
    expect(out).toEqual([0, 1, 2]);
  });

  it('close() stops reading and closes the source', async () => {
    const { source, seen } = counted(1000);
    const p = prefetch(source, 4);
    const it = p[Symbol.asyncIterator]();
    expect((await it.next()).value).toBe(0);
    await p.close();
    expect(seen.closed).toBe(true);
    expect(seen.produced).toBeLessThan(10);
  });
});
