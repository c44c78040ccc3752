// Analytics (https://docs.x.com/x-ads-api/analytics): the synchronous stats
// endpoint with its user-level limit (250 per 15 minutes, x-rate-limit-*
// headers), active entities consistent with the stats model, and reach.
import { requireAccount } from '../ads-support.js';
import { adsError, adsOk, fail, paramsEcho } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, Handler } from '../types.js';
import * as jobs from './ads-stats-jobs.js';
import { EMU_DATA_FAULTS, emuApplyDataFault, emuEntityPlacements, emuStatsBody, type EmuDataFault } from './ads-stats-model.js';
import { required, statsQuery, wholeHour } from './ads-stats-query.js';
import { campaigns } from './ads-campaigns.js';
import { lineItems } from './ads-core-line-items.js';
import { EMU_ACTIVE_ENTITIES, EMU_STATS_LIMITS } from './ads-stats-rules.js';

const PREFIX: Record<string, string> = {
  CAMPAIGN: 'c',
  FUNDING_INSTRUMENT: 'f',
  LINE_ITEM: 'l',
  PROMOTED_ACCOUNT: 'a',
  PROMOTED_TWEET: 't',
};

/**
 * The account's active entities of a type. Campaigns are the account's own (its table: named, not deleted,
 * created before the window ends), as a report over active campaigns meets them live; other types, or any
 * type when the emulator is started with `statsEntities`, are that many made-up ids (default 45: l0000, l0001…).
 */
export function emuActiveIds(state: EmulatorState, entity: string, account?: string, end?: number): string[] {
  if (entity === 'CAMPAIGN' && account !== undefined && state.options.statsEntities === undefined)
    return [...campaigns(state, account).values()]
      .filter((c) => !c.deleted && (end === undefined || Date.parse(c.created_at) < end))
      .map((c) => c.id);
  const n = state.options.statsEntities ?? 45;
  return Array.from({ length: n }, (_, i) => `${PREFIX[entity] ?? 'x'}${i.toString(36).padStart(4, '0')}`);
}

/** Faults for the next replies of each analytics endpoint, one per reply, in order. */
export type StatsReplyFault = EmuDataFault | 'reach-ids' | 'active-ids';
const replyFaults = (state: EmulatorState) =>
  state.slice('ads.statsReplyFaults', () => ({
    sync: [] as StatsReplyFault[],
    reach: [] as StatsReplyFault[],
    active: [] as StatsReplyFault[],
  }));

/**
 * The next sync replies lose, repeat or add an entity or carry a negative value (the data faults);
 * `reach-ids` makes the next reach reply drop an asked id, repeat one and add one not asked;
 * `active-ids` makes the next active entities reply hold an id that is two ids ("x1,x2").
 */
export function queueStatsReplyFaults(state: EmulatorState, endpoint: 'sync' | 'reach' | 'active', faults: StatsReplyFault[]): void {
  replyFaults(state)[endpoint].push(...faults);
}

/**
 * Campaigns and line items the emulator holds spend only from the hour after they were created: one created
 * by a test has spent nothing, and a test that needs one with recent spend dates its creation back.
 */
function bornAt(state: EmulatorState, account: string, entity: string, ids: readonly string[]): Map<string, number> {
  const table: ReadonlyMap<string, { created_at: string }> | undefined =
    entity === 'CAMPAIGN' ? campaigns(state, account) : entity === 'LINE_ITEM' ? lineItems(state, account) : undefined;
  const out = new Map<string, number>();
  for (const id of ids) {
    const e = table?.get(id);
    if (e) out.set(id, Date.parse(e.created_at));
  }
  return out;
}

const syncStats: Handler = (req, state) => {
  const q = statsQuery(req, state, false);
  q.bornAt = bornAt(state, req.params.account_id!, q.entity, q.ids);
  q.restated = state.options.statsRestatements ?? [];
  const body = emuStatsBody(q, paramsEcho(req));
  const fault = replyFaults(state).sync.shift();
  if (fault && EMU_DATA_FAULTS.includes(fault)) emuApplyDataFault(body, fault as EmuDataFault);
  return { status: 200, body };
};

