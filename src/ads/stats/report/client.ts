// The figures of a client report (pure): from the merged rows of one account
// (every placement, API units) the headline numbers (KPIs) with their change
// against the previous period, a line per entity, spend per day stacked by the
// top entities (the rest as "other") and the result metric per day. Sums are
// exact (BigInt, through sumRows); ratios are computed from the sums.
import type { Row } from '../rows.js';
import type { EntityFacts } from './names.js';
import { sumRows } from './totals.js';
import type { ClientFigures, EntityLine, Kpi } from '../../../output/report-figures.js';

export type { ClientFigures, Kpi };

const SPEND = 'billed_charge_local_micro';
const TOP = 5;

const num = (v: number | string | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));
const div = (a: number | null, b: number | null, f = 1): number | null => (a === null || b === null || b === 0 ? null : (a / b) * f);

/** The KPIs of summed figures: the counts and spend asked for, and the rates their parts allow. */
function kpiValues(s: Record<string, number | string | null>, metrics: readonly string[]): Array<Omit<Kpi, 'previous' | 'change'>> {
  const has = (m: string) => metrics.includes(m);
  const v = (m: string) => num(s[m]);
  const out: Array<Omit<Kpi, 'previous' | 'change'>> = [];
  if (has(SPEND)) out.push({ key: 'spend', label: 'Spend', kind: 'money', value: v(SPEND) });
  if (has('impressions')) out.push({ key: 'impressions', label: 'Impressions', kind: 'count', value: v('impressions') });
  if (has('engagements')) out.push({ key: 'engagements', label: 'Engagements', kind: 'count', value: v('engagements') });
  if (has('clicks')) out.push({ key: 'clicks', label: 'Clicks', kind: 'count', value: v('clicks') });
  if (has('engagements') && has('impressions'))
    out.push({ key: 'engagement_rate', label: 'Engagement rate', kind: 'percent', value: div(v('engagements'), v('impressions')) });
  if (has('clicks') && has('impressions'))
    out.push({ key: 'ctr', label: 'CTR', kind: 'percent', value: div(v('clicks'), v('impressions')) });
  if (has(SPEND) && has('engagements')) out.push({ key: 'cpe', label: 'CPE', kind: 'money', value: div(v(SPEND), v('engagements')) });
  if (has(SPEND) && has('clicks')) out.push({ key: 'cpc', label: 'CPC', kind: 'money', value: div(v(SPEND), v('clicks')) });
  if (has(SPEND) && has('impressions')) out.push({ key: 'cpm', label: 'CPM', kind: 'money', value: div(v(SPEND), v('impressions'), 1000) });
  return out;
}

const change = (cur: number | null, prev: number | null | undefined): number | null =>
  cur === null || prev === null || prev === undefined || prev === 0 ? null : (cur - prev) / prev;

/** The KPIs of a set of rows (every entity, placement and bucket), with the previous period's when given. */
export function kpis(rows: readonly Row[], metrics: readonly string[], previous?: readonly Row[]): Kpi[] {
  const cur = kpiValues(sumRows(rows, metrics, false), metrics);
  if (!previous) return cur;
  const prev = new Map(kpiValues(sumRows(previous, metrics, false), metrics).map((k) => [k.key, k.value]));
  return cur.map((k) => ({ ...k, previous: prev.get(k.key) ?? null, change: change(k.value, prev.get(k.key)) }));
}

const groupBy = (rows: readonly Row[], key: (r: Row) => string): Map<string, Row[]> => {
  const out = new Map<string, Row[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
};

/** The whole figures of one account's report. `label` gives a row's bucket (the account's date). */
export function clientFigures(o: {
  rows: readonly Row[];
  previous?: readonly Row[] | undefined;
  metrics: readonly string[];
  label: (r: Row) => string;
  names?: ReadonlyMap<string, string> | undefined;
  facts?: ReadonlyMap<string, EntityFacts> | undefined;
  days: number;
}): ClientFigures {
  const { rows, metrics } = o;
  const byEntity = groupBy(rows, (r) => String(r.entity_id));
  const prevByEntity = o.previous ? groupBy(o.previous, (r) => String(r.entity_id)) : undefined;
  const entities: EntityLine[] = [...byEntity].map(([id, list]) => {
    const values = Object.fromEntries(kpiValues(sumRows(list, metrics, false), metrics).map((k) => [k.key, k.value]));
    const facts = o.facts?.get(id);
    const line: EntityLine = { id, name: o.names?.get(id) ?? facts?.name ?? '', status: facts?.status, kpis: values };
    if (prevByEntity) {
      const prev = num(sumRows(prevByEntity.get(id) ?? [], [SPEND], false)[SPEND]);
      line.change = change(values.spend ?? null, prev);
    }
    const spend = values.spend ?? null;
    if (spend !== null && (facts?.dailyBudgetMicros || facts?.totalBudgetMicros))
      line.pacing = {
        ...(facts.dailyBudgetMicros ? { daily: spend / (facts.dailyBudgetMicros * o.days) } : {}),
        ...(facts.totalBudgetMicros ? { total: spend / facts.totalBudgetMicros } : {}),
      };
    return line;
  });
  entities.sort((a, b) => (b.kpis.spend ?? 0) - (a.kpis.spend ?? 0) || a.id.localeCompare(b.id));
  const dates = [...new Set(rows.map(o.label))].sort();
  const at = new Map(dates.map((d, i) => [d, i]));
  const perDay = (list: readonly Row[], metric: string) => {
    const out = new Array<number>(dates.length).fill(0);
    for (const r of list) out[at.get(o.label(r))!]! += num(r[metric] as number | null) ?? 0;
    return out;
  };
  const figures: ClientFigures = { kpis: kpis(rows, metrics, o.previous), entities, dates };
  if (metrics.includes(SPEND)) {
    const top = entities.slice(0, TOP);
    const rest = entities.slice(TOP).flatMap((e) => byEntity.get(e.id)!);
    figures.spend = [
      ...top.map((e) => ({ label: e.name || e.id, values: perDay(byEntity.get(e.id)!, SPEND) })),
      ...(rest.length ? [{ label: `other (${entities.length - TOP})`, values: perDay(rest, SPEND) }] : []),
    ];
  }
  const result = ['engagements', 'clicks', 'impressions'].find((m) => metrics.includes(m));
  if (result) figures.result = { metric: result, values: perDay(rows, result) };
  return figures;
}
