// Running a planned analytics query. Synchronous: the requests a few at a time
// (the client waits out a 429 for the announced reset, no later than the run's
// deadline); each reply is checked and merged as it arrives, and series are
// handed on in plan order. Jobs: the pipeline in jobs.ts.
import { runPool } from '../../bulk/pool.js';
import { NetworkError } from '../../errors/cli-error.js';
import type { ApiClient } from '../../http/client.js';
import { getSyncStats, type StatsParams } from './api.js';
import { Collector, type SeriesSink } from './merger.js';
import type { PlannedRequest } from './plan.js';
import { iso } from './range/calendar.js';
import type { RunPlan } from './planner.js';

export type { SeriesSink };

/** Requests in flight at once in a synchronous run. */
const SYNC_CONCURRENCY = 8;

export const paramsOf = (plan: RunPlan, r: PlannedRequest): StatsParams => ({
  entity: plan.entity,
  ids: r.ids,
  groups: r.groups,
  placement: r.placement,
  granularity: plan.granularity,
  start: iso(r.window.start),
  end: iso(r.window.end),
  ...(plan.segment ? { segment: plan.segment } : {}),
  ...(plan.country ? { country: plan.country } : {}),
});

/** Names a planned request in messages: its window, ids and placement. */
export const describeRequest = (r: PlannedRequest): string =>
  `request ${r.index + 1} (${iso(r.window.start)}…${iso(r.window.end)}, ${r.ids.length} id${r.ids.length === 1 ? '' : 's'} from ${r.ids[0]}, ${r.placement})`;

export async function runSync(client: ApiClient, plan: RunPlan, sink: SeriesSink, o: { deadline?: number } = {}): Promise<void> {
  const c = new Collector(plan, sink);
  await runPool(plan.requests, SYNC_CONCURRENCY, async (r) => {
    const body = await getSyncStats(client, plan.account, paramsOf(plan, r), o.deadline);
    const w = plan.windows.indexOf(r.window);
    const what = describeRequest(r);
    if (body.time_series_length !== undefined && body.time_series_length !== plan.buckets[w]!.length)
      throw new NetworkError(`${what}: the reply has ${body.time_series_length} buckets, not the expected ${plan.buckets[w]!.length}`);
    c.add(r, Array.isArray(body.data) ? body.data : [], what);
  });
}
