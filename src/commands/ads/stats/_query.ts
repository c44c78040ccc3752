// `ads stats`: from flags to a checked plan. Every rule that needs no account is
// checked before the first request (exit 6, nothing sent); the account's time
// zone is then fetched once, and the range checked and split in it.
import { getAccount } from '../../../ads/accounts.js';
import { fundingInstrumentsRequest } from '../../../ads/campaigns.js';
import { hasMoney, metricColumns } from '../../../ads/stats-rows.js';
import { activeEntities } from '../../../ads/stats.js';
import {
  buckets,
  chooseMode,
  groupSets,
  iso,
  isTimeZone,
  maxWindowDays,
  parseBound,
  planRequests,
  rangeProblems,
  splitWindows,
  type Bound,
  type PlannedRequest,
  type StatsMode,
} from '../../../ads/stats-plan.js';
import type { RunPlan } from '../../../ads/stats-run.js';
import type { AccountRef, AdsEnvelope } from '../../../ads/types.js';
import type { Context } from '../../../context.js';
import { NetworkError, type InputProblem } from '../../../errors.js';
import type { ApiClient } from '../../../http/client.js';
import { openInput, readLines } from '../../../input/lines.js';
import {
  entityName,
  placementName,
  PLACEMENTS,
  REQUESTED_APART,
  statsSelectionProblems,
  type Granularity,
  type MetricGroup,
  type StatsEntity,
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
  granularity: string;
  metricGroups?: string;
  placement: string;
  segment?: string;
  country?: string;
  mode: string;
}

export interface Query {
  entity: StatsEntity;
  groups: MetricGroup[];
  granularity: Granularity;
  mode: StatsMode;
  tz: string;
  /** The account's currency when a money metric is asked for (from its funding instruments). */
  currency?: string | undefined;
  start: number;
  end: number;
  plan: RunPlan;
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

/** Rules of --from/--to that need no time zone: present, dates or whole hours, in order (when comparable). */
function boundProblems(f: StatsFlags): InputProblem[] {
  const out: InputProblem[] = [];
  if (!f.from) out.push({ field: '--from', message: 'is required (a date such as 2026-11-01, or an ISO time on a whole hour)' });
  if (!f.to) out.push({ field: '--to', message: 'is required (a date, inclusive, or an ISO time on a whole hour, exclusive)' });
  if (!f.from || !f.to) return out;
  const a = parseBound(f.from, 'UTC', 'from');
  const b = parseBound(f.to, 'UTC', 'to');
  if (typeof a === 'string') out.push({ field: '--from', message: a });
  if (typeof b === 'string') out.push({ field: '--to', message: b });
  // Two dates or two times compare the same in every zone.
  if (typeof a !== 'string' && typeof b !== 'string' && a.kind === b.kind && b.ms <= a.ms)
    out.push({ field: '--from', message: `${f.from} is not before ${f.to}` });
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
 * The account's currency: an ads account holds none itself, its funding instruments do
 * (https://docs.x.com/x-ads-api/campaign-management#funding-instruments), and an account bills in one
 * currency, so the first instrument's is the account's. Undefined (with the rows still in micros) when
 * the account has no instrument to read it from.
 */
async function accountCurrency(client: ApiClient, account: AccountRef): Promise<string | undefined> {
  const res = await client.request<AdsEnvelope<Array<{ currency?: unknown }>>>(
    fundingInstrumentsRequest(account, [
      ['count', '1'],
      ['with_deleted', 'true'],
    ]),
  );
  const currency = Array.isArray(res.body?.data) ? res.body.data[0]?.currency : undefined;
  return typeof currency === 'string' && /^[A-Z]{3}$/.test(currency) ? currency : undefined;
}

export async function accountZone(client: ApiClient, account: AccountRef): Promise<string> {
  const tz = (await getAccount(client, account)).body?.data?.timezone;
  if (typeof tz !== 'string' || !isTimeZone(tz))
    throw new NetworkError(`the account ${account.id} has no usable time zone (${JSON.stringify(tz)})`);
  return tz;
}

/** Ids per placement: the given ids on the asked placement(s), or what active entities says. */
async function idsByPlacement(
  client: ApiClient,
  account: AccountRef,
  q: { entity: StatsEntity; ids: string[]; placement: string; start: number; end: number; active: boolean },
) {
  const asked = q.placement.toLowerCase() === 'all' ? [...PLACEMENTS] : [placementName(q.placement)!];
  if (!q.active) return asked.map((p) => ({ placement: p, ids: q.ids }));
  if (q.entity === 'ACCOUNT')
    throwIfProblems([{ field: '--active', message: 'active entities has no ACCOUNT entity; give the account id' }]);
  const res = await activeEntities(client, account, { entity: q.entity, start: iso(q.start), end: iso(q.end) });
  const list = Array.isArray(res.data) ? res.data : [];
  return asked
    .map((p) => ({
      placement: p,
      ids: list.filter((e) => Array.isArray(e.placements) && e.placements.includes(p)).map((e) => String(e.entity_id)),
    }))
    .filter((g) => g.ids.length);
}

export async function buildQuery(
  client: ApiClient,
  account: AccountRef,
  f: StatsFlags,
  c: Awaited<ReturnType<typeof checkFlags>>,
): Promise<Query> {
  const tz = await accountZone(client, account);
  const start = (parseBound(f.from!, tz, 'from') as Bound).ms;
  const end = (parseBound(f.to!, tz, 'to') as Bound).ms;
  throwIfProblems(rangeProblems(start, end, c.granularity, tz), 'invalid stats range');
  const segment = f.segment?.toUpperCase();
  const mode = chooseMode(f.mode as 'auto' | StatsMode, start, end, c.granularity, tz, Boolean(segment));
  const windows = splitWindows(start, end, maxWindowDays(mode, Boolean(segment)), c.granularity, tz);
  const groupsByPlacement = await idsByPlacement(client, account, {
    entity: c.entity,
    ids: c.ids,
    placement: f.placement,
    start,
    end,
    active: Boolean(f.active),
  });
  const requests: PlannedRequest[] = [];
  for (const g of groupsByPlacement) {
    const series = requests.length ? requests[requests.length - 1]!.series + 1 : 0;
    for (const r of planRequests({ ids: g.ids, placements: [g.placement], groupSets: groupSets(c.groups, REQUESTED_APART), windows }))
      requests.push({ ...r, index: requests.length, series: r.series + series });
  }
  const plan: RunPlan = {
    account,
    entity: c.entity,
    granularity: c.granularity,
    ...(segment ? { segment } : {}),
    ...(f.country ? { country: f.country } : {}),
    requests,
    windows,
    buckets: windows.map((w) => buckets(w, c.granularity, tz)),
  };
  const currency = hasMoney(metricColumns(c.entity, c.groups)) ? await accountCurrency(client, account) : undefined;
  return { entity: c.entity, groups: c.groups, granularity: c.granularity, mode, tz, currency, start, end, plan };
}
