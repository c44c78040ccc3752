// The emulator's checks of an analytics query (synchronous or job), each a 400
// naming its parameter, as the reference states the rules: ≤ 20 ids, one
// placement, groups the entity allows (MOBILE_CONVERSION alone), whole hours,
// exclusive end after start, ≤ 7 days synchronous / ≤ 90 (45 segmented) as a
// job, DAY ranges on midnight in the account's time zone, segmentation only
// for jobs with its companion parameter.
import { requireAccount } from '../ads-support.js';
import { adsError, fail } from '../replies.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest } from '../types.js';
import { emuIsMidnight, type EmuStatsQuery } from './ads-stats-model.js';
import { EMU_GRANULARITIES, EMU_GROUPS, EMU_PLACEMENTS, EMU_SEGMENTS, EMU_STATS_ENTITIES, EMU_STATS_LIMITS } from './ads-stats-rules.js';

const HOUR = 3_600_000;
const TIME_RE = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2}):(\d{2})(?:\.0+)?(Z|[+-]\d{2}(?::?\d{2})?))?$/;

const bad = (req: EmuRequest, param: string, message: string): never => fail(adsError(400, 'INVALID_PARAMETER', message, param, req));

export function required(req: EmuRequest, name: string): string {
  const v = req.query.get(name);
  if (v === null || v === '') fail(adsError(400, 'MISSING_PARAMETER', `${name} is required`, name, req));
  return v;
}

/** An ISO 8601 time on a whole hour (a bare date is midnight UTC), in ms. */
export function wholeHour(req: EmuRequest, name: string): number {
  const text = required(req, name);
  const m = TIME_RE.exec(text);
  if (!m) return bad(req, name, `${name} must be ISO 8601`);
  let zone = m[5] ?? 'Z';
  if (zone !== 'Z') zone = zone.length === 3 ? `${zone}:00` : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone;
  const ms = Date.parse(m[2] ? `${m[1]}T${m[2]}:${m[3]}:${m[4]}${zone}` : `${m[1]}T00:00:00Z`);
  if (!Number.isFinite(ms)) bad(req, name, `${name} must be ISO 8601`);
  if (ms % HOUR !== 0) bad(req, name, `${name} must be expressed in whole hours (0 minutes and 0 seconds)`);
  return ms;
}

function groupsOf(req: EmuRequest, entity: string): string[] {
  const groups = required(req, 'metric_groups').split(',');
  for (const g of groups)
    if (!EMU_GROUPS[entity]!.includes(g)) bad(req, 'metric_groups', `metric group ${g} is not available for ${entity}`);
  if (groups.includes('MOBILE_CONVERSION') && groups.length > 1)
    bad(req, 'metric_groups', 'MOBILE_CONVERSION data must be requested separately');
  return groups;
}

function segmentOf(req: EmuRequest, job: boolean, groups: string[]): string | undefined {
  const seg = req.query.get('segmentation_type');
  if (!seg) return undefined;
  if (!job) bad(req, 'segmentation_type', 'segmentation is only available through the asynchronous analytics endpoints');
  const rule = EMU_SEGMENTS[seg];
  if (!rule) return bad(req, 'segmentation_type', `unknown segmentation_type ${seg}`);
  if (rule.country && !req.query.get('country')) bad(req, 'country', `segmentation_type ${seg} requires the country parameter`);
  if (rule.group && groups.some((g) => g !== rule.group)) bad(req, 'segmentation_type', `${seg} is only compatible with ${rule.group}`);
  return seg;
}

function checkRange(req: EmuRequest, start: number, end: number, maxHours: number, granularity: string, tz: string): void {
  if (end <= start) bad(req, 'end_time', 'end_time must be after start_time');
  if (end - start > maxHours * HOUR) bad(req, 'end_time', `the time range may be at most ${maxHours / 24} days`);
  if (granularity === 'DAY')
    for (const [name, t] of [
      ['start_time', start],
      ['end_time', end],
    ] as const)
      if (!emuIsMidnight(t, tz)) bad(req, name, `${name} must be midnight in the account's time zone (${tz}) for DAY granularity`);
}

/** The whole query, or a 400 naming the first broken rule. */
export function statsQuery(req: EmuRequest, state: EmulatorState, job: boolean): EmuStatsQuery {
  const account = requireAccount(req, state);
  const entity = required(req, 'entity');
  if (!EMU_STATS_ENTITIES.includes(entity)) bad(req, 'entity', `entity must be one of ${EMU_STATS_ENTITIES.join(', ')}`);
  const ids = required(req, 'entity_ids').split(',');
  if (ids.length > EMU_STATS_LIMITS.ids || ids.some((i) => !/^[A-Za-z0-9]+$/.test(i)))
    bad(req, 'entity_ids', `entity_ids takes 1 to ${EMU_STATS_LIMITS.ids} ids`);
  const groups = groupsOf(req, entity);
  const placement = required(req, 'placement');
  if (!EMU_PLACEMENTS.includes(placement))
    bad(req, 'placement', `placement must be one of ${EMU_PLACEMENTS.join(', ')} (one value per request)`);
  const granularity = required(req, 'granularity');
  if (!EMU_GRANULARITIES.includes(granularity)) bad(req, 'granularity', `granularity must be one of ${EMU_GRANULARITIES.join(', ')}`);
  const segment = segmentOf(req, job, groups);
  const start = wholeHour(req, 'start_time');
  const end = wholeHour(req, 'end_time');
  const limits = EMU_STATS_LIMITS;
  const maxHours = !job ? limits.syncHours : segment ? limits.segmentedJobHours : limits.jobHours;
  checkRange(req, start, end, maxHours, granularity, account.timezone);
  return { entity, ids, groups, placement, start, end, granularity, tz: account.timezone, ...(segment ? { segment } : {}) };
}
