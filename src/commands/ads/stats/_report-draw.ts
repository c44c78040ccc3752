// The drawn outputs of `ads stats`: --chart on a terminal (a metric per bucket
// per entity, money in currency units, the account's dates on the x axis, a mark
// per series) and the -o html page (a chart per headline metric, the totals,
// the per-day rows), both from the rows the report collected.
import { formatDate, localDate } from '../../../ads/stats/range/calendar.js';
import { isMicros, microsToUnits, unitsName } from '../../../ads/stats/report/money.js';
import { bucketLabel } from '../../../ads/stats/report/shape.js';
import type { Row } from '../../../ads/stats/rows.js';
import type { Context } from '../../../entry/context.js';
import { UsageError } from '../../../errors/cli-error.js';
import { renderHtmlReport, type HtmlChart, type HtmlSection } from '../../../output/html-report.js';
import { neutralize } from '../../../output/sanitize.js';
import { textChart } from '../../../output/text-chart.js';
import type { Query } from '../../../ads/stats/planner.js';

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

/** The headline metrics of a query that get a chart in the HTML page. */
function headline(metrics: readonly string[]): string[] {
  const engaged = metrics.includes('engagements') ? 'engagements' : metrics.includes('clicks') ? 'clicks' : undefined;
  return ['impressions', engaged, 'billed_charge_local_micro'].filter((m): m is string => m !== undefined && metrics.includes(m));
}

const table = (rows: Row[]) => ({
  columns: rows.length ? Object.keys(rows[0]!) : [],
  rows: rows.map((r) => Object.values(r)),
});

export function renderHtml(accounts: AccountReport[], failures: Array<{ account: string; message: string }>, totals: boolean): string {
  const sections: HtmlSection[] = accounts.map((a) => {
    const q = a.q;
    const first = formatDate(localDate(q.start, q.tz));
    const last = formatDate(localDate(q.end - 1, q.tz));
    const charts: HtmlChart[] = headline(a.metrics).map((m) => {
      const p = plot(a, m, false);
      return {
        title: p.more ? `${p.title} (first ${p.series.length} of ${p.series.length + p.more} series)` : p.title,
        dates: p.dates,
        series: p.series,
      };
    });
    return {
      account: q.plan.account.id,
      tz: q.tz,
      currency: q.currency,
      range: `${first} to ${last} (${q.granularity})`,
      note: q.timing.complete ? undefined : `The range reaches ${q.timing.today}, not yet over in ${q.tz}: its figures are not final.`,
      charts,
      totals: totals ? table(a.totals) : undefined,
      days: table(a.days),
    };
  });
  const ids = accounts.map((a) => a.q.plan.account.id);
  return renderHtmlReport({ title: `Ads report: ${ids.join(', ') || 'no account'}`, sections, failures });
}
