// Output of `ads stats` through the one output layer: rows (csv, jsonl, table)
// as series finish, the API's shape merged (-o json), or a chart of one metric
// per entity on a terminal (asciichart, loaded only for --chart; off a terminal
// the same figures print as rows).
import type { Series } from '../../../ads/stats/merger.js';
import { derivedColumns, metricColumns, seriesJson, seriesRows, type Row, type RowOptions } from '../../../ads/stats/rows.js';
import { iso } from '../../../ads/stats/plan.js';
import type { Query } from './_query.js';
import type { Context } from '../../../context.js';
import { UsageError } from '../../../errors.js';
import { neutralize } from '../../../output/sanitize.js';

export interface OutputFlags {
  derived?: boolean;
  totals?: boolean;
  chart?: string;
}

const CHART_SERIES = 8;

export function rowOptions(q: Query, f: OutputFlags): RowOptions {
  return {
    columns: metricColumns(q.entity, q.groups),
    derived: Boolean(f.derived),
    totals: Boolean(f.totals),
    buckets: q.plan.buckets,
    total: q.granularity === 'TOTAL',
    currency: q.currency,
  };
}

/** Checks --chart names a column of the query (before anything is sent). */
export function checkChart(q: Pick<Query, 'entity' | 'groups'>, f: OutputFlags): void {
  if (!f.chart) return;
  const cols = metricColumns(q.entity, q.groups);
  const all = [...cols, ...(f.derived ? derivedColumns(cols).map((d) => d.name) : [])];
  if (!all.includes(f.chart)) throw new UsageError(`--chart ${f.chart} is not a metric of this query`, `one of: ${all.join(', ')}`);
}

/**
 * Resolves once stdout has taken what was written: a job file is read no faster
 * than its rows are printed, so a slow reader of stdout cannot make memory grow.
 */
export function stdoutDrained(ctx: Context): () => Promise<void> {
  const out = ctx.io.stdout as NodeJS.WritableStream & { writableNeedDrain?: boolean };
  return () => (out.writableNeedDrain ? new Promise<void>((resolve) => out.once('drain', () => resolve())) : Promise.resolve());
}

/** A sink for finished series, and the call that ends the output. */
export function openOutput(ctx: Context, q: Query, f: OutputFlags): { sink: (s: Series[]) => void; end: () => Promise<void> } {
  const opts = rowOptions(q, f);
  if (f.chart) {
    const rows: Row[] = [];
    return {
      sink: (s) => rows.push(...s.flatMap((x) => seriesRows(x, { ...opts, totals: false }))),
      end: () => chart(ctx, rows, f.chart!),
    };
  }
  const head = {
    data_type: 'stats',
    account_id: q.plan.account.id,
    time_zone: q.tz,
    ...(q.currency ? { currency: q.currency } : {}),
    granularity: q.granularity,
    start_time: iso(q.start),
    end_time: iso(q.end),
  };
  const json = ctx.format === 'json';
  const stream = ctx.printer.stream<Record<string, unknown>>(undefined, json ? head : {});
  return {
    // One series at a time: a 90-day HOUR series is 2,160 rows, never a whole chunk's at once.
    sink: (s) => {
      if (json) stream.add(seriesJson(s, opts));
      else for (const x of s) stream.add(seriesRows(x, opts));
    },
    end: async () => stream.end(),
  };
}

async function chart(ctx: Context, rows: Row[], metric: string): Promise<void> {
  const keyOf = (r: Row) => `${r.entity_id} ${r.placement}${r.segment ? ` ${r.segment}` : ''}`;
  if (!ctx.io.stdoutTTY) {
    ctx.log.info('--chart draws only on a terminal; printing the figures as rows');
    ctx.printer.list(
      rows.map((r) => ({ entity_id: r.entity_id, placement: r.placement, segment: r.segment, start: r.start, [metric]: r[metric] })),
    );
    return;
  }
  // asciichart is CommonJS: its functions sit on the default export once bundled.
  const mod = (await import('asciichart')) as typeof import('asciichart') & { default?: typeof import('asciichart') };
  const plot = mod.default?.plot ?? mod.plot;
  const bySeries = new Map<string, number[]>();
  for (const r of rows) {
    const v = Number(r[metric] ?? 0);
    const list = bySeries.get(keyOf(r)) ?? [];
    list.push(Number.isFinite(v) ? v : 0);
    bySeries.set(keyOf(r), list);
  }
  const keys = [...bySeries.keys()].slice(0, CHART_SERIES);
  if (bySeries.size > CHART_SERIES)
    ctx.log.warn(`charting the first ${CHART_SERIES} of ${bySeries.size} series; narrow the ids for the others`);
  if (!keys.length) return;
  const colors = ['\u001b[32m', '\u001b[34m', '\u001b[35m', '\u001b[36m', '\u001b[33m', '\u001b[31m', '\u001b[37m', '\u001b[90m'];
  ctx.printer.write(`${metric} per bucket (${rows[0]!.start} …)\n`);
  ctx.printer.write(
    plot(
      keys.map((k) => bySeries.get(k)!),
      { height: 12, colors: keys.map((_, i) => colors[i]) },
    ) + '\n',
  );
  for (const [i, k] of keys.entries()) ctx.printer.write(`${colors[i]}──\u001b[0m ${neutralize(k)}\n`);
}
