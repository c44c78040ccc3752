// `ads stats -o html --db TARGET`: the client report read from a store `ads sync`
// wrote, with no API request. The account's zone, currency and name, the
// entities' names, statuses and budgets and the daily rows come from the store;
// they are turned into the same series the API's replies make, so the page is
// drawn by the same renderer. A day of the range (or of the previous period)
// that no finished sync covered is an error naming it: never a silent gap.
import { formatDate, localDate } from '../../../ads/stats/range/calendar.js';
import { planQuery, type Query } from '../../../ads/stats/planner.js';
import type { Cell, Series } from '../../../ads/stats/merger.js';
import type { EntityFacts } from '../../../ads/stats/report/names.js';
import { resolveTimeRange } from '../../../ads/stats/range/time-range.js';
import { hasMoney, metricColumns, seriesRows, type Row } from '../../../ads/stats/rows.js';
import { metricColumn } from '../../../ads/sync/schema.js';
import { openStore, type Store } from '../../../ads/sync/store.js';
import type { AccountRef } from '../../../ads/types.js';
import { adsApi } from '../../../ads/common.js';
import type { Context } from '../../../entry/context.js';
import { InputError, UsageError } from '../../../errors/cli-error.js';
import { PLACEMENTS, placementName } from '../../../validate/ads-stats.js';
import type { StatsFlags } from './_query.js';
import { periodText, previousQuery } from './_previous.js';
import { jsonHead, openReport, rowOptions, type ReportFlags } from './_report.js';
import type { HtmlExtra, HtmlOptions } from './_report-html.js';

type Checked = { ids: string[]; entity: Query['entity']; groups: Query['groups']; granularity: string; now: number };

const TABLES: Partial<Record<string, string>> = {
  CAMPAIGN: 'campaigns',
  LINE_ITEM: 'line_items',
  FUNDING_INSTRUMENT: 'funding_instruments',
  PROMOTED_TWEET: 'promoted_posts',
};

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const micros = (v: unknown): number | undefined => {
  const n = typeof v === 'bigint' ? Number(v) : typeof v === 'number' ? v : undefined;
  return n !== undefined && Number.isSafeInteger(n) && n > 0 ? n : undefined;
};

/** The days [first, last] (YYYY-MM-DD) one at a time. */
function daysOf(first: string, last: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${first}T12:00:00Z`); formatDate(localDate(t, 'UTC')) <= last; t += 86_400_000)
    out.push(formatDate(localDate(t, 'UTC')));
  return out;
}

const listDays = (days: string[]): string =>
  days.length <= 6 ? days.join(', ') : `${days.slice(0, 3).join(', ')} … ${days.slice(-2).join(', ')} (${days.length} days)`;

/** The days of [first, last] a finished sync of this entity type, every asked metric group and placement did not write (or wrote partial). */
async function missingDays(store: Store, account: string, q: Query, placements: string[], first: string, last: string): Promise<string[]> {
  const runs = await store.query(
    `SELECT entity_type, metric_groups, placement, CAST(from_day AS VARCHAR) AS f, CAST(to_day AS VARCHAR) AS t
FROM sync_runs WHERE account_id = $1 AND status = 'ok' AND segment_type = '' AND from_day IS NOT NULL`,
    [account],
  );
  const covered = new Set<string>();
  for (const r of runs.rows) {
    const has = (v: unknown, want: readonly string[]) => {
      const set = new Set(String(v ?? '').split(','));
      return want.every((w) => set.has(w));
    };
    if (!has(r.entity_type, [q.entity]) || !has(r.metric_groups, q.groups) || !has(r.placement, placements)) continue;
    for (const d of daysOf(String(r.f), String(r.t))) covered.add(d);
  }
  const partial = await store.query(
    `SELECT DISTINCT CAST(day AS VARCHAR) AS d FROM stats_daily WHERE account_id = $1 AND entity_type = $2 AND partial AND day BETWEEN CAST($3 AS DATE) AND CAST($4 AS DATE)`,
    [account, q.entity, first, last],
  );
  for (const r of partial.rows) covered.delete(String(r.d));
  return daysOf(first, last).filter((d) => !covered.has(d));
}

/** Series of the query's entities and placements from stats_daily, in the plan's buckets (a day with no row: null). */
async function readSeries(store: Store, account: string, q: Query): Promise<Series[]> {
  const metrics = metricColumns(q.entity, q.groups);
  const cols = metrics.map(metricColumn);
  const first = formatDate(localDate(q.start, q.tz));
  const last = formatDate(localDate(q.end - 1, q.tz));
  const res = await store.query(
    `SELECT entity_id, placement, CAST(day AS VARCHAR) AS d, ${cols.join(', ')} FROM stats_daily
WHERE account_id = $1 AND entity_type = $2 AND segment_type = '' AND day BETWEEN CAST($3 AS DATE) AND CAST($4 AS DATE)`,
    [account, q.entity, first, last],
  );
  const at = new Map<string, [number, number]>();
  for (const [w, bs] of q.plan.buckets.entries()) for (const [i, b] of bs.entries()) at.set(formatDate(localDate(b.start, q.tz)), [w, i]);
  const byKey = new Map<string, Row>();
  for (const r of res.rows) byKey.set(`${String(r.entity_id)}\u0000${String(r.placement)}\u0000${String(r.d)}`, r as Row);
  const out: Series[] = [];
  const seen = new Set<string>();
  for (const req of q.plan.requests)
    for (const id of req.ids) {
      const key = `${id}\u0000${req.placement}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const s: Series = { id, placement: req.placement, segment: null, metrics: new Map() };
      for (const [m, metric] of metrics.entries()) {
        const dot = metric.indexOf('.');
        const name = dot < 0 ? metric : metric.slice(0, dot);
        const per = s.metrics.get(name) ?? q.plan.buckets.map((bs) => bs.map((): Cell => null));
        s.metrics.set(name, per);
        for (const [day, [w, i]] of at) {
          const v = byKey.get(`${key}\u0000${day}`)?.[cols[m]!];
          if (v === null || v === undefined) continue;
          const n = Number(v);
          if (!Number.isSafeInteger(n)) throw new InputError(`${store.label}: ${cols[m]} of ${id} on ${day} is not an exact integer`);
          if (dot < 0) per[w]![i] = n;
          else per[w]![i] = { ...((per[w]![i] as Record<string, number | null> | null) ?? {}), [metric.slice(dot + 1)]: n };
        }
      }
      out.push(s);
    }
  return out;
}

