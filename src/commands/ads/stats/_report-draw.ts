// The drawn outputs of `ads stats`: --chart on a terminal (a metric per bucket
// per entity, money in currency units, the account's dates on the x axis, a mark
// per series), from the rows the report collected (the -o html page is _report-html.ts).
import { isMicros, microsToUnits, unitsName } from '../../../ads/stats/report/money.js';
import { bucketLabel } from '../../../ads/stats/report/shape.js';
import type { Row } from '../../../ads/stats/rows.js';
import type { Context } from '../../../entry/context.js';
import { UsageError } from '../../../errors/cli-error.js';
import { neutralize } from '../../../output/sanitize.js';
import { textChart } from '../../../output/text-chart.js';
import type { Query } from '../../../ads/stats/planner.js';
import type { EntityFacts } from '../../../ads/stats/report/names.js';

/** What the page needs of an account beyond its rows. */
export interface HtmlExtra {
  accountName?: string | undefined;
  facts?: ReadonlyMap<string, EntityFacts> | undefined;
  previous?: { rows: Row[]; first: string; last: string } | undefined;
}

export interface AccountReport {
  q: Query;
  names?: ReadonlyMap<string, string> | undefined;
  /** The metrics of the query (the API's names), derived ones included. */
  metrics: string[];
  /** Shaped rows (what the table shows): per bucket, and the totals. */
  days: Row[];
  totals: Row[];
  /** Merged rows in the API's units, for the charts. */
  raw: Row[];
  /** The HTML report's account name, entity facts and previous period. */
  extra?: HtmlExtra | undefined;
}

const CHART_SERIES = 8;

/** The metric --chart names: the API's name, or the converted one (`spend`). */
export function chartMetric(metrics: readonly string[], asked: string): string | undefined {
  return metrics.find((m) => m === asked || (isMicros(m) && unitsName(m) === asked));
}

/** Checks --chart names a metric of the query (before anything is sent). */
export function checkChart(metrics: readonly string[], asked: string | undefined): void {
  if (asked === undefined || chartMetric(metrics, asked)) return;
  const names = metrics.map((m) => (isMicros(m) ? `${unitsName(m)} (${m})` : m));
  throw new UsageError(`--chart ${asked} is not a metric of this query`, `one of: ${names.join(', ')}`);
}

interface Plot {
  title: string;
  dates: string[];
  series: Array<{ label: string; values: Array<number | null> }>;
  /** Series left out beyond the first CHART_SERIES. */
  more: number;
}

/** A metric per bucket per series of one account, money in currency units unless `micros`. */
function plot(a: AccountReport, metric: string, micros: boolean): Plot {
  const q = a.q;
  const label = (r: Row) => bucketLabel(String(r.start), String(r.end), q.granularity, q.tz);
  const dates = [...new Set(a.raw.map(label))];
  const at = new Map(dates.map((d, i) => [d, i]));
  const bySeries = new Map<string, Array<number | null>>();
  const splits = new Set(a.raw.map((r) => `${r.placement}\u0000${r.segment ?? ''}`)).size > 1;
  for (const r of a.raw) {
    const id = String(r.entity_id);
    const name = a.names?.get(id);
    const key = [id, name, splits ? r.placement : undefined, r.segment ?? undefined].filter(Boolean).join(' ');
    const list = bySeries.get(key) ?? new Array<number | null>(dates.length).fill(null);
    const v = r[metric];
    const units = isMicros(metric) && !micros ? microsToUnits(v as number | string | null) : v;
    list[at.get(label(r))!] = units === null || units === undefined ? null : Number(units);
    bySeries.set(key, list);
  }
  const money = isMicros(metric) && !micros;
  const unit = money ? ` (${q.currency ?? 'currency units'})` : '';
  const per = q.granularity === 'HOUR' ? 'hour' : q.granularity === 'TOTAL' ? 'range' : 'day';
  const series = [...bySeries.entries()].slice(0, CHART_SERIES).map(([label, values]) => ({ label, values }));
  return {
    title: `${money ? unitsName(metric) : metric}${unit} per ${per}`,
    dates,
    series,
    more: Math.max(0, bySeries.size - CHART_SERIES),
  };
}

export async function drawCharts(ctx: Context, accounts: AccountReport[], asked: string, micros: boolean): Promise<void> {
  if (!ctx.io.stdoutTTY) {
    ctx.log.info('--chart draws only on a terminal; printing the figures as rows');
    const rows = accounts.flatMap((a) => {
      const m = chartMetric(a.metrics, asked)!;
      const key = isMicros(m) && !micros ? unitsName(m) : m;
      return a.days.map((r) => ({
        ...(accounts.length > 1 ? { account: r.account } : {}),
        entity_id: r.entity_id,
        ...(a.names ? { name: r.name } : {}),
        date: r.date,
        placement: r.placement,
        segment: r.segment,
        [key]: r[key],
      }));
    });
    ctx.printer.list(rows);
    return;
  }
  const width = (ctx.io.stdout as NodeJS.WriteStream).columns || Number(ctx.env.COLUMNS) || 80;
  for (const a of accounts) {
    const p = plot(a, chartMetric(a.metrics, asked)!, micros);
    if (p.more) ctx.log.warn(`charting the first ${CHART_SERIES} of ${CHART_SERIES + p.more} series; narrow the ids for the others`);
    if (!p.series.length) continue;
    const title = accounts.length > 1 ? `${p.title}, account ${a.q.plan.account.id}` : p.title;
    ctx.printer.write(textChart({ title, dates: p.dates, series: p.series.map((s) => ({ ...s, label: neutralize(s.label) })), width }));
  }
}
