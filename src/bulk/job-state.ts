// Resume state of asynchronous jobs (`ads stats --mode job`): which planned
// request got which job id, and a hash of the plan they belong to. Each new job
// id is on disk (temp file, fsync, rename; mode 0600) before the call that
// recorded it returns, with no throttle: the lane that created it sends its next
// create only after, so a run killed at any instant has at most one unrecorded
// job per lane of creates, which a --resume finds on the account. Records made
// while a write is under way share the next write (one fsync for several).
// Forgetting a job (it failed and is created again) rides on the next write.
// The state is written before the first create too: its start time tells a
// --resume which of the account's jobs a killed run may have created without
// recording them (killed between the create and the write).
// A saved state is checked before any request: a repeated job id, an id that is
// not a number or a request index outside the plan is exit 2, never trusted.
import { rm } from 'node:fs/promises';
import { CliError, UsageError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { optionsHash, readStateFile, writeDurably } from './state.js';

interface JobStateFile {
  version: 1;
  kind: 'jobs';
  /** What the jobs were created for (the plan's fingerprint) and its hash. */
  query: Record<string, unknown>;
  query_hash: string;
  /** Planned request index → job id. */
  jobs: Record<string, string>;
  /** When the first run of this state started (before its first create). */
  started_at: string;
  updated_at: string;
}

const JOB_ID_RE = /^\d{1,20}$/;

export class JobState {
  private chain: Promise<void> = Promise.resolve();
  /** A write queued behind the one under way, not started yet: later records ride on it. */
  private queued: Promise<void> | undefined;
  private writeError: unknown;

  private constructor(
    readonly path: string,
    private query: Record<string, unknown>,
    private jobMap: Map<number, string>,
    /** When the first run of this state started: jobs created since may be ours though unrecorded. */
    readonly startedAt: number,
  ) {}

  /** Saved job ids by planned request index. */
  get jobs(): ReadonlyMap<number, string> {
    return this.jobMap;
  }

  /**
   * Reads a saved state (only a regular file is read) and checks its shape.
   * Returns the saved jobs, or undefined when there is no state; a state that
   * is not ours, or was tampered with, is exit 2.
   */
  static async read(
    path: string,
    requests: number,
    o: { strict: boolean } = { strict: true },
  ): Promise<{ query_hash: string; jobs: Map<number, string>; started_at: number } | undefined> {
    // Whatever the mode, only a regular file is read (a FIFO or link there is exit 2 at once).
    const text = await readStateFile(path, 'job state');
    if (text === undefined) return undefined;
    if (!o.strict) {
      // A run that starts over replaces a job state (its jobs are only counted for the warning), never a file
      // that is not one: --state may have been pointed at anything, and that file is removed at the end.
      if (!JobState.isJobState(text))
        throw new UsageError(
          `refusing the job state ${path}: it is not a postctl job state, and a run would replace it`,
          'point --state at a new file or at a job state postctl wrote; nothing was sent.',
        );
      try {
        return await JobState.parse(path, text, requests);
      } catch {
        return undefined;
      }
    }
    return JobState.parse(path, text, requests);
  }

  /** The text is a job state of ours (whichever plan it is for). */
  private static isJobState(text: string): boolean {
    try {
      const saved = JSON.parse(text) as Partial<JobStateFile> | null;
      return saved?.version === 1 && saved.kind === 'jobs';
    } catch {
      return false;
    }
  }

  private static async parse(
    path: string,
    text: string,
    requests: number,
  ): Promise<{ query_hash: string; jobs: Map<number, string>; started_at: number }> {
    const bad = (why: string) =>
      new UsageError(
        `the job state ${path} is not usable: ${why}`,
        'remove it to start over (its jobs are created again); nothing was sent.',
      );
    let saved: JobStateFile;
    try {
      saved = JSON.parse(text) as JobStateFile;
    } catch (e) {
      throw bad(`not JSON (${(e as Error).message})`);
    }
    if (saved?.version !== 1 || saved.kind !== 'jobs' || typeof saved.jobs !== 'object' || saved.jobs === null)
      throw bad('not a postctl job state');
    const jobs = new Map<number, string>();
    const owner = new Map<string, number>();
    for (const [k, id] of Object.entries(saved.jobs)) {
      const index = Number(k);
      if (!/^\d+$/.test(k) || index >= requests) throw bad(`request ${JSON.stringify(k)} is not one of the plan's ${requests}`);
      if (typeof id !== 'string' || !JOB_ID_RE.test(id)) throw bad(`request ${k} has job id ${JSON.stringify(id)}, not a number`);
      if (owner.has(id)) throw bad(`job ${id} is saved for requests ${owner.get(id)} and ${k}: one job answers one request`);
      owner.set(id, index);
      jobs.set(index, id);
    }
    const started = Date.parse(String(saved.started_at));
    return { query_hash: String(saved.query_hash), jobs, started_at: Number.isFinite(started) ? started : 0 };
  }

  /**
   * Opens the state for a plan. With `resume`, saved jobs of the same plan are
   * reused (another plan's: exit 2); without, a saved state is replaced.
   */
  static async open(
    path: string,
    query: Record<string, unknown>,
    requests: number,
    o: { resume: boolean; warn: (m: string) => void; info: (m: string) => void },
  ): Promise<JobState> {
    const saved = await JobState.read(path, requests, { strict: o.resume });
    if (!o.resume) {
      if (saved?.jobs.size)
        o.warn(
          `${path} holds ${saved.jobs.size} job${saved.jobs.size === 1 ? '' : 's'} of an unfinished run; starting over (pass --resume to reuse them)`,
        );
      return JobState.fresh(path, query);
    }
    if (!saved) {
      o.info(`no saved jobs at ${path}: creating every job`);
      return JobState.fresh(path, query);
    }
    if (saved.query_hash !== optionsHash(query))
      throw new UsageError(
        `cannot resume: the job state ${path} was saved for another query`,
        'rerun with the same query (ids, range, groups, placement, segment) to resume, or without --resume to start over.',
      );
    o.info(`resuming: ${saved.jobs.size} job${saved.jobs.size === 1 ? '' : 's'} already created (state ${path})`);
    return new JobState(path, query, saved.jobs, saved.started_at);
  }

  /** A new state, on disk before the first create (its start time bounds the jobs a --resume may adopt). */
  private static async fresh(path: string, query: Record<string, unknown>): Promise<JobState> {
    const state = new JobState(path, query, new Map(), Date.now());
    await state.write();
    return state;
  }

  /** Records a new job: on disk when this returns. */
  async record(index: number, id: string): Promise<void> {
    this.jobMap.set(index, id);
    await this.write();
  }

  /** Drops a job (it failed or expired and is created again); written with the next write. */
  forget(index: number): void {
    this.jobMap.delete(index);
  }

  /** Writes the whole state, as it is when the write starts, after any write in flight. */
  write(): Promise<void> {
    if (this.queued) return this.queued;
    const run = this.chain.then(async () => {
      this.queued = undefined;
      const text = this.text();
      try {
        await writeDurably(this.path, text);
      } catch (e) {
        this.writeError = e;
        throw new CliError(`cannot write the job state ${this.path}: ${(e as Error).message}`, {
          exitCode: EXIT.INTERNAL,
          code: 'state_write',
        });
      }
    });
    this.queued = run;
    this.chain = run.catch(() => undefined);
    return run;
  }

  private text(): string {
    const body: JobStateFile = {
      version: 1,
      kind: 'jobs',
      query: this.query,
      query_hash: optionsHash(this.query),
      jobs: Object.fromEntries([...this.jobMap].sort((a, b) => a[0] - b[0]).map(([k, v]) => [String(k), v])),
      started_at: new Date(this.startedAt).toISOString(),
      updated_at: new Date().toISOString(),
    };
    return JSON.stringify(body) + '\n';
  }

  /** The run finished: its rows went to stdout, so the state is not needed any more. */
  async remove(): Promise<void> {
    await this.chain;
    if (!this.writeError) await rm(this.path, { force: true });
  }
}