/** The account's row, the query's ids (given, or every entity of the type the store holds rows of in the range) and its plan. */
async function storeQuery(store: Store, account: AccountRef, f: StatsFlags, c: Checked): Promise<{ q: Query; name?: string }> {
  // The account object may not say its currency: then its funding instruments' (as the API path reads it), then its rows'.
  const acc = (
    await store.query(
      `SELECT name, timezone, COALESCE(currency,
  (SELECT MIN(currency) FROM funding_instruments WHERE account_id = $1),
  (SELECT MIN(currency) FROM stats_daily WHERE account_id = $1)) AS currency FROM accounts WHERE id = $1`,
      [account.id],
    )
  ).rows[0];
  if (!acc || !str(acc.timezone))
    throw new InputError(
      `the store holds no account ${account.id}`,
      [],
      `sync it first: postctl ads sync --into TARGET --accounts ${account.id}`,
    );
  const tz = String(acc.timezone);
  const range = resolveTimeRange(f, { zone: tz, now: c.now });
  let ids = c.ids;
  if (!ids.length) {
    const first = formatDate(localDate(range.start, tz));
    const last = formatDate(localDate(range.end - 1, tz));
    const rows = await store.query(
      `SELECT DISTINCT entity_id FROM stats_daily WHERE account_id = $1 AND entity_type = $2 AND segment_type = '' AND day BETWEEN CAST($3 AS DATE) AND CAST($4 AS DATE) ORDER BY entity_id`,
      [account.id, c.entity, first, last],
    );
    ids = rows.rows.map((r) => String(r.entity_id));
  }
  const placements = f.placement.toLowerCase() === 'all' ? [...PLACEMENTS] : [placementName(f.placement)!];
  const q = planQuery({
    account,
    entity: c.entity,
    groups: c.groups,
    mode: 'job',
    range,
    idsByPlacement: placements.map((placement) => ({ placement, ids })),
    // As from the API: the currency is settled only when money is asked for.
    currency: hasMoney(metricColumns(c.entity, c.groups)) ? str(acc.currency) : undefined,
  });
  return { q, name: str(acc.name) };
}

