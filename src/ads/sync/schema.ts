// The store's schema, one for DuckDB and PostgreSQL (both read this SQL as
// written: the types and the upsert syntax they share). Forward migrations
// only: `schema_version` holds the last applied, each step runs once, in a
// transaction, and a store newer than this build is refused (never downgraded).
import {
  METRIC_GROUPS,
  OBJECT_METRIC_KEYS,
  STATS_ENTITIES,
  metricsFor,
  type MetricGroup,
  type StatsEntity,
} from '../../validate/ads-stats.js';

/** The API's metric (dotted for a key of a conversion object) → its column in stats_daily. */
export function metricColumn(metric: string): string {
  if (metric === 'billed_charge_local_micro') return 'spend_micro';
  return metric.replace(/\./g, '_');
}

/** Every metric the API reports for any entity, as (group, metric) in a fixed order: stats_daily's columns. */
function allMetrics(): Array<{ group: MetricGroup; metric: string }> {
  const seen = new Set<string>();
  const out: Array<{ group: MetricGroup; metric: string }> = [];
  for (const group of METRIC_GROUPS)
    for (const entity of STATS_ENTITIES)
      for (const m of metricsFor(entity as StatsEntity, group)) {
        const subs = OBJECT_METRIC_KEYS[group];
        for (const metric of subs ? subs.map((s) => `${m}.${s}`) : [m])
          if (!seen.has(metric)) {
            seen.add(metric);
            out.push({ group, metric });
          }
      }
  return out;
}

const METRICS = allMetrics();

/** The key of a stats row, in the primary key's order. */
export const STATS_KEY = ['account_id', 'entity_type', 'entity_id', 'day', 'placement', 'segment_type', 'segment_value'] as const;

const metricDdl = METRICS.map((m) => `  ${metricColumn(m.metric)} BIGINT`).join(',\n');

/** Each migration, in order; the index + 1 is its version. Never edit a shipped step: add one. */
export const MIGRATIONS: readonly string[][] = [
  [
    `CREATE TABLE accounts (
  id VARCHAR PRIMARY KEY,
  name VARCHAR,
  business_name VARCHAR,
  timezone VARCHAR,
  currency VARCHAR,
  approval_status VARCHAR,
  deleted BOOLEAN,
  created_at VARCHAR,
  updated_at VARCHAR,
  raw VARCHAR,
  synced_at VARCHAR NOT NULL
)`,
    `CREATE TABLE funding_instruments (
  id VARCHAR PRIMARY KEY,
  account_id VARCHAR NOT NULL,
  name VARCHAR,
  type VARCHAR,
  currency VARCHAR,
  entity_status VARCHAR,
  start_time VARCHAR,
  end_time VARCHAR,
  deleted BOOLEAN,
  raw VARCHAR,
  synced_at VARCHAR NOT NULL
)`,
    `CREATE TABLE campaigns (
  id VARCHAR PRIMARY KEY,
  account_id VARCHAR NOT NULL,
  name VARCHAR,
  funding_instrument_id VARCHAR,
  entity_status VARCHAR,
  currency VARCHAR,
  daily_budget_amount_local_micro BIGINT,
  total_budget_amount_local_micro BIGINT,
  start_time VARCHAR,
  end_time VARCHAR,
  created_at VARCHAR,
  updated_at VARCHAR,
  deleted BOOLEAN,
  raw VARCHAR,
  synced_at VARCHAR NOT NULL
)`,
    `CREATE TABLE line_items (
  id VARCHAR PRIMARY KEY,
  account_id VARCHAR NOT NULL,
  campaign_id VARCHAR,
  name VARCHAR,
  objective VARCHAR,
  product_type VARCHAR,
  placements VARCHAR,
  bid_amount_local_micro BIGINT,
  total_budget_amount_local_micro BIGINT,
  entity_status VARCHAR,
  start_time VARCHAR,
  end_time VARCHAR,
  created_at VARCHAR,
  updated_at VARCHAR,
  deleted BOOLEAN,
  raw VARCHAR,
  synced_at VARCHAR NOT NULL
)`,
    `CREATE TABLE promoted_posts (
  id VARCHAR PRIMARY KEY,
  account_id VARCHAR NOT NULL,
  line_item_id VARCHAR,
  post_id VARCHAR,
  entity_status VARCHAR,
  approval_status VARCHAR,
  created_at VARCHAR,
  updated_at VARCHAR,
  deleted BOOLEAN,
  raw VARCHAR,
  synced_at VARCHAR NOT NULL
)`,
    `CREATE TABLE stats_daily (
  account_id VARCHAR NOT NULL,
  entity_type VARCHAR NOT NULL,
  entity_id VARCHAR NOT NULL,
  day DATE NOT NULL,
  placement VARCHAR NOT NULL,
  segment_type VARCHAR NOT NULL,
  segment_value VARCHAR NOT NULL,
  currency VARCHAR,
  partial BOOLEAN NOT NULL,
${metricDdl},
  synced_at VARCHAR NOT NULL,
  PRIMARY KEY (${STATS_KEY.join(', ')})
)`,
    `CREATE TABLE sync_runs (
  run_id VARCHAR NOT NULL,
  account_id VARCHAR NOT NULL,
  started_at VARCHAR NOT NULL,
  finished_at VARCHAR,
  status VARCHAR NOT NULL,
  entity_type VARCHAR NOT NULL,
  metric_groups VARCHAR NOT NULL,
  placement VARCHAR NOT NULL,
  segment_type VARCHAR NOT NULL,
  from_day DATE,
  to_day DATE,
  include_today BOOLEAN NOT NULL,
  inserted BIGINT,
  updated BIGINT,
  unchanged BIGINT,
  error VARCHAR,
  PRIMARY KEY (run_id, account_id)
)`,
    `CREATE TABLE sync_bookmarks (
  account_id VARCHAR NOT NULL,
  entity_type VARCHAR NOT NULL,
  segment_type VARCHAR NOT NULL,
  through_day DATE NOT NULL,
  run_id VARCHAR NOT NULL,
  updated_at VARCHAR NOT NULL,
  PRIMARY KEY (account_id, entity_type, segment_type)
)`,
  ],
];

export const SCHEMA_VERSION = MIGRATIONS.length;
