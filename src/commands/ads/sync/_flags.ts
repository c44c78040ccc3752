// `ads sync`: its flags read and checked before anything is opened or sent
// (every problem at once, exit 6), and the target's secrets handed to the
// redactor so no message or trace can print them.
import type { Context } from '../../../entry/context.js';
import { UsageError, type InputProblem } from '../../../errors/cli-error.js';
import { rangeFlagProblems } from '../../../ads/stats/range/time-range.js';
import { isPostgresUrl } from '../../../ads/sync/store.js';
import {
  entityName,
  METRIC_GROUPS,
  placementName,
  PLACEMENTS,
  STATS_LIMITS,
  statsSelectionProblems,
  type MetricGroup,
  type StatsEntity,
} from '../../../validate/ads-stats.js';
import { commaList, integerBetween } from '../../../validate/rules.js';
import { throwIfProblems } from '../_checks.js';
import type { SyncSelection } from './_account.js';

/** The entity types a sync can list the ids of. */
export const SYNC_ENTITIES: readonly StatsEntity[] = ['ACCOUNT', 'FUNDING_INSTRUMENT', 'CAMPAIGN', 'LINE_ITEM', 'PROMOTED_TWEET'];

export interface SyncFlags {
  since?: string;
  restate: string;
  includeToday?: boolean;
  entity: string;
  metricGroups: string;
  placement: string;
  segment?: string;
  country?: string;
  maxJobs?: string;
  parallel: string;
}

export function checkSyncFlags(f: SyncFlags, now: number): SyncSelection {
  const problems: InputProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const entities: StatsEntity[] = [];
  for (const e of commaList(f.entity)) {
    const name = entityName(e);
    if (!name || !SYNC_ENTITIES.includes(name)) add('--entity', `must be among ${SYNC_ENTITIES.join(', ')} (got ${JSON.stringify(e)})`);
    else if (!entities.includes(name)) entities.push(name);
  }
  if (!commaList(f.entity).length) add('--entity', `is empty: one or more of ${SYNC_ENTITIES.join(', ')}`);
  const groups = commaList(f.metricGroups).map((g) => g.toUpperCase());
  const segment = f.segment?.toUpperCase();
  for (const entity of entities)
    for (const p of statsSelectionProblems({
      entity,
      ids: [],
      active: true,
      metricGroups: groups,
      placement: f.placement,
      ...(segment ? { segment } : {}),
      ...(f.country ? { country: f.country } : {}),
      mode: 'auto',
    }))
      if (!problems.some((q) => q.field === p.field && q.message === p.message)) problems.push(p);
  if (!entities.length)
    for (const g of groups)
      if (!(METRIC_GROUPS as readonly string[]).includes(g))
        add('--metric-groups', `unknown metric group ${JSON.stringify(g)} (${METRIC_GROUPS.join(', ')})`);
  // --since is a one-day range's start as the range module reads it: a date, today, yesterday or N-days-ago.
  if (f.since !== undefined && (!f.since || rangeFlagProblems({ from: f.since, to: f.since, granularity: 'DAY' }, now).length))
    add('--since', `must be a date such as 2026-01-01, or N-days-ago (the account's calendar), got ${JSON.stringify(f.since)}`);
  const restate = integerBetween(0, 3650)(f.restate);
  if (restate) add('--restate', restate);
  const maxJobs = f.maxJobs === undefined ? undefined : integerBetween(1, STATS_LIMITS.processingJobs)(f.maxJobs);
  if (maxJobs) add('--max-jobs', maxJobs);
  const parallel = integerBetween(1, 16)(f.parallel);
  if (parallel) add('--parallel', parallel);
  throwIfProblems(problems, 'invalid sync');
  return {
    entities,
    groups: groups.filter((g): g is MetricGroup => (METRIC_GROUPS as readonly string[]).includes(g)),
    placements: f.placement.toLowerCase() === 'all' ? [...PLACEMENTS] : [placementName(f.placement)!],
    segment,
    country: f.country,
    since: f.since,
    restate: Number(f.restate),
    includeToday: Boolean(f.includeToday),
    maxJobs: f.maxJobs === undefined ? STATS_LIMITS.processingJobs : Number(f.maxJobs),
    parallel: Number(f.parallel),
  };
}

/** The target's password (in the URL, or PGPASSWORD) is never printed: the redactor masks it in every message and trace. */
export function guardSecrets(ctx: Context, target: string): void {
  if (!isPostgresUrl(target)) return;
  try {
    const u = new URL(target);
    if (u.password) ctx.redactor.add(u.password, decodeURIComponent(u.password));
    for (const [k, v] of u.searchParams) if (/pass|secret|key/i.test(k)) ctx.redactor.add(v);
  } catch {
    // A URL that does not parse is refused by the driver; nothing of it is printed as it is.
  }
  ctx.redactor.add(ctx.env.PGPASSWORD);
}

/** The --into / TARGET value, declared once for the store verbs. */
export const intoOption = {
  flags: '--into <target>',
  description: 'the store: a DuckDB file path (created on first use) or a postgres:// URL (credentials from it or PG* variables)',
} as const;

export function requireInto(into: string | undefined): string {
  if (into === undefined || !into.trim())
    throw new UsageError('--into is required: the store, a DuckDB file path or a postgres:// URL', 'e.g. --into ads.duckdb');
  return into;
}