async function storeFacts(store: Store, q: Query): Promise<Map<string, EntityFacts>> {
  const out = new Map<string, EntityFacts>();
  if (q.entity === 'ACCOUNT') {
    const acc = await store.query('SELECT id, name FROM accounts WHERE id = $1', [q.plan.account.id]);
    for (const r of acc.rows) out.set(String(r.id), str(r.name) ? { name: String(r.name) } : {});
    return out;
  }
  const table = TABLES[q.entity];
  if (!table) return out;
  const budgets =
    table === 'campaigns'
      ? ', daily_budget_amount_local_micro AS d, total_budget_amount_local_micro AS t'
      : table === 'line_items'
        ? ', total_budget_amount_local_micro AS t'
        : '';
  const name = table === 'promoted_posts' ? 'NULL AS name' : 'name';
  const res = await store.query(`SELECT id, ${name}, entity_status${budgets} FROM ${table} WHERE account_id = $1`, [q.plan.account.id]);
  for (const r of res.rows) {
    const f: EntityFacts = {};
    if (str(r.name)) f.name = String(r.name);
    if (str(r.entity_status)) f.status = String(r.entity_status);
    const d = micros(r.d);
    const t = micros(r.t);
    if (d) f.dailyBudgetMicros = d;
    if (t) f.totalBudgetMicros = t;
    out.set(String(r.id), f);
  }
  return out;
}

/** The placements asked of the store: --placement, else those the store's syncs wrote. */
async function storePlacement(store: Store, given: string | undefined): Promise<string> {
  if (given !== undefined) return given;
  const res = await store.query("SELECT DISTINCT placement FROM sync_runs WHERE status = 'ok'");
  const all = new Set(res.rows.flatMap((r) => String(r.placement).split(',')));
  return PLACEMENTS.every((p) => all.has(p)) ? 'all' : 'ALL_ON_TWITTER';
}

export interface StoreReportFlags extends StatsFlags, ReportFlags {
  db: string;
  accounts?: string;
  account?: string;
  sandbox?: boolean;
  given?: string | undefined;
}

export async function storeReport(ctx: Context, f: StoreReportFlags, c: Checked, html: HtmlOptions, accounts: AccountRef[] | 'all') {
  if (c.granularity !== 'DAY') throw new UsageError('--db reads daily rows: --granularity DAY only');
  const store = await openStore(f.db, { migrate: false, cwd: ctx.io.cwd, now: ctx.now(), env: ctx.env });
  try {
    const flags = { ...f, placement: await storePlacement(store, f.given) };
    const api = adsApi({ sandbox: Boolean(f.sandbox) });
    const refs: AccountRef[] =
      accounts === 'all'
        ? (await store.query('SELECT id FROM accounts ORDER BY id')).rows.map((r) => ({ id: String(r.id), api }))
        : accounts;
    const plans = [];
    const missing: string[] = [];
    for (const ref of refs) {
      const { q, name } = await storeQuery(store, ref, flags, c);
      const placements = [...new Set(q.plan.requests.map((r) => r.placement))];
      const first = formatDate(localDate(q.start, q.tz));
      const last = formatDate(localDate(q.end - 1, q.tz));
      const gap = await missingDays(store, ref.id, q, placements, first, last);
      const prev = html.compare ? previousQuery(q) : undefined;
      if (prev && !('problem' in prev)) gap.push(...(await missingDays(store, ref.id, q, placements, prev.first, prev.last)));
      if (gap.length) missing.push(`account ${ref.id}: ${listDays([...new Set(gap)].sort())}`);
      plans.push({ q, name, prev });
    }
    if (missing.length)
      throw new InputError(
        `the store does not hold every day of the report (${missing.join('; ')})`,
        [],
        `sync those days first (postctl ads sync --into ${store.label} --since DATE)${html.compare ? ', or give --no-compare' : ''}`,
      );
    const many = refs.length > 1 || f.accounts !== undefined;
    const report = many
      ? openReport(ctx, f, { data_type: 'stats', granularity: c.granularity, accounts: refs.map((r) => r.id) }, true, html)
      : openReport(ctx, f, jsonHead(plans[0]!.q), false, html);
    for (const { q, name, prev } of plans) {
      const facts = await storeFacts(store, q);
      const names = f.names === false ? undefined : new Map([...facts].flatMap(([id, x]) => (x.name ? [[id, x.name] as const] : [])));
      const part = report.account({ q, names });
      part.sink(await readSeries(store, q.plan.account.id, q));
      part.done();
      let previous: HtmlExtra['previous'];
      if (prev && !('problem' in prev) && q.plan.requests.length) {
        const pq: Query = Object.assign(prev.query, { timing: q.timing });
        const opts = rowOptions(pq, {});
        previous = {
          rows: (await readSeries(store, q.plan.account.id, pq)).flatMap((s) => seriesRows(s, opts)),
          first: prev.first,
          last: prev.last,
        };
      }
      ctx.log.info(
        `account ${q.plan.account.id}: read from ${store.label} (${periodText(formatDate(localDate(q.start, q.tz)), formatDate(localDate(q.end - 1, q.tz)))})`,
      );
      part.extra({ accountName: name, facts, ...(previous ? { previous } : {}) });
    }
    await report.end();
  } finally {
    await store.close();
  }
}
