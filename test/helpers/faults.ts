// Shared by the fault-injection suite: a seeded random fault plan and the
// figures each run reports.
import type { RandomFaultPlan } from '../../src/emulator/faults.js';
import type { TestEmulator } from './emulator.js';

/** Every transport fault the emulator has, at rates that make a run hit each several times. */
export function harshPlan(seed: number, path: string, maxFaults = 400): RandomFaultPlan {
  return {
    seed,
    path,
    p429: 0.08,
    p429NoHeaders: 0.4,
    p5xx: 0.08,
    pDrop: 0.06,
    pDropAfter: 0.06,
    pSlow: 0.05,
    latencyMs: [0, 4],
    maxFaults,
  };
}

export interface Figures {
  requests: number;
  faults: number;
  byKind: Record<string, number>;
  retries: number;
  confirmed: number;
}

/** Requests to `path` since `since`, faults injected, and retries (requests beyond one per unit of work). */
export function figures(emu: TestEmulator, since: number, path: string, units: number, confirmed: number): Figures {
  const reqs = emu.state.log.slice(since).filter((e) => e.path.includes(path));
  return {
    requests: reqs.length,
    faults: emu.state.faults.stats.injected,
    byKind: { ...emu.state.faults.stats.byKind },
    retries: reqs.length - units,
    confirmed,
  };
}

export function report(name: string, f: Figures): void {
  console.log(
    `[faults] ${name}: ${f.requests} requests, ${f.faults} faults injected ${JSON.stringify(f.byKind)}, ${f.retries} retries, ${f.confirmed} items confirmed`,
  );
}
