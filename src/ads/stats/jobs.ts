// Analytics as jobs, a pipeline rather than waves: jobs are created a few at a
// time (`creates` in flight, default 4) while earlier ones process (up to
// `maxJobs` processing; the API allows 100 per account, and TOO_MANY_JOBS —
// others' jobs count too — waits for one to finish instead of failing), every
// outstanding job is polled in one request (≤ 200 ids) on an interval that
// starts within a second and grows with the age of the oldest job, and each
// job's file is downloaded and merged as soon as it succeeds. A create's lane
// puts its job id on disk before it sends another create, so a run killed at
// any instant has at most `creates` jobs unrecorded, and a --resume finds
// those on the account (by what they ask) instead of creating them twice. The
// whole run is bounded by a deadline (--max-wait): past it, or when a
// rate-limit reset falls beyond it, the run stops with exit 5 naming the jobs a
// --resume will reuse.
import type { JobState } from '../../bulk/job-state.js';
import { ApiError } from '../../errors/api-error.js';
import { CliError, NetworkError } from '../../errors/cli-error.js';
import { EXIT } from '../../errors/exit-codes.js';
import type { ApiClient } from '../../http/client.js';
import { STATS_LIMITS } from '../../validate/ads-stats.js';
import type { AdsEnvelope } from '../types.js';
import { createStatsJob, getStatsJobs, listStatsJobsRequest, type StatsJob } from './api.js';
import { DownloadDeadline, downloadJobResult, ExpiredResult, type DownloadOptions } from './download.js';
import { describeRequest, paramsOf } from './executor.js';
import { Collector, type SeriesSink } from './merger.js';
import type { PlannedRequest } from './plan.js';
import { iso } from './range/calendar.js';
import type { Clock } from '../../world/world.js';
import type { RunPlan } from './planner.js';

export interface JobOptions {
  state: JobState;
  maxJobs: number;
  /** First poll this long after a job is created; the shortest interval. */
  pollMs: number;
  /** The longest interval between polls. */
  maxPollMs: number;
  /** Epoch ms: the run waits no later than this. */
  deadline: number;
  /** What --max-wait was, for messages. */
  maxWaitMs: number;
  download: Omit<DownloadOptions, 'signal' | 'deadline' | 'clock'>;
  info: (m: string) => void;
  /** Attempts per request when its job fails or its file expires. */
  attempts?: number;
  /** Result files read at once. */
  downloads?: number;
  /** Job creates in flight at once (within maxJobs). */
  creates?: number;
  /** Resolves when the output has room again (read no faster than rows are printed). */
  drain?: () => Promise<void>;
  /** A resumed run: the account's jobs are searched for ones a killed run created but did not record. */
  resume?: boolean;
  /** The run's clock: poll intervals, job ages, the deadline. */
  clock: Clock;
}

export interface JobTally {
  created: number;
  reused: number;
  /** Jobs found on the account that a killed run had created without recording them. */
  adopted: number;
}

const JOB_ID_RE = /^\d{1,20}$/;

/** A promise to wait on that any change (a job finished, one created, a failure) settles. */
class Changes {
  private waiters: Array<() => void> = [];
  notify(): void {
    for (const w of this.waiters.splice(0)) w();
  }
  /**
   * Waits for a change, or `ms` at most: on the machine's timer (waiting on other lanes, bounded by the
   * deadline), or on `clock` (a poll interval: the run's clock passes it, and a test's clock steps it).
   */
  wait(ms = Number.POSITIVE_INFINITY, clock?: Clock): Promise<void> {
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      if (clock && Number.isFinite(ms)) clock.sleep(Math.max(0, ms)).then(done, done);
      else if (Number.isFinite(ms)) timer = setTimeout(done, Math.max(0, ms));
      this.waiters.push(done);
    });
  }
}

interface Outstanding {
  r: PlannedRequest;
  /** When the job was created (or this run first saw it). */
  since: number;
}

const isTooManyJobs = (e: unknown): boolean =>
  e instanceof ApiError && e.status === 400 && e.errors.some((x) => x.code === 'TOO_MANY_JOBS');

export async function runJobs(client: ApiClient, plan: RunPlan, sink: SeriesSink, o: JobOptions): Promise<JobTally> {
  const run = new JobRun(client, plan, sink, o);
  return run.go();
}

