// Report rows people read (pure): the merged rows of `ads stats` relabelled —
// the entity's name beside its id, the bucket's date in the account's zone,
// money in currency units (`spend`), the metrics asked for before placement,
// segment and the UTC bounds — in one key order for every row, so a CSV header
// and a table's columns are the same for all of them.
import type { Row } from '../rows.js';
import { currencyDigits, isMicros, microsRounded, microsToUnits, unitsName } from './money.js';
import { localDate, formatDate } from '../range/calendar.js';

export interface ShapeOptions {
  tz: string;
  granularity: string;
  /** The metric columns of the query, then the derived ones asked for, in the API's names. */
  metrics: readonly string[];
  /** id → name; undefined with --no-names (no name column). */
  names?: ReadonlyMap<string, string> | undefined;
  /** units: money in currency units (table, CSV); micros: the API's micros (--micros); both: JSON's fields and the converted ones. */
  money: 'units' | 'micros' | 'both';
  /** The account's currency (a column when money is asked for and known). */
  currency?: string | undefined;
  /** Many accounts in one output: an account column first. */
  account?: string | undefined;
}

const hourFormatters = new Map<string, Intl.DateTimeFormat>();

/** `YYYY-MM-DD HH:MM` of an instant in `tz`. */
function localTime(ms: number, tz: string): string {
  let f = hourFormatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: tz, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });
    hourFormatters.set(tz, f);
  }
  return `${formatDate(localDate(ms, tz))} ${f.format(new Date(ms))}`;
}

/**
 * Labels already made: every series of a query has the same buckets, and a zone's
 * wall time through Intl is the costliest step of a row (90,000 rows, 90 labels).
 */
const labels = new Map<string, string>();

/** The label of a bucket in the account's zone: its date (DAY), its local time (HOUR), its first and last dates (TOTAL). */
export function bucketLabel(start: string, end: string, granularity: string, tz: string): string {
  const key = `${start}\u0000${end}\u0000${granularity}\u0000${tz}`;
  let label = labels.get(key);
  if (label === undefined) {
    if (labels.size > 100_000) labels.clear();
    labels.set(key, (label = makeLabel(start, end, granularity, tz)));
  }
  return label;
}

function makeLabel(start: string, end: string, granularity: string, tz: string): string {
  const a = Date.parse(start);
  if (granularity === 'HOUR') return localTime(a, tz);
  const first = formatDate(localDate(a, tz));
  if (granularity !== 'TOTAL') return first;
  const last = formatDate(localDate(Date.parse(end) - 1, tz));
  return first === last ? first : `${first}..${last}`;
}

/** The column names a metric takes in the shaped rows. */
function metricKeys(metric: string, money: ShapeOptions['money']): string[] {
  if (!isMicros(metric) || money === 'micros') return [metric];
  return money === 'units' ? [unitsName(metric)] : [metric, unitsName(metric)];
}

/** Each metric with the columns it takes, worked out once per options (not once per row). */
const plans = new WeakMap<ShapeOptions, Array<{ m: string; keys: string[] }>>();
function planOf(o: ShapeOptions): Array<{ m: string; keys: string[] }> {
  let plan = plans.get(o);
  if (!plan) plans.set(o, (plan = o.metrics.map((m) => ({ m, keys: metricKeys(m, o.money) }))));
  return plan;
}

/** A merged (or totals) row as people read it; `date` already set (`total`) is kept. */
export function shapeRow(row: Row, o: ShapeOptions): Row {
  const out: Row = {};
  if (o.account !== undefined) out.account = o.account;
  const id = String(row.entity_id ?? '');
  out.entity_id = id;
  if (o.names) out.name = id === 'all' ? '' : (o.names.get(id) ?? '');
  out.date = typeof row.date === 'string' ? row.date : bucketLabel(String(row.start ?? ''), String(row.end ?? ''), o.granularity, o.tz);
  // Table and CSV show money with the currency's decimals (2 for USD); JSON keeps the exact units beside the micros.
  const digits = o.money === 'units' ? currencyDigits(o.currency) : undefined;
  for (const { m, keys } of planOf(o)) {
    const v = row[m] ?? null;
    for (const k of keys) {
      if (k === m) out[k] = v;
      else if (digits !== undefined) out[k] = microsRounded(v as number | string | null, digits);
      else out[k] = microsToUnits(v as number | string | null);
    }
  }
  if (o.currency !== undefined) out.currency = o.currency;
  out.placement = row.placement ?? null;
  out.segment = row.segment ?? null;
  out.start = row.start ?? null;
  out.end = row.end ?? null;
  return out;
}
