// Writing a sync into the store: the stats rows of one account-window compared
// with what the store holds (inserted / updated / unchanged counted from the
// values, only the first two written), the entities' current state upserted by
// id, the per-account bookmark and the run's record. The caller wraps an
// account-window in one transaction.
import { STATS_KEY } from './schema.js';
import type { Param, Store } from './store.js';

export interface StatsRow {
  account_id: string;
  entity_type: string;
  entity_id: string;
  /** The account's local date, YYYY-MM-DD. */
  day: string;
  placement: string;
  segment_type: string;
  segment_value: string;
  currency: string | null;
  /** The day was not over when read (--include-today): its figures will still grow. */
  partial: boolean;
  /** Column → value, for the asked metrics only (null: no data). */
  metrics: Map<string, bigint | null>;
}

export interface Counts {
  inserted: number;
  updated: number;
  unchanged: number;
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters with every metric column. */
const BATCH = 200;

const text = (v: unknown): string => (v === null || v === undefined ? '\u2205' : String(v));
const keyOf = (r: Record<string, unknown>): string => STATS_KEY.map((k) => text(r[k])).join('\u0000');

/** A multi-row INSERT … ON CONFLICT (key) DO UPDATE of `columns` (the key's own columns are not updated). */
function upsertSql(
  table: string,
  columns: readonly string[],
  key: readonly string[],
  rows: number,
  cast: Record<string, string> = {},
): string {
  let n = 0;
  const values = Array.from(
    { length: rows },
    () => `(${columns.map((c) => (cast[c] ? `CAST($${++n} AS ${cast[c]})` : `$${++n}`)).join(', ')})`,
  ).join(',\n');
  const set = columns.filter((c) => !key.includes(c)).map((c) => `${c} = excluded.${c}`);
  return `INSERT INTO ${table} (${columns.join(', ')}) VALUES\n${values}\nON CONFLICT (${key.join(', ')}) DO UPDATE SET ${set.join(', ')}`;
}

async function upsertRows(
  store: Store,
  table: string,
  columns: readonly string[],
  key: readonly string[],
  rows: Param[][],
  cast?: Record<string, string>,
) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const part = rows.slice(i, i + BATCH);
    await store.run(upsertSql(table, columns, key, part.length, cast), part.flat());
  }
}

/**
 * Upserts an account-window's stats rows; the store's rows of the same window
 * (account, entity type, segment type, placements, days) are read first, so each
 * new row is counted as inserted, updated (a value differs) or unchanged (not written).
 */
export async function writeStats(
  store: Store,
  w: { account: string; entityType: string; segmentType: string; placements: readonly string[]; from: string; to: string },
  columns: readonly string[],
  rows: readonly StatsRow[],
  syncedAt: string,
): Promise<Counts> {
  const have = await store.query(
    `SELECT ${STATS_KEY.map((k) => (k === 'day' ? 'CAST(day AS VARCHAR) AS day' : k)).join(', ')}, currency, partial${columns.map((c) => `, ${c}`).join('')}
FROM stats_daily WHERE account_id = $1 AND entity_type = $2 AND segment_type = $3 AND day >= CAST($4 AS DATE) AND day <= CAST($5 AS DATE)`,
    [w.account, w.entityType, w.segmentType, w.from, w.to],
  );
  const stored = new Map<string, string>();
  for (const r of have.rows) stored.set(keyOf(r), [r.currency, Boolean(r.partial), ...columns.map((c) => r[c])].map(text).join('|'));
  const counts: Counts = { inserted: 0, updated: 0, unchanged: 0 };
  const write: Param[][] = [];
  for (const r of rows) {
    const flat = r as unknown as Record<string, unknown>;
    const was = stored.get(keyOf(flat));
    const now = [r.currency, r.partial, ...columns.map((c) => r.metrics.get(c) ?? null)].map(text).join('|');
    if (was === now) {
      counts.unchanged++;
      continue;
    }
    if (was === undefined) counts.inserted++;
    else counts.updated++;
    write.push([
      ...STATS_KEY.map((k) => flat[k] as string),
      r.currency,
      r.partial,
      ...columns.map((c) => r.metrics.get(c) ?? null),
      syncedAt,
    ]);
  }
  await upsertRows(store, 'stats_daily', [...STATS_KEY, 'currency', 'partial', ...columns, 'synced_at'], STATS_KEY, write, { day: 'DATE' });
  return counts;
}

type Obj = Record<string, unknown>;
type Getter = (o: Obj) => Param;

const str =
  (...names: string[]): Getter =>
  (o) => {
    for (const n of names) {
      const v = o[n];
      if (typeof v === 'string') return v;
      if (typeof v === 'number' || typeof v === 'bigint') return String(v);
    }
    return null;
  };
const int =
  (name: string): Getter =>
  (o) => {
    const v = o[name];
    if (typeof v === 'bigint') return v;
    if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v);
    if (typeof v === 'string' && /^-?\d+$/.test(v)) return BigInt(v);
    return null;
  };
const bool =
  (name: string): Getter =>
  (o) =>
    typeof o[name] === 'boolean' ? (o[name] as boolean) : null;
const list =
  (name: string): Getter =>
  (o) =>
    Array.isArray(o[name]) ? (o[name] as unknown[]).map(String).join(',') : str(name)(o);

