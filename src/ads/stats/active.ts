// Active entities and reach, checked: a window longer than the 90 days one
// active-entities request may cover is asked in 90-day pieces and merged (an
// entity active in several is one entity: earliest start, latest end, every
// placement); each reply's ids must be single ids, each once. Reach replies
// must hold every asked id exactly once and nothing else, with counts that are
// integers ≥ 0 and frequencies that are numbers ≥ 0 (or null). Anything else is
// exit 7 naming the request.
import { NetworkError } from '../../errors/cli-error.js';
import type { ApiClient } from '../../http/client.js';
import { STATS_LIMITS } from '../../validate/ads-stats.js';
import type { AccountRef } from '../types.js';
import { activeEntities, reach, type ActiveEntity } from './api.js';
import { iso } from './range/calendar.js';

const ID_RE = /^[A-Za-z0-9]{1,32}$/;
const DAY_MS = 86_400_000;

const show = (v: unknown) => JSON.stringify(v)?.slice(0, 40);

/** Active entities over [start, end), in windows of at most 90 days, merged and checked. */
export async function activeOver(
  client: ApiClient,
  account: AccountRef,
  q: { entity: string; start: number; end: number; filter?: [string, string] },
): Promise<ActiveEntity[]> {
  const merged = new Map<string, ActiveEntity>();
  for (let t = q.start; t < q.end; t += STATS_LIMITS.activeDays * DAY_MS) {
    const end = Math.min(q.end, t + STATS_LIMITS.activeDays * DAY_MS);
    const what = `active entities for ${iso(t)}…${iso(end)}`;
    const res = await activeEntities(client, account, {
      entity: q.entity,
      start: iso(t),
      end: iso(end),
      ...(q.filter ? { filter: q.filter } : {}),
    });
    if (!Array.isArray(res?.data)) throw new NetworkError(`${what}: the reply has no data list`);
    const seen = new Set<string>();
    for (const e of res.data) {
      const id = e?.entity_id;
      if (typeof id !== 'string' || !ID_RE.test(id))
        throw new NetworkError(`${what}: the reply holds an entity id that is not one id (${show(id)})`);
      if (seen.has(id)) throw new NetworkError(`${what}: the reply holds entity ${id} more than once`);
      seen.add(id);
      if (!Array.isArray(e.placements) || e.placements.some((p) => typeof p !== 'string'))
        throw new NetworkError(`${what}: entity ${id} has no placement list (${show(e.placements)})`);
      const have = merged.get(id);
      if (!have) merged.set(id, { ...e, placements: [...e.placements] });
      else {
        if (e.activity_start_time < have.activity_start_time) have.activity_start_time = e.activity_start_time;
        if (e.activity_end_time > have.activity_end_time) have.activity_end_time = e.activity_end_time;
        for (const p of e.placements) if (!have.placements.includes(p)) have.placements.push(p);
      }
    }
  }
  return [...merged.values()];
}

/** The ids to ask for on each placement: the entities active entities reports on it. */
export async function activeIdsByPlacement(
  client: ApiClient,
  account: AccountRef,
  q: { entity: string; placements: readonly string[]; start: number; end: number },
): Promise<Array<{ placement: string; ids: string[] }>> {
  const list = await activeOver(client, account, q);
  return q.placements
    .map((p) => ({ placement: p, ids: list.filter((e) => e.placements.includes(p)).map((e) => e.entity_id) }))
    .filter((g) => g.ids.length);
}

export interface ReachRow {
  id: string;
  total_audience_reach: number | null;
  average_frequency: number | null;
}

/** Reach of the asked ids, one row each in the order asked; any other reply is exit 7. */
export async function checkedReach(
  client: ApiClient,
  account: AccountRef,
  kind: 'campaigns' | 'funding_instruments',
  q: { ids: readonly string[]; start: string; end: string },
): Promise<ReachRow[]> {
  const res = await reach(client, account, kind, q);
  const what = `reach of ${kind.replace('_', ' ')} for ${q.start}…${q.end}`;
  if (!Array.isArray(res?.data)) throw new NetworkError(`${what}: the reply has no data list`);
  const asked = new Set(q.ids);
  const byId = new Map<string, ReachRow>();
  const extra: string[] = [];
  const repeated: string[] = [];
  for (const row of res.data) {
    const id = typeof row?.id === 'string' ? row.id : show(row?.id);
    if (!asked.has(id)) extra.push(id);
    else if (byId.has(id)) repeated.push(id);
    else byId.set(id, row);
  }
  const missing = q.ids.filter((id) => !byId.has(id));
  const wrong = [
    missing.length ? `missing ${missing.join(', ')}` : '',
    repeated.length ? `repeated ${repeated.join(', ')}` : '',
    extra.length ? `not asked for ${extra.join(', ')}` : '',
  ].filter(Boolean);
  if (wrong.length) throw new NetworkError(`${what}: the reply does not hold each asked id once (${wrong.join('; ')})`);
  return q.ids.map((id) => {
    const row = byId.get(id)!;
    const reachV = row.total_audience_reach;
    if (reachV !== null && !(typeof reachV === 'number' && Number.isSafeInteger(reachV) && reachV >= 0))
      throw new NetworkError(`${what}: ${id} total_audience_reach ${show(reachV)} is not a count (an integer ≥ 0, or null)`);
    const freq = row.average_frequency;
    if (freq !== null && !(typeof freq === 'number' && Number.isFinite(freq) && freq >= 0))
      throw new NetworkError(`${what}: ${id} average_frequency ${show(freq)} is not a number ≥ 0 (or null)`);
    return { id, total_audience_reach: reachV, average_frequency: freq };
  });
}
