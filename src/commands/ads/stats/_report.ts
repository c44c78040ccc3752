// The output of `ads stats` as a report: rows people read (names, the account's
// dates, money in currency units) through the one output layer. CSV and JSON
// lines stream as series finish; a table is one table for the whole run (its
// columns fit to the screen, headline metrics kept); JSON is the API's shape
// with the converted fields added (rows are made for it only when totals or a
// drawing need them: a big job file makes millions); html and --chart are drawn at the end.
// Totals rows follow each series, the `all` rows each account.
import type { Series } from '../../../ads/stats/merger.js';
import { iso } from '../../../ads/stats/range/calendar.js';
import { isMicros, microsToUnits, unitsName } from '../../../ads/stats/report/money.js';
import { bucketLabel, shapeRow, type ShapeOptions } from '../../../ads/stats/report/shape.js';
import { TotalsCollector } from '../../../ads/stats/report/totals.js';
import { derivedColumns, metricColumns, seriesJson, seriesRows, type Row, type RowOptions } from '../../../ads/stats/rows.js';
import type { Context } from '../../../entry/context.js';
import type { Column } from '../../../output/cells.js';
import type { ListStream } from '../../../output/printer.js';
import { drawCharts, type AccountReport } from './_report-draw.js';
import { renderHtml, type HtmlExtra, type HtmlOptions } from './_report-html.js';
import type { Query } from '../../../ads/stats/planner.js';

export interface ReportFlags {
  derived?: boolean;
  totals?: boolean;
  chart?: string;
  /** false with --no-names. */
  names?: boolean;
  micros?: boolean;
}

export interface AccountRun {
  q: Query;
  /** id → name (undefined with --no-names). */
  names?: ReadonlyMap<string, string> | undefined;
}

export interface Report {
  /** A sink for one account's series, and the call that ends its part (its `all` rows). */
  account(run: AccountRun): { sink: (s: Series[]) => void; done: () => void; extra: (e: HtmlExtra) => void };
  /** An account whose report failed: said at the end (JSON tail, HTML page); the others' rows stay. */
  failed(account: string, message: string): void;
  end(): Promise<void>;
}

/**
 * Resolves once stdout has taken what was written: a job file is read no faster
 * than its rows are printed, so a slow reader of stdout cannot make memory grow.
 */
export function stdoutDrained(ctx: Context): () => Promise<void> {
  const out = ctx.io.stdout as NodeJS.WritableStream & { writableNeedDrain?: boolean };
  return () => (out.writableNeedDrain ? new Promise<void>((resolve) => out.once('drain', () => resolve())) : Promise.resolve());
}

/** Metrics asked for (the API's names), then the derived ones. */
export function queryMetrics(q: Pick<Query, 'entity' | 'groups'>, derived: boolean): string[] {
  const cols = metricColumns(q.entity, q.groups);
  return [...cols, ...(derived ? derivedColumns(cols).map((d) => d.name) : [])];
}

export function rowOptions(q: Pick<Query, 'entity' | 'groups' | 'plan' | 'granularity'>, f: ReportFlags): RowOptions {
  return {
    columns: metricColumns(q.entity, q.groups),
    derived: Boolean(f.derived),
    totals: false,
    buckets: q.plan.buckets,
    total: q.granularity === 'TOTAL',
  };
}

/** How long a column stays on a narrow screen: name, date and the headline metrics last, placement and times first. */
const HEADLINE: Record<string, number> = {
  account: 3,
  entity_id: 3,
  name: 3,
  date: 3,
  impressions: 3,
  spend: 3,
  billed_charge_local_micro: 3,
  engagements: 2.6,
  clicks: 2.4,
  currency: 3,
};
const TAIL = new Set(['placement', 'segment', 'start', 'end']);

/**
 * The table's columns. When every row is in one currency (and money is in its units), the money
 * columns say it in their header (`spend USD`) instead of a currency column: the currency survives
 * on a narrow screen without costing a column. Several currencies keep the column.
 */
export function reportColumns(keys: readonly string[], rows: readonly Row[] = [], money: readonly string[] = []): Column[] {
  const currencies = new Set(rows.map((r) => r.currency ?? ''));
  const one = keys.includes('currency') && currencies.size === 1 ? [...currencies][0] || undefined : undefined;
  const shown = one ? keys.filter((k) => k !== 'currency') : keys;
  return shown.map((k) => ({
    header: one && money.includes(k) ? `${k} ${one}` : k,
    get: (r: unknown) => (r as Row)[k],
    priority: HEADLINE[k] ?? (TAIL.has(k) ? 1 : 1.5),
    ...(k === 'name' ? { flex: true } : {}),
  }));
}

/** What the JSON elements of one account share: the labels of its buckets. */
interface JsonCache {
  dates?: string[];
}
const jsonCaches = new WeakMap<AccountRun, JsonCache>();

function datesOf(starts: readonly string[], q: Query, opts: RowOptions): string[] {
  const ends = opts.total ? [iso(q.end)] : opts.buckets.flat().map((b) => iso(b.end));
  return starts.map((s, i) => bucketLabel(s, ends[i] ?? s, q.granularity, q.tz));
}

