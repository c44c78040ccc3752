// `ads stats`: from flags to a checked plan. Every rule that needs no account is
// checked before the first request (exit 6, nothing sent); the account is then
// read once (zone, currency) and the planner does the rest.
import { accountFacts } from '../../../ads/stats/account.js';
import { activeIdsByPlacement } from '../../../ads/stats/active.js';
import { parseBound, type StatsMode } from '../../../ads/stats/plan.js';
import { planQuery, planRange, type Query as PlannedQuery } from '../../../ads/stats/planner.js';
import { hasMoney, metricColumns } from '../../../ads/stats/rows.js';
import type { AccountRef } from '../../../ads/types.js';
import type { Context } from '../../../entry/context.js';
import type { InputProblem } from '../../../errors/cli-error.js';
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
import { isRelativeDay, RANGE_NAMES, resolveDay } from '../../../ads/stats/report/relative-range.js';
import { throwIfProblems } from '../_checks.js';
import { resolveBounds, type RangeTiming } from './_relative.js';

export type Query = PlannedQuery & { timing: RangeTiming };

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

/**
 * Rules of --from/--to/--range that need no time zone: present, dates, relative
 * days or whole hours, in order (when comparable). Relative days are checked as
 * UTC dates here; the account's zone decides their dates in buildQuery.
 */
function boundProblems(f: StatsFlags): InputProblem[] {
  if (f.range !== undefined) return rangeNameProblems(f);
  const out: InputProblem[] = [];
  if (!f.from)
    out.push({ field: '--from', message: 'is required (a date such as 2026-11-01, yesterday, 7-days-ago, or --range yesterday)' });
  if (!f.to) out.push({ field: '--to', message: 'is required (a date, inclusive, or an ISO time on a whole hour, exclusive)' });
  if (!f.from || !f.to) return out;
  const now = Date.now();
  const a = parseBound(resolveDay(f.from, now, 'UTC'), 'UTC', 'from');
  const b = parseBound(resolveDay(f.to, now, 'UTC'), 'UTC', 'to');
  if (typeof a === 'string') out.push({ field: '--from', message: relativeHint(a) });
  if (typeof b === 'string') out.push({ field: '--to', message: relativeHint(b) });
  // Two dates or two times compare the same in every zone (a relative day against a date is compared in the account's).
  const mixed = isRelativeDay(f.from) !== isRelativeDay(f.to);
  if (typeof a !== 'string' && typeof b !== 'string' && a.kind === b.kind && !mixed && b.ms <= a.ms)
    out.push({ field: '--from', message: `${f.from} is not before ${f.to}` });
  return out;
}

const relativeHint = (m: string): string =>
  m.replace('must be a date (2026-11-01)', 'must be a date (2026-11-01), today, yesterday, N-days-ago');

function rangeNameProblems(f: StatsFlags): InputProblem[] {
  const out: InputProblem[] = [];
  if (!(RANGE_NAMES as readonly string[]).includes(f.range!.toLowerCase()))
    out.push({ field: '--range', message: `must be one of ${RANGE_NAMES.join(', ')} (got ${JSON.stringify(f.range)})` });
  if (f.from !== undefined || f.to !== undefined)
    out.push({ field: '--range', message: 'names the whole range: give it without --from/--to' });
  return out;
}

/** Everything checkable before a request; returns the ids and the canonical names. */
export async function checkFlags(ctx: Context, args: string[], f: StatsFlags) {
  const ids = await readIds(ctx, args, f);
  const groups = commaList(f.metricGroups).map((g) => g.toUpperCase());
  const problems = statsSelectionProblems({
    entity: f.entity,
    ids,
    active: Boolean(f.active),
    metricGroups: groups,
    placement: f.placement,
    granularity: f.granularity.toUpperCase(),
    ...(f.segment ? { segment: f.segment.toUpperCase() } : {}),
    ...(f.country ? { country: f.country } : {}),
    mode: f.mode,
  });
  if (f.active && ids.length) problems.push({ field: '--active', message: 'takes the ids from active entities: give no ids with it' });
  problems.push(...boundProblems(f));
  throwIfProblems(problems, 'invalid stats query');
  return { ids, groups: groups as MetricGroup[], entity: entityName(f.entity)!, granularity: f.granularity.toUpperCase() as Granularity };
}

/**
 * The plan of a checked query: the account's zone (and currency when money is
 * asked for) from one account read, the range in that zone, the ids per
 * placement (active entities with --active), then the planner.
 */
export async function buildQuery(
  ctx: Context,
  client: ApiClient,
  account: AccountRef,
  f: StatsFlags,
  c: Awaited<ReturnType<typeof checkFlags>>,
): Promise<Query> {
  const money = hasMoney(metricColumns(c.entity, c.groups));
  const { tz, currency } = await accountFacts(client, account, { currency: money, warn: (m) => ctx.log.warn(m) });
  const bounds = resolveBounds(f, tz);
  const { start, end, problems } = planRange(bounds.from, bounds.to, c.granularity, tz);
  throwIfProblems(problems, 'invalid stats range');
  const timing = bounds.timing(start, end);
  const placements = f.placement.toLowerCase() === 'all' ? [...PLACEMENTS] : [placementName(f.placement)!];
  let idsByPlacement: Array<{ placement: string; ids: string[] }> = placements.map((placement) => ({ placement, ids: c.ids }));
  if (f.active) {
    if (c.entity === 'ACCOUNT')
      throwIfProblems([{ field: '--active', message: 'active entities has no ACCOUNT entity; give the account id' }]);
    idsByPlacement = await activeIdsByPlacement(client, account, { entity: c.entity, placements, start, end });
  }
  const query = planQuery({
    account,
    entity: c.entity,
    groups: c.groups,
    granularity: c.granularity,
    mode: f.mode as 'auto' | StatsMode,
    segment: f.segment?.toUpperCase(),
    country: f.country,
    start,
    end,
    idsByPlacement,
    tz,
    currency,
  });
  return Object.assign(query, { timing });
}
