// Running a planned analytics query. Synchronous: the requests in plan order,
// a few at a time (the client waits out a 429 for the announced reset). Jobs:
// at most `maxJobs` processing at once, created in plan order, each job id
// written to the state file (and fsynced) before the next is created, so a
// killed run resumed with the same state creates none twice; polled together
// (≤ 200 job_ids per request) with a growing interval that also waits out
// x-rate-limit-remaining 0; results downloaded with no credential and merged.
// A series (id chunk × placement) is handed on as soon as all of its requests
// are in, in plan order, so memory holds only the series still in flight.
import type { UploadState } from '../../bulk/state.js';
import { runPool } from '../../bulk/pool.js';
import { NetworkError } from '../../errors.js';
import type { ApiClient } from '../../http/client.js';
import { STATS_LIMITS } from '../../validate/ads-stats.js';
import { createStatsJob, getStatsJobs, getSyncStats, type StatsElement, type StatsJob, type StatsParams } from './api.js';
import { downloadJobResult } from './download.js';
import { Collector, type Series } from './merger.js';
import type { RunPlan } from './planner.js';
import { iso, type PlannedRequest } from './plan.js';

export type SeriesSink = (series: Series[]) => void;

const paramsOf = (plan: RunPlan, r: PlannedRequest): StatsParams => ({
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

export async function runSync(client: ApiClient, plan: RunPlan, sink: SeriesSink, concurrency = 2): Promise<void> {
  const results = new Map<number, Awaited<ReturnType<typeof getSyncStats>>>();
  const c = new Collector(plan, sink);
  let nextToAdd = 0;
  await runPool(plan.requests, concurrency, async (r) => {
    results.set(r.index, await getSyncStats(client, plan.account, paramsOf(plan, r)));
    // Replies are merged in plan order, whatever order they arrive in.
    while (results.has(nextToAdd)) {
      const body = results.get(nextToAdd)!;
      results.delete(nextToAdd);
      const req = plan.requests[nextToAdd++]!;
      if (body.time_series_length !== undefined && body.time_series_length !== plan.buckets[plan.windows.indexOf(req.window)]!.length)
        throw new NetworkError(
          `the reply for ${iso(req.window.start)}…${iso(req.window.end)} has ${body.time_series_length} buckets, not the expected ${plan.buckets[plan.windows.indexOf(req.window)]!.length}`,
        );
      c.add(req, Array.isArray(body.data) ? body.data : []);
    }
  });
}

export interface JobOptions {
  state: UploadState;
  maxJobs: number;
  pollMs: number;
  maxPollMs: number;
  maxResultBytes: number;
  info: (m: string) => void;
  /** Attempts per request when its job fails or its file expires. */
  attempts?: number;
}

export interface JobTally {
  created: number;
  reused: number;
}

type Saved = Record<string, string>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runJobs(client: ApiClient, plan: RunPlan, sink: SeriesSink, o: JobOptions): Promise<JobTally> {
  const saved: Saved = { ...((o.state.extra.jobs as Saved | undefined) ?? {}) };
  const tally: JobTally = { created: 0, reused: 0 };
  const queue = [...plan.requests];
  const inflight = new Map<string, PlannedRequest>();
  const tries = new Map<number, number>();
  const done = new Map<number, StatsElementsOf>();
  const c = new Collector(plan, sink);
  let nextToAdd = 0;
  const flushDone = () => {
    while (done.has(nextToAdd)) {
      c.add(plan.requests[nextToAdd]!, done.get(nextToAdd)!);
      done.delete(nextToAdd++);
    }
  };
  const retry = async (r: PlannedRequest, why: string) => {
    const n = (tries.get(r.index) ?? 1) + 1;
    if (n > (o.attempts ?? 3))
      throw new NetworkError(`the job for ${iso(r.window.start)}…${iso(r.window.end)} (${r.ids.length} ids) ${why}, ${n - 1} times`);
    tries.set(r.index, n);
    o.info(`job for request ${r.index + 1} ${why}; creating it again`);
    delete saved[String(r.index)];
    queue.unshift(r);
  };
  let interval = o.pollMs;
  while (queue.length || inflight.size) {
    await fill(client, plan, o, queue, inflight, saved, tally);
    await sleep(interval);
    const progressed = await pollOnce(
      client,
      plan,
      o,
      inflight,
      (index, els) => {
        done.set(index, els);
        flushDone();
      },
      retry,
    );
    interval = progressed.any ? o.pollMs : Math.min(o.maxPollMs, Math.ceil(interval * 1.5));
    if (progressed.waitMs > 0) await sleep(progressed.waitMs);
  }
  flushDone();
  return tally;
}

type StatsElementsOf = StatsElement[];

/** Creates jobs up to the bound; a saved job id is reused instead. */
async function fill(
  client: ApiClient,
  plan: RunPlan,
  o: JobOptions,
  queue: PlannedRequest[],
  inflight: Map<string, PlannedRequest>,
  saved: Saved,
  tally: JobTally,
): Promise<void> {
  while (queue.length && inflight.size < o.maxJobs) {
    const r = queue.shift()!;
    let id = saved[String(r.index)];
    if (id) tally.reused++;
    else {
      id = (await createStatsJob(client, plan.account, paramsOf(plan, r))).id_str;
      if (typeof id !== 'string' || !/^\d{1,20}$/.test(id))
        throw new NetworkError(`the job create reply has no usable id_str (${JSON.stringify(id)})`);
      saved[String(r.index)] = id;
      tally.created++;
      // On disk before the next job is created: a kill now loses no job.
      o.state.setExtra({ jobs: saved });
      await o.state.flush();
    }
    inflight.set(id, r);
  }
}

/** One round of status requests (≤ 200 ids each); finished jobs are downloaded, failed ones queued again. */
async function pollOnce(
  client: ApiClient,
  plan: RunPlan,
  o: JobOptions,
  inflight: Map<string, PlannedRequest>,
  /** Each downloaded result, as soon as it is read (merged and printed in plan order from there). */
  onResult: (index: number, els: StatsElementsOf) => void,
  retry: (r: PlannedRequest, why: string) => Promise<void>,
): Promise<{ any: boolean; waitMs: number }> {
  const ids = [...inflight.keys()];
  const finished: Array<{ job: StatsJob; r: PlannedRequest }> = [];
  let any = false;
  let waitMs = 0;
  for (let i = 0; i < ids.length; i += STATS_LIMITS.jobIdsPerPoll) {
    const batch = ids.slice(i, i + STATS_LIMITS.jobIdsPerPoll);
    const res = await getStatsJobs(client, plan.account, batch);
    const rl = res.rateLimit;
    if (rl.remaining === 0 && rl.resetAt) waitMs = Math.max(waitMs, rl.resetAt - Date.now());
    const byId = new Map((Array.isArray(res.body.data) ? res.body.data : []).map((j) => [j.id_str, j]));
    for (const id of batch) {
      const job = byId.get(id);
      const r = inflight.get(id)!;
      if (!job || job.status === 'FAILED' || job.status === 'CANCELLED') {
        inflight.delete(id);
        any = true;
        await retry(r, job ? `ended ${job.status}` : 'is unknown to the server');
      } else if (job.status === 'SUCCESS') {
        inflight.delete(id);
        any = true;
        if (job.expires_at && Date.parse(job.expires_at) <= Date.now()) await retry(r, 'has an expired result url');
        else finished.push({ job, r });
      }
    }
  }
  // Downloads a few at a time; each file is read as a stream, one entity at a time.
  await runPool(finished, 4, async ({ job, r }) => {
    const els: StatsElementsOf = [];
    for await (const el of downloadJobResult(client, job, o.maxResultBytes)) els.push(el);
    onResult(r.index, els);
  });
  return { any, waitMs };
}