class JobRun {
  private readonly c: Collector;
  private readonly queue: PlannedRequest[] = [];
  private readonly outstanding = new Map<string, Outstanding>();
  /** Every job id this run knows, with the request it answers: one id for two requests is a server fault. */
  private readonly owner = new Map<string, number>();
  private readonly tries = new Map<number, number>();
  private readonly finished: Array<{ job: StatsJob; r: PlannedRequest }> = [];
  private readonly changes = new Changes();
  private readonly abort = new AbortController();
  private failure: unknown;
  private left: number;
  /** Jobs of ours that may process at once: lowered to what is outstanding when the account is full. */
  private limit: number;
  private toldFull = false;
  /** Creates sent and not yet answered and recorded: they count against the limit too. */
  private creating = 0;
  private tally: JobTally = { created: 0, reused: 0, adopted: 0 };

  constructor(
    private client: ApiClient,
    private plan: RunPlan,
    sink: SeriesSink,
    private o: JobOptions,
  ) {
    this.c = new Collector(plan, sink);
    this.left = plan.requests.length;
    this.limit = o.maxJobs;
    const now = this.o.clock.now();
    for (const r of plan.requests) {
      const id = o.state.jobs.get(r.index);
      if (id === undefined) this.queue.push(r);
      else {
        this.outstanding.set(id, { r, since: now });
        this.owner.set(id, r.index);
        this.tally.reused++;
      }
    }
  }

  async go(): Promise<JobTally> {
    if (this.o.resume && this.queue.length) await this.adopt();
    const lanes = [
      ...Array.from({ length: Math.max(1, this.o.creates ?? 4) }, () => this.creator()),
      this.poller(),
      ...Array.from({ length: this.o.downloads ?? 4 }, () => this.downloader()),
    ];
    await Promise.all(lanes.map((p) => p.catch((e) => this.fail(e))));
    if (this.failure !== undefined) throw this.failure;
    return this.tally;
  }

  private fail(e: unknown): void {
    this.failure ??= e;
    this.abort.abort();
    this.changes.notify();
  }

  private get stopped(): boolean {
    return this.failure !== undefined || this.left === 0;
  }

  /** Past the deadline: exit 5 with what a --resume reuses. */
  private deadlineError(why: string): CliError {
    const ids = [...this.outstanding.keys()];
    const shown = ids.slice(0, 20).join(', ') + (ids.length > 20 ? ` and ${ids.length - 20} more` : '');
    return new CliError(
      `${why}; ${ids.length} job${ids.length === 1 ? '' : 's'} not finished${ids.length ? `: ${shown}` : ''} (saved in ${this.o.state.path})`,
      {
        exitCode: EXIT.RATE_LIMITED,
        code: 'deadline',
        hint: 'run the same command with --resume later: the jobs already created are reused, none is created twice.',
      },
    );
  }

  private overDeadline(): string {
    return `--max-wait (${Math.round(this.o.maxWaitMs / 1000)} s) passed`;
  }

  /**
   * A run killed between a create and its write left a job the state does not
   * name: the account's jobs created since the state began (a few minutes'
   * leeway for clocks) that ask exactly what a queued request asks are taken
   * for it, so a --resume never creates a job twice.
   */
  private async adopt(): Promise<void> {
    const since = this.o.state.startedAt - 5 * 60_000;
    const want = new Map<string, PlannedRequest[]>();
    for (const r of this.queue) {
      const k = requestKey(this.plan, r);
      want.set(k, [...(want.get(k) ?? []), r]);
    }
    let cursor: string | undefined;
    for (let page = 0; page < 50; page++) {
      const query: Array<[string, string]> = [['count', '1000']];
      if (cursor) query.push(['cursor', cursor]);
      const res = await this.client.request<AdsEnvelope<StatsJob[]>>({
        ...listStatsJobsRequest(this.plan.account, query),
        deadline: this.o.deadline,
      });
      let older = false;
      for (const j of Array.isArray(res.body?.data) ? res.body.data : []) {
        const created = Date.parse(String(j?.created_at));
        if (!(created >= since)) {
          older = true;
          continue;
        }
        const id = j.id_str;
        if (typeof id !== 'string' || !JOB_ID_RE.test(id) || this.owner.has(id) || (j.status !== 'PROCESSING' && j.status !== 'SUCCESS'))
          continue;
        const r = want.get(jobKey(j))?.shift();
        if (!r) continue;
        this.queue.splice(this.queue.indexOf(r), 1);
        this.owner.set(id, r.index);
        await this.o.state.record(r.index, id);
        this.outstanding.set(id, { r, since: this.o.clock.now() });
        this.tally.adopted++;
      }
      cursor = typeof res.body?.next_cursor === 'string' ? res.body.next_cursor : undefined;
      if (!cursor || older) break;
    }
    if (this.tally.adopted)
      this.o.info(
        `found ${this.tally.adopted} job${this.tally.adopted === 1 ? '' : 's'} the killed run created but had not recorded; reusing them`,
      );
  }

