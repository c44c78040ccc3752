// The ids to ask for per placement: the given ids on each asked placement, or
// the entities active entities reports on it.
import type { ApiClient } from '../../http/client.js';
import type { AccountRef } from '../types.js';
import { activeEntities } from './api.js';
import { iso } from './plan.js';

export async function activeIdsByPlacement(
  client: ApiClient,
  account: AccountRef,
  q: { entity: string; placements: readonly string[]; start: number; end: number },
): Promise<Array<{ placement: string; ids: string[] }>> {
  const res = await activeEntities(client, account, { entity: q.entity, start: iso(q.start), end: iso(q.end) });
  const list = Array.isArray(res.data) ? res.data : [];
  return q.placements
    .map((p) => ({
      placement: p,
      ids: list.filter((e) => Array.isArray(e.placements) && e.placements.includes(p)).map((e) => String(e.entity_id)),
    }))
    .filter((g) => g.ids.length);
}