function idFilter(req: EmuRequest): string[] | undefined {
  const given = ['funding_instrument_ids', 'campaign_ids', 'line_item_ids'].filter((k) => req.query.get(k));
  if (given.length > 1) fail(adsError(400, 'INVALID_PARAMETER', `${given.join(' and ')} are exclusive`, given[1], req));
  if (!given.length) return undefined;
  const ids = req.query.get(given[0]!)!.split(',');
  if (ids.length > 200) fail(adsError(400, 'INVALID_PARAMETER', 'up to 200 ids may be given', given[0], req));
  return ids;
}

const activeEntities: Handler = (req, state) => {
  requireAccount(req, state);
  const entity = required(req, 'entity');
  if (!EMU_ACTIVE_ENTITIES.includes(entity))
    fail(adsError(400, 'INVALID_PARAMETER', `entity must be one of ${EMU_ACTIVE_ENTITIES.join(', ')}`, 'entity', req));
  const start = wholeHour(req, 'start_time');
  const end = wholeHour(req, 'end_time');
  if (end <= start) fail(adsError(400, 'INVALID_PARAMETER', 'end_time must be after start_time', 'end_time', req));
  if (end - start > EMU_STATS_LIMITS.activeHours * 3_600_000)
    fail(adsError(400, 'INVALID_PARAMETER', 'the window between start_time and end_time may be at most 90 days', 'end_time', req));
  const filter = idFilter(req);
  // Every seeded entity changed in every hour: activity spans the window, a few minutes in from each side.
  const data = emuActiveIds(state, entity, req.params.account_id!, end)
    .filter((_, i) => !filter || filter.length > i % 7)
    .map((id, i) => ({
      entity_id: id,
      activity_start_time: new Date(start + ((i * 7) % 50) * 60_000).toISOString().replace('.000Z', 'Z'),
      activity_end_time: new Date(end - ((i * 11) % 50) * 60_000 - 1000).toISOString().replace('.000Z', 'Z'),
      placements: emuEntityPlacements(id),
    }));
  if (replyFaults(state).active.shift() === 'active-ids' && data.length) data[0]!.entity_id = `${data[0]!.entity_id},x2`;
  return adsOk(req, data);
};

function reach(param: string): Handler {
  return (req, state) => {
    requireAccount(req, state);
    const ids = required(req, param).split(',');
    if (ids.length > 20) fail(adsError(400, 'INVALID_PARAMETER', 'up to 20 ids may be given', param, req));
    const start = wholeHour(req, 'start_time');
    const end = wholeHour(req, 'end_time');
    if (end <= start) fail(adsError(400, 'INVALID_PARAMETER', 'end_time must be after start_time', 'end_time', req));
    const hours = (end - start) / 3_600_000;
    const data = ids.map((id, i) => ({ id, total_audience_reach: 100 * hours + 17 * i, average_frequency: 1 + ((i % 4) + 1) / 100 }));
    if (replyFaults(state).reach.shift() === 'reach-ids' && data.length) {
      data.pop();
      data.push({ ...data[0]!, id: 'zz999' }, data[0]!);
    }
    return adsOk(req, data, { data_type: 'reach' });
  };
}

export function register(r: Router): void {
  r.route({
    method: 'GET',
    path: '/12/stats/accounts/:account_id',
    api: 'ads',
    auth: 'user',
    bucket: 'stats-sync',
    limit: { max: 250, windowSec: 900 },
    perUser: true,
    handler: syncStats,
  });
  r.route({ method: 'GET', path: '/12/stats/accounts/:account_id/active_entities', api: 'ads', auth: 'user', handler: activeEntities });
  r.route({
    method: 'GET',
    path: '/12/stats/accounts/:account_id/reach/campaigns',
    api: 'ads',
    auth: 'user',
    handler: reach('campaign_ids'),
  });
  r.route({
    method: 'GET',
    path: '/12/stats/accounts/:account_id/reach/funding_instruments',
    api: 'ads',
    auth: 'user',
    handler: reach('funding_instrument_ids'),
  });
  jobs.register(r);
}