  /** One lane of creates: the queued jobs in plan order, each on disk before this lane sends the next. */
  private async creator(): Promise<void> {
    let blockedWait = 1000;
    while (!this.stopped) {
      if (!this.queue.length) {
        await this.changes.wait();
        continue;
      }
      if (this.outstanding.size + this.creating >= this.limit) {
        if (this.o.clock.now() >= this.o.deadline) throw this.deadlineError(this.overDeadline());
        await this.changes.wait(this.o.deadline - this.o.clock.now());
        continue;
      }
      const r = this.queue.shift()!;
      this.creating++;
      let job: StatsJob;
      try {
        job = await createStatsJob(this.client, this.plan.account, paramsOf(this.plan, r), this.o.deadline);
      } catch (e) {
        this.creating--;
        // Not created: first in line again.
        this.queue.unshift(r);
        this.changes.notify();
        if (isTooManyJobs(e)) {
          // The account's limit counts every job processing on it, ours and others': wait for one to finish.
          if (!this.toldFull)
            this.o.info(`the account has the most jobs processing it allows; waiting for one to finish (${this.outstanding.size} of ours)`);
          this.toldFull = true;
          if (this.o.clock.now() >= this.o.deadline) throw this.deadlineError(this.overDeadline());
          // Ours processing or on the way: wait for one of them to finish rather than ask again.
          if (this.outstanding.size || this.creating) this.limit = Math.max(1, this.outstanding.size + this.creating);
          else {
            // None of ours is processing: others' jobs fill the account; try again after a growing pause.
            await this.changes.wait(Math.min(blockedWait, this.o.deadline - this.o.clock.now()), this.o.clock);
            blockedWait = Math.min(blockedWait * 2, 10_000);
          }
          continue;
        }
        throw this.rateLimited(e);
      }
      blockedWait = 1000;
      const id = job?.id_str;
      if (typeof id !== 'string' || !JOB_ID_RE.test(id))
        throw new NetworkError(`the job create for ${describeRequest(r)} has no usable id_str (${JSON.stringify(id)?.slice(0, 40)})`);
      const earlier = this.owner.get(id);
      if (earlier !== undefined)
        throw new NetworkError(
          `the server answered job id ${id} for two creates: ${describeRequest(this.plan.requests[earlier]!)} and ${describeRequest(r)}`,
          { hint: 'one job cannot hold two requests; nothing of either is trusted. Run again, and report it if it persists.' },
        );
      this.owner.set(id, r.index);
      // On disk before this lane creates another: a kill now leaves at most one unrecorded job per lane.
      await this.o.state.record(r.index, id);
      this.creating--;
      this.tally.created++;
      this.outstanding.set(id, { r, since: this.o.clock.now() });
      this.changes.notify();
    }
  }

  /**
   * The next poll's delay: short while jobs are young, growing with the oldest one's age, and longer in
   * proportion when a round takes several status requests (more than 200 jobs outstanding), so a large run
   * spends no more of the status endpoint's limit per minute than a small one.
   */
  private interval(): number {
    let oldest = Number.POSITIVE_INFINITY;
    for (const x of this.outstanding.values()) oldest = Math.min(oldest, x.since);
    const age = this.o.clock.now() - oldest;
    const requests = Math.max(1, Math.ceil(this.outstanding.size / STATS_LIMITS.jobIdsPerPoll));
    return Math.min(this.o.maxPollMs * requests, Math.max(this.o.pollMs, Math.round(age / 4)) * requests);
  }

  /** Polls every outstanding job together; hands finished ones to the downloaders. */
  private async poller(): Promise<void> {
    let last = 0;
    let notBefore = 0;
    while (!this.stopped) {
      if (!this.outstanding.size) {
        await this.changes.wait();
        continue;
      }
      let oldest = Number.POSITIVE_INFINITY;
      for (const x of this.outstanding.values()) oldest = Math.min(oldest, x.since);
      // The first poll about pollMs after the oldest job; later ones on the growing interval, never before a reset.
      const due = Math.max(last + this.interval(), oldest + this.o.pollMs, notBefore);
      if (this.o.clock.now() >= this.o.deadline) throw this.deadlineError(this.overDeadline());
      if (this.o.clock.now() < due) {
        await this.changes.wait(Math.min(due, this.o.deadline) - this.o.clock.now(), this.o.clock);
        continue;
      }
      last = this.o.clock.now();
      const waitMs = await this.pollOnce();
      if (waitMs > 0) {
        if (this.o.clock.now() + waitMs > this.o.deadline)
          throw this.deadlineError(`the job status limit resets in ${Math.ceil(waitMs / 1000)} s, beyond --max-wait`);
        notBefore = this.o.clock.now() + waitMs;
      }
    }
  }

