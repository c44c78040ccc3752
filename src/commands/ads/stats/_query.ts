// `ads stats`: from flags to a checked plan. Every rule that needs no account is
// checked before the first request (exit 6, nothing sent); the account is then
// read once (zone, currency), the range resolved in its zone, and the planner
// does the rest.
import { accountFacts } from '../../../ads/stats/account.js';
import { activeIdsByPlacement } from '../../../ads/stats/active.js';
import type { StatsMode } from '../../../ads/stats/plan.js';
import { planQuery, type Query } from '../../../ads/stats/planner.js';
import { rangeFlagProblems, resolveTimeRange } from '../../../ads/stats/range/time-range.js';
import { hasMoney, metricColumns } from '../../../ads/stats/rows.js';
import type { AccountRef } from '../../../ads/types.js';
import type { Context } from '../../../entry/context.js';
import type { ApiClient } from '../../../http/client.js';
import { openInput, readLines } from '../../../input/lines.js';
import {
  entityName,
  placementName,
  PLACEMENTS,
  statsSelectionProblems,
  type Granularity,
  type MetricGroup,
} from '../../../validate/ads-stats.js';
import { commaList } from '../../../validate/rules.js';
import { throwIfProblems } from '../_checks.js';

export interface StatsFlags {
  entity?: string;
  ids?: string;
  file?: string;
  active?: boolean;
  from?: string;
  to?: string;
  range?: string;
  granularity: string;
  metricGroups?: string;
  placement: string;
  segment?: string;
  country?: string;
  mode: string;
}

async function readIds(ctx: Context, args: string[], f: StatsFlags): Promise<string[]> {
  const ids = [...args.flatMap((a) => commaList(a)), ...commaList(f.ids)];
  if (f.file)
    for await (const { text } of readLines(openInput(f.file, ctx.io), { name: f.file === '-' ? 'stdin' : f.file })) {
      const t = text.trim();
      if (t && !t.startsWith('#')) ids.push(t);
    }
  return [...new Set(ids)];
}

/** Everything checkable before a request, as of `now` (the run's clock); returns the ids and the canonical names. */
export async function checkFlags(ctx: Context, args: string[], f: StatsFlags, now: number) {
  const ids = await readIds(ctx, args, f);
  const groups = commaList(f.metricGroups).map((g) => g.toUpperCase());
  const problems = statsSelectionProblems({
    entity: f.entity,
    ids,
    active: Boolean(f.active),
    metricGroups: groups,
    placement: f.placement,
    ...(f.segment ? { segment: f.segment.toUpperCase() } : {}),
    ...(f.country ? { country: f.country } : {}),
    mode: f.mode,
  });
  if (f.active && ids.length) problems.push({ field: '--active', message: 'takes the ids from active entities: give no ids with it' });
  problems.push(...rangeFlagProblems(f, now));
  throwIfProblems(problems, 'invalid stats query');
  return {
    ids,
    groups: groups as MetricGroup[],
    entity: entityName(f.entity)!,
    granularity: f.granularity.toUpperCase() as Granularity,
    now,
  };
}

/** Whether the query's columns hold money (then the currency is looked up). */
export const asksMoney = (c: Awaited<ReturnType<typeof checkFlags>>): boolean => hasMoney(metricColumns(c.entity, c.groups));

/**
 * The plan of a checked query: the account's zone (and its currency when money
 * is asked for and the account object says it) from one account read, the range in that zone, the ids per
 * placement (active entities with --active), then the planner.
 */
export async function buildQuery(
  _ctx: Context,
  client: ApiClient,
  account: AccountRef,
  f: StatsFlags,
  c: Awaited<ReturnType<typeof checkFlags>>,
): Promise<Query> {
  const { tz, currency } = await accountFacts(client, account, { currency: asksMoney(c) });
  const range = resolveTimeRange(f, { zone: tz, now: c.now });
  const { start, end } = range;
  const placements = f.placement.toLowerCase() === 'all' ? [...PLACEMENTS] : [placementName(f.placement)!];
  let idsByPlacement: Array<{ placement: string; ids: string[] }> = placements.map((placement) => ({ placement, ids: c.ids }));
  if (f.active) {
    if (c.entity === 'ACCOUNT')
      throwIfProblems([{ field: '--active', message: 'active entities has no ACCOUNT entity; give the account id' }]);
    idsByPlacement = await activeIdsByPlacement(client, account, { entity: c.entity, placements, start, end });
  }
  return planQuery({
    account,
    entity: c.entity,
    groups: c.groups,
    mode: f.mode as 'auto' | StatsMode,
    segment: f.segment?.toUpperCase(),
    country: f.country,
    range,
    idsByPlacement,
    currency,
  });
}