/** The API's shape (-o json) with the name, the account's dates and the money in currency units added. */
function jsonElements(list: Series[], run: AccountRun, opts: RowOptions, multi: boolean): Array<Record<string, unknown>> {
  const q = run.q;
  const cache = jsonCaches.get(run) ?? {};
  jsonCaches.set(run, cache);
  return seriesJson(list, opts).map((el) => {
    const id = String(el.id);
    // Many accounts: each element says its account, zone, currency and whether its range is over there.
    const extra: Record<string, unknown> = multi
      ? { account_id: q.plan.account.id, time_zone: q.tz, currency: q.currency ?? null, complete: q.timing.complete }
      : {};
    if (run.names) extra.name = run.names.get(id) ?? null;
    const data = (el.id_data as Array<{ start_times: string[]; metrics: Record<string, unknown> }>).map((d) => {
      // Every series of a query has the same buckets: their labels are made once, not per series.
      cache.dates ??= datesOf(d.start_times, q, opts);
      const metrics = { ...d.metrics };
      for (const [m, v] of Object.entries(d.metrics))
        if (isMicros(m) && Array.isArray(v)) metrics[unitsName(m)] = v.map((x) => microsToUnits(x as number | null));
      return { ...d, dates: cache.dates, metrics };
    });
    return { ...extra, ...el, id_data: data };
  });
}

/** The JSON envelope's head of a one-account report. */
export function jsonHead(q: Query): Record<string, unknown> {
  return {
    data_type: 'stats',
    account_id: q.plan.account.id,
    time_zone: q.tz,
    ...(q.currency ? { currency: q.currency } : {}),
    granularity: q.granularity,
    start_time: iso(q.start),
    end_time: iso(q.end),
    // False when the range holds a day not yet over in the account's zone (its figures will still grow).
    complete: q.timing.complete,
  };
}

function shapeOptions(run: AccountRun, metrics: string[], money: ShapeOptions['money'], multi: boolean): ShapeOptions {
  const q = run.q;
  return {
    tz: q.tz,
    granularity: q.granularity,
    metrics,
    names: run.names,
    money,
    currency: metricColumns(q.entity, q.groups).some(isMicros) ? (q.currency ?? '') : undefined,
    account: multi ? q.plan.account.id : undefined,
  };
}

/** Whether a series holds any figure (a placement the entity never served on holds none). */
const served = (s: Series): boolean => [...s.metrics.values()].some((per) => per.some((w) => w.some((c) => c !== null)));

export function openReport(ctx: Context, f: ReportFlags, head: Record<string, unknown>, multi: boolean, html?: HtmlOptions): Report {
  const fmt = ctx.format;
  const drawn = Boolean(f.chart) || fmt === 'html';
  const buffered = drawn || fmt === 'table';
  const money: ShapeOptions['money'] = fmt === 'json' || fmt === 'jsonl' ? 'both' : f.micros ? 'micros' : 'units';
  const stream: ListStream<Record<string, unknown>> | undefined = buffered
    ? undefined
    : ctx.printer.stream<Record<string, unknown>>(undefined, fmt === 'json' ? head : {});
  const tableRows: Row[] = [];
  const totalsJson: Row[] = [];
  const failures: Array<{ account: string; message: string }> = [];
  const accounts: AccountReport[] = [];
  return {
    account(run) {
      const q = run.q;
      const opts = rowOptions(q, f);
      const metrics = queryMetrics(q, Boolean(f.derived));
      const several = new Set(q.plan.requests.map((r) => r.placement)).size > 1;
      const totals = f.totals ? new TotalsCollector(metrics, Boolean(f.derived), several) : undefined;
      const shape = shapeOptions(run, metrics, money, multi);
      const part: AccountReport = { q, names: run.names, metrics, days: [], totals: [], raw: [] };
      accounts.push(part);
      const emit = (rows: Row[], isTotal: boolean) => {
        const shaped = rows.map((r) => shapeRow(r, shape));
        if (fmt === 'json') {
          if (isTotal) totalsJson.push(...shaped);
          return;
        }
        if (drawn) (isTotal ? part.totals : part.days).push(...shaped);
        else if (buffered) tableRows.push(...shaped);
        else stream!.add(shaped);
      };
      return {
        sink: (all) => {
          // Over several placements, a placement an entity never served on is left out (its figures are all null).
          const list = several ? all.filter(served) : all;
          if (fmt === 'json') stream!.add(jsonElements(list, run, opts, multi));
          if (fmt === 'json' && !drawn && !totals) return;
          for (const s of list) {
            const rows = seriesRows(s, opts);
            if (drawn) part.raw.push(...rows);
            emit(rows, false);
            // TOTAL rows are totals already: the series still counts towards `all`.
            const total = totals?.seriesTotal(rows);
            if (total && q.granularity !== 'TOTAL') emit([total], true);
          }
        },
        done: () => {
          if (totals) emit(totals.all(), true);
        },
        extra: (e) => {
          part.extra = e;
        },
      };
    },
    failed(account, message) {
      failures.push({ account, message });
    },
    async end() {
      if (f.chart) return drawCharts(ctx, accounts, f.chart, Boolean(f.micros));
      if (fmt === 'html') {
        ctx.printer.write(renderHtml(accounts, failures, html ?? { compare: false, locale: 'en-US' }));
        return;
      }
      if (fmt === 'table') {
        const money = f.micros ? [] : [...new Set(accounts.flatMap((a) => a.metrics.filter(isMicros).map(unitsName)))];
        if (tableRows.length) ctx.printer.list(tableRows, reportColumns(Object.keys(tableRows[0]!), tableRows, money));
        return;
      }
      stream!.end({
        ...(f.totals && fmt === 'json' ? { totals: totalsJson } : {}),
        ...(failures.length && fmt === 'json' ? { failed_accounts: failures } : {}),
      });
    },
  };
}