  /** One round of status requests; returns how long the rate limit says to wait. */
  private async pollOnce(): Promise<number> {
    const ids = [...this.outstanding.keys()];
    let waitMs = 0;
    for (let i = 0; i < ids.length; i += STATS_LIMITS.jobIdsPerPoll) {
      const batch = ids.slice(i, i + STATS_LIMITS.jobIdsPerPoll);
      let res: Awaited<ReturnType<typeof getStatsJobs>>;
      try {
        res = await getStatsJobs(this.client, this.plan.account, batch, this.o.deadline);
      } catch (e) {
        throw this.rateLimited(e);
      }
      const rl = res.rateLimit;
      if (rl.remaining === 0 && rl.resetAt) waitMs = Math.max(waitMs, rl.resetAt - this.o.clock.now());
      const byId = new Map<string, StatsJob>();
      for (const j of Array.isArray(res.body?.data) ? res.body.data : []) if (j && typeof j.id_str === 'string') byId.set(j.id_str, j);
      for (const id of batch) {
        const job = byId.get(id);
        const x = this.outstanding.get(id);
        if (!x) continue;
        if (!job || job.status === 'FAILED' || job.status === 'CANCELLED') {
          this.outstanding.delete(id);
          this.retry(x.r, job ? `ended ${job.status}` : `(job ${id}) is unknown to the server`);
        } else if (job.status === 'SUCCESS') {
          this.outstanding.delete(id);
          // A slot is free again; after a full account, one more than before is tried (others' jobs may have ended too).
          this.limit = Math.min(this.o.maxJobs, this.limit + 1);
          if (job.expires_at && Date.parse(job.expires_at) <= this.o.clock.now()) this.retry(x.r, `(job ${id}) has an expired result url`);
          else this.finished.push({ job, r: x.r });
        }
      }
    }
    this.changes.notify();
    return waitMs;
  }

  /** A job failed or its file expired: the request is created again, first in line (a few times at most). */
  private retry(r: PlannedRequest, why: string): void {
    const n = (this.tries.get(r.index) ?? 1) + 1;
    if (n > (this.o.attempts ?? 3)) throw new NetworkError(`the job for ${describeRequest(r)} ${why}, ${n - 1} times`);
    this.tries.set(r.index, n);
    this.o.info(`the job for ${describeRequest(r)} ${why}; creating it again`);
    this.o.state.forget(r.index);
    this.queue.unshift(r);
    this.changes.notify();
  }

  /** Downloads finished jobs one after another, merging each element as it is read. */
  private async downloader(): Promise<void> {
    while (!this.stopped) {
      const next = this.finished.shift();
      if (!next) {
        await this.changes.wait();
        continue;
      }
      const { job, r } = next;
      try {
        const rd = this.c.reader(r, `job ${job.id_str} (${describeRequest(r)})`);
        const o = { ...this.o.download, signal: this.abort.signal, deadline: this.o.deadline, clock: this.o.clock };
        for await (const el of downloadJobResult(this.client, job, o)) {
          if (this.failure !== undefined) return;
          rd.element(el);
          if (this.o.drain) await this.o.drain();
        }
        rd.end();
        this.left--;
      } catch (e) {
        if (e instanceof DownloadDeadline) throw this.deadlineError(this.overDeadline());
        if (!(e instanceof ExpiredResult)) throw e;
        this.retry(r, `(job ${job.id_str}) has an expired result url`);
      } finally {
        this.changes.notify();
      }
    }
  }

  /** A rate-limit error from a job request: the run stops as it would at the deadline, saying what to resume. */
  private rateLimited(e: unknown): unknown {
    if (e instanceof CliError && e.exitCode === EXIT.RATE_LIMITED) return this.deadlineError(`rate limited: ${e.message}`);
    return e;
  }
}

/** What a request asks, as a job object spells it: a job for it is one with the same key. */
function requestKey(plan: RunPlan, r: PlannedRequest): string {
  const p = paramsOf(plan, r);
  return [p.entity, p.ids.join(','), p.start, p.end, p.granularity, p.placement, [...p.groups].sort().join(','), p.segment ?? ''].join('|');
}

function jobKey(j: StatsJob): string {
  const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : []);
  const time = (v: unknown) => {
    const t = Date.parse(String(v));
    return Number.isFinite(t) ? iso(t) : String(v);
  };
  return [
    String(j.entity),
    list(j.entity_ids).join(','),
    time(j.start_time),
    time(j.end_time),
    String(j.granularity),
    String(j.placement),
    list(j.metric_groups).sort().join(','),
    typeof j.segmentation_type === 'string' ? j.segmentation_type : '',
  ].join('|');
}
