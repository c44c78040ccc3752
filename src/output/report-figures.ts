// The figures a client report shows (types only): the headline numbers with
// their change, a line per entity, and the series of its charts. The ads
// domain computes them; the HTML page draws them.

export interface Kpi {
  key: string;
  label: string;
  kind: 'money' | 'count' | 'percent';
  /** The value (money in micros; a percent as a fraction), null when undefined (no data, a zero denominator). */
  value: number | null;
  previous?: number | null;
  /** (value − previous) / previous; null when previous is 0 or unknown. */
  change?: number | null;
}

export interface EntityLine {
  id: string;
  name: string;
  status?: string | undefined;
  kpis: Record<string, number | null>;
  /** Spend change against the previous period. */
  change?: number | null;
  pacing?: { daily?: number; total?: number } | undefined;
}

export interface ClientFigures {
  kpis: Kpi[];
  entities: EntityLine[];
  dates: string[];
  /** Spend per day (micros) stacked by entity: the top ones by spend, then "other". */
  spend?: Array<{ label: string; values: number[] }>;
  result?: { metric: string; values: number[] };
}
