// Helpers of the analytics CLI tests: the stats requests the emulator saw, and CSV rows.
import type { EmulatorState } from '../../src/emulator/state.js';

export interface SeenStats {
  ids: string[];
  start: number;
  end: number;
  placement: string;
  status: number;
  query: Map<string, string>;
}

export function statsRequests(state: EmulatorState, method: string, path: RegExp): SeenStats[] {
  return state.requests(method, path).map((e) => {
    const q = new Map(e.query);
    return {
      ids: (q.get('entity_ids') ?? '').split(','),
      start: Date.parse(q.get('start_time') ?? ''),
      end: Date.parse(q.get('end_time') ?? ''),
      placement: q.get('placement') ?? '',
      status: e.status,
      query: q,
    };
  });
}

/** Rows of a CSV without quoted commas (ids, times and numbers only). */
export function csvRows(text: string): Array<Record<string, string>> {
  const [head, ...lines] = text.trim().split('\n');
  const keys = head!.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [keys[i]!, v])));
}

/** `ads stats <ids> --entity E --from F --to T --metric-groups G …more` (LINE_ITEM l0001 by default). */
export function statsArgs(
  from: string,
  to: string,
  groups: string,
  more: string[] = [],
  head: string[] = ['l0001', '--entity', 'LINE_ITEM'],
): string[] {
  return ['ads', 'stats', ...head, '--from', from, '--to', to, '--metric-groups', groups, ...more];
}

/** Micros as US dollars the way a report shows them: cents, rounded half up (the test's own arithmetic, BigInt). */
export function usd(micros: bigint | number): string {
  const cents = (BigInt(micros) + 5000n) / 10000n;
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}