/** The columns of each entity table (besides id, account_id, raw and synced_at) and where each comes from. */
const ENTITY_TABLES = {
  accounts: {
    name: str('name'),
    business_name: str('business_name'),
    timezone: str('timezone'),
    currency: str('currency'),
    approval_status: str('approval_status'),
    deleted: bool('deleted'),
    created_at: str('created_at'),
    updated_at: str('updated_at'),
  },
  funding_instruments: {
    name: str('name', 'description'),
    type: str('type'),
    currency: str('currency'),
    entity_status: str('entity_status'),
    start_time: str('start_time'),
    end_time: str('end_time'),
    deleted: bool('deleted'),
  },
  campaigns: {
    name: str('name'),
    funding_instrument_id: str('funding_instrument_id'),
    entity_status: str('entity_status'),
    currency: str('currency'),
    daily_budget_amount_local_micro: int('daily_budget_amount_local_micro'),
    total_budget_amount_local_micro: int('total_budget_amount_local_micro'),
    start_time: str('start_time'),
    end_time: str('end_time'),
    created_at: str('created_at'),
    updated_at: str('updated_at'),
    deleted: bool('deleted'),
  },
  line_items: {
    campaign_id: str('campaign_id'),
    name: str('name'),
    objective: str('objective'),
    product_type: str('product_type'),
    placements: list('placements'),
    bid_amount_local_micro: int('bid_amount_local_micro'),
    total_budget_amount_local_micro: int('total_budget_amount_local_micro'),
    entity_status: str('entity_status'),
    start_time: str('start_time'),
    end_time: str('end_time'),
    created_at: str('created_at'),
    updated_at: str('updated_at'),
    deleted: bool('deleted'),
  },
  promoted_posts: {
    line_item_id: str('line_item_id'),
    post_id: str('post_id', 'tweet_id'),
    entity_status: str('entity_status'),
    approval_status: str('approval_status'),
    created_at: str('created_at'),
    updated_at: str('updated_at'),
    deleted: bool('deleted'),
  },
} satisfies Record<string, Record<string, Getter>>;

export type EntityTable = keyof typeof ENTITY_TABLES;

/** Upserts entities of one table by id (their current state); returns how many were written. */
export async function writeEntities(
  store: Store,
  table: EntityTable,
  account: string,
  items: readonly Obj[],
  syncedAt: string,
  json: (v: unknown) => string,
): Promise<number> {
  const getters = ENTITY_TABLES[table] as Record<string, Getter>;
  const cols = Object.keys(getters);
  const rows = items
    .filter((o) => typeof o.id === 'string')
    .map((o) => [o.id as string, ...(table === 'accounts' ? [] : [account]), ...cols.map((c) => getters[c]!(o)), json(o), syncedAt]);
  const columns = ['id', ...(table === 'accounts' ? [] : ['account_id']), ...cols, 'raw', 'synced_at'];
  await upsertRows(store, table, columns, ['id'], rows);
  return rows.length;
}

export interface RunRecord {
  run_id: string;
  account_id: string;
  started_at: string;
  entity_type: string;
  metric_groups: string;
  placement: string;
  segment_type: string;
  from_day: string | null;
  to_day: string | null;
  include_today: boolean;
}

const RUN_COLUMNS = [
  'run_id',
  'account_id',
  'started_at',
  'status',
  'entity_type',
  'metric_groups',
  'placement',
  'segment_type',
  'from_day',
  'to_day',
  'include_today',
];

/** The run's row for an account, marked running (a run killed here stays so: `ads sync status` shows it). */
export async function startRun(store: Store, r: RunRecord): Promise<void> {
  await upsertRows(
    store,
    'sync_runs',
    RUN_COLUMNS,
    ['run_id', 'account_id'],
    [
      [
        r.run_id,
        r.account_id,
        r.started_at,
        'running',
        r.entity_type,
        r.metric_groups,
        r.placement,
        r.segment_type,
        r.from_day,
        r.to_day,
        r.include_today,
      ],
    ],
    { from_day: 'DATE', to_day: 'DATE' },
  );
}

export async function endRun(
  store: Store,
  runId: string,
  account: string,
  end: { finished_at: string; status: 'ok' | 'failed'; counts?: Counts; error?: string; from_day?: string | null; to_day?: string | null },
): Promise<void> {
  const c = end.counts;
  await store.run(
    `UPDATE sync_runs SET finished_at = $3, status = $4, inserted = $5, updated = $6, unchanged = $7, error = $8,
from_day = COALESCE(CAST($9 AS DATE), from_day), to_day = COALESCE(CAST($10 AS DATE), to_day) WHERE run_id = $1 AND account_id = $2`,
    [
      runId,
      account,
      end.finished_at,
      end.status,
      c ? BigInt(c.inserted) : null,
      c ? BigInt(c.updated) : null,
      c ? BigInt(c.unchanged) : null,
      end.error ?? null,
      end.from_day ?? null,
      end.to_day ?? null,
    ],
  );
}

/** The last complete day written for (account, entity type, segment type), or undefined. */
export async function readBookmark(store: Store, account: string, entityType: string, segmentType: string): Promise<string | undefined> {
  const r = await store.query(
    'SELECT CAST(through_day AS VARCHAR) AS through_day FROM sync_bookmarks WHERE account_id = $1 AND entity_type = $2 AND segment_type = $3',
    [account, entityType, segmentType],
  );
  const v = r.rows[0]?.through_day;
  return typeof v === 'string' ? v : undefined;
}

export async function writeBookmark(
  store: Store,
  b: { account: string; entityType: string; segmentType: string; through: string; runId: string; at: string },
): Promise<void> {
  await upsertRows(
    store,
    'sync_bookmarks',
    ['account_id', 'entity_type', 'segment_type', 'through_day', 'run_id', 'updated_at'],
    ['account_id', 'entity_type', 'segment_type'],
    [[b.account, b.entityType, b.segmentType, b.through, b.runId, b.at]],
    { through_day: 'DATE' },
  );
}
