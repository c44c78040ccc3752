// Totals of a report (pure): a row per series (entity × placement × segment)
// whose date reads `total`, and rows whose entity reads `all` summing every
// entity of an account per placement × segment. Counts and micros are summed;
// derived metrics (rates, cost per…) are computed again from the summed parts,
// never summed themselves — a sum of CPMs is no CPM.
import { DERIVED, ratio, type Row } from '../rows.js';

/** The sum of `rows` over `metrics` (null only when every cell is), derived metrics recomputed when asked. */
export function sumRows(rows: readonly Row[], metrics: readonly string[], derived: boolean): Record<string, number | string | null> {
  const out: Record<string, number | string | null> = {};
  for (const m of metrics) {
    let sum: number | null = null;
    for (const r of rows) {
      const v = r[m];
      if (typeof v === 'number') sum = (sum ?? 0) + v;
    }
    out[m] = sum;
  }
  if (derived)
    for (const d of DERIVED)
      if (metrics.includes(d.num) && metrics.includes(d.den))
        out[d.name] = ratio(out[d.num] as number | null, out[d.den] as number | null, d.factor);
  return out;
}

const key = (r: Row): string => `${r.placement ?? ''}\u0000${r.segment ?? ''}`;

/**
 * Collects the rows of one account as series finish: `seriesTotal` gives the
 * total row of a series, `all` the account's rows across entities (one per
 * placement × segment, in the order first seen).
 */
export class TotalsCollector {
  private groups = new Map<string, { first: Row; rows: Row[] }>();

  constructor(
    private readonly metrics: readonly string[],
    private readonly derived: boolean,
  ) {}

  /** The total row of one series' rows (its first row's labels, the whole range), remembered for `all`. */
  seriesTotal(rows: readonly Row[]): Row | undefined {
    if (!rows.length) return undefined;
    const first = rows[0]!;
    const total: Row = {
      ...first,
      ...sumRows(rows, this.metrics, this.derived),
      date: 'total',
      start: first.start ?? null,
      end: rows[rows.length - 1]!.end ?? null,
    };
    let g = this.groups.get(key(first));
    if (!g) this.groups.set(key(first), (g = { first: total, rows: [] }));
    g.rows.push(total);
    return total;
  }

  /** The `all` rows: every entity's totals summed per placement × segment. */
  all(): Row[] {
    return [...this.groups.values()].map(({ first, rows }) => {
      const starts = rows.map((r) => String(r.start ?? '')).sort();
      const ends = rows.map((r) => String(r.end ?? '')).sort();
      return {
        ...first,
        ...sumRows(rows, this.metrics, this.derived),
        entity_id: 'all',
        date: 'total',
        start: starts[0] ?? null,
        end: ends.at(-1) ?? null,
      };
    });
  }
}
