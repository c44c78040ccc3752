// Seeded random faults are repeatable: the same seed gives the same faults in
// the same order however many latency draws other requests make in between
// (concurrent requests interleave those differently on every run).
import { describe, expect, it } from 'vitest';
import { Faults } from '../../src/emulator/faults.js';
import { harshPlan } from '../helpers/faults.js';

/** The kinds of the first n draws for `path`, with `latencyDraws(i)` latency draws before draw i. */
function sequence(seed: number, n: number, latencyDraws: (i: number) => number): string[] {
  const faults = new Faults();
  faults.setRandom(harshPlan(seed, '/products', 10_000));
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    for (let k = latencyDraws(i); k > 0; k--) faults.randomLatency();
    // Requests to other paths never consume a fault draw.
    expect(faults.draw('GET', '/12/accounts/x/other')).toBeUndefined();
    const f = faults.draw('PUT', '/catalogs/1/products');
    out.push(
      f ? (f.kind === 'status' ? `status ${f.status}` : f.kind === '429' ? `429 ${f.resetHeaders ? 'headers' : 'none'}` : f.kind) : 'ok',
    );
  }
  return out;
}

describe('seeded random faults', () => {
  it('the same seed gives the same faults, whatever the latency draws in between', () => {
    const plain = sequence(11, 500, () => 1);
    expect(sequence(11, 500, (i) => (i * 7) % 4)).toEqual(plain);
    expect(sequence(11, 500, () => 0)).toEqual(plain);
    // The plan injects every kind at these rates, and another seed differs.
    expect(new Set(plain)).toEqual(
      new Set(['ok', '429 headers', '429 none', 'status 500', 'status 502', 'status 503', 'status 504', 'drop', 'drop-after', 'slow']),
    );
    expect(sequence(29, 500, () => 1)).not.toEqual(plain);
  });

  it('counts what it injected, by kind, and stops at maxFaults', () => {
    const faults = new Faults();
    faults.setRandom({ seed: 3, p5xx: 1, maxFaults: 5 });
    for (let i = 0; i < 20; i++) faults.draw('GET', '/x');
    expect(faults.stats.injected).toBe(5);
    expect(Object.values(faults.stats.byKind).reduce((a, b) => a + b, 0)).toBe(5);
  });
});
