// Totals of a report (pure): a row per series (entity × placement × segment)
// whose date reads `total`, rows whose entity reads `all` summing every entity
// of an account per placement × segment, and — when the run covers several
// placements — a total per entity and one for the whole account whose
// placement reads `all placements`, so no total covers less than its label
// says. Counts and micros are summed exactly (BigInt); derived metrics (rates,
// cost per…) are computed again from the summed parts, never summed
// themselves — a sum of CPMs is no CPM.
import { DERIVED, ratio, type Row } from '../rows.js';

/** The placement label of a total over every placement a run asked for. */
const ALL_PLACEMENTS = 'all placements';

const INTEGER = /^-?\d+$/;

/** A cell as an exact integer (numbers and digit strings), or undefined when it is not one. */
function exact(v: unknown): bigint | undefined {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? BigInt(v) : undefined;
  if (typeof v === 'string' && INTEGER.test(v)) return BigInt(v);
  return undefined;
}

/** A BigInt sum as a number while it is one exactly, else its digits (what microsToUnits and ratio read). */
const cell = (n: bigint): number | string =>
  n <= BigInt(Number.MAX_SAFE_INTEGER) && n >= -BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n.toString();

/** The sum of `rows` over `metrics` (null only when every cell is), derived metrics recomputed when asked. */
export function sumRows(rows: readonly Row[], metrics: readonly string[], derived: boolean): Record<string, number | string | null> {
  const out: Record<string, number | string | null> = {};
  for (const m of metrics) {
    let sum: bigint | null = null;
    let inexact: number | null = null;
    for (const r of rows) {
      const v = r[m];
      const n = exact(v);
      if (n !== undefined) sum = (sum ?? 0n) + n;
      else if (typeof v === 'number') inexact = (inexact ?? 0) + v;
    }
    out[m] = inexact !== null ? inexact + Number(sum ?? 0n) : sum === null ? null : cell(sum);
  }
  if (derived)
    for (const d of DERIVED)
      if (metrics.includes(d.num) && metrics.includes(d.den)) out[d.name] = ratio(out[d.num] ?? null, out[d.den] ?? null, d.factor);
  return out;
}

const key = (r: Row): string => `${r.placement ?? ''}\u0000${r.segment ?? ''}`;

interface Group {
  first: Row;
  rows: Row[];
}

function add(groups: Map<string, Group>, k: string, total: Row): void {
  let g = groups.get(k);
  if (!g) groups.set(k, (g = { first: total, rows: [] }));
  g.rows.push(total);
}

/**
 * Collects the rows of one account as series finish: `seriesTotal` gives the
 * total row of a series, `all` the account's rows across entities (one per
 * placement × segment, in the order first seen), then, over several
 * placements, a row per entity and one for the account across them.
 */
export class TotalsCollector {
  private groups = new Map<string, Group>();
  private entities = new Map<string, Group>();
  private placements = new Set<string>();

  constructor(
    private readonly metrics: readonly string[],
    private readonly derived: boolean,
    /** The run asked several placements (its totals say `all placements` even when one of them had no figures). */
    private readonly several = false,
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
    add(this.groups, key(first), total);
    add(this.entities, `${first.entity_id ?? ''}\u0000${first.segment ?? ''}`, total);
    this.placements.add(String(first.placement ?? ''));
    return total;
  }

  private sum(groups: Map<string, Group>, labels: Row): Row[] {
    return [...groups.values()].map(({ first, rows }) => {
      const starts = rows.map((r) => String(r.start ?? '')).sort();
      const ends = rows.map((r) => String(r.end ?? '')).sort();
      return {
        ...first,
        ...sumRows(rows, this.metrics, this.derived),
        ...labels,
        date: 'total',
        start: starts[0] ?? null,
        end: ends.at(-1) ?? null,
      };
    });
  }

  /**
   * The `all` rows: every entity's totals summed per placement × segment; over
   * several placements, then each entity's total across them and the account's
   * (placement `all placements`), last.
   */
  all(): Row[] {
    const perPlacement = this.sum(this.groups, { entity_id: 'all' });
    if (!this.several && this.placements.size < 2) return perPlacement;
    const entities = this.sum(this.entities, { placement: ALL_PLACEMENTS });
    const whole = new Map<string, Group>();
    for (const r of entities) add(whole, String(r.segment ?? ''), r);
    return [...perPlacement, ...entities, ...this.sum(whole, { entity_id: 'all', placement: ALL_PLACEMENTS })];
  }
}
