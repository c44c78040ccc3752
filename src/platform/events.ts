// The activity stream (GET /2/activity/stream) as a sequence of events:
// newline-delimited JSON with blank keep-alive lines. Disconnects — the body
// ending, a network error, silence longer than the stall timeout, or an
// operational-disconnect problem in the stream — lead to a reconnect with
// backoff that resumes where the last event left off (see event-resume.ts).
// Attempts are bounded per outage and reset once a connection delivers an event
// (a keep-alive is not data: a server that sends one and closes would otherwise
// be reconnected to for ever). Lines are split in linear time and capped in length.
// `runStream` is the machinery for any such stream (the filtered stream uses
// it too); a StreamSpec says where to connect and how to resume.
import type { Readable } from 'node:stream';
import { ApiError, problemKind, type Problem } from '../errors/api-error.js';
import { CliError, Interrupted, NetworkError } from '../errors/cli-error.js';
import { backoffDelay, sleep } from '../http/backoff.js';
import type { ApiClient, AuthMode } from '../http/client.js';
import type { Params } from '../http/encode.js';
import { EventResume, startTimeParam, type StreamEvent } from './event-resume.js';
import { parseJson } from '../json/lossless.js';

interface StreamLog {
  warn(message: string): void;
  info(message: string): void;
  verbose(message: string): void;
}

/** Where a stream lives and how a reconnect resumes it. */
export interface StreamSpec {
  /** For messages: 'the activity stream'. */
  name: string;
  path: string;
  auth: AuthMode;
  /** Query of the first connection. */
  initial: Params;
  /** Query of a reconnect, given when the first connection was made. */
  reconnectQuery(firstConnectedAt: number): Params;
  /** Records a message; false when it was delivered before (a replay), 'skip' when it is from before the stream's start. */
  accept(msg: StreamEvent, receivedAt: number): boolean | 'skip';
  /** Says where a reconnect resumes, for the log ('from 2026-…'), when it does. */
  resumeNote?(): string | undefined;
}

export interface StreamOptions {
  /** Stop after this many events. */
  limit?: number;
  /** Reconnect attempts per outage before giving up. */
  maxAttempts: number;
  baseDelayMs: number;
  capDelayMs: number;
  /** No byte (not even a keep-alive) for this long counts as a disconnect. */
  stallTimeoutMs: number;
  signal: AbortSignal;
  log: StreamLog;
  /** Called once per new event with the line as received; awaited (backpressure). */
  onEvent: (event: StreamEvent, line: string) => Promise<void> | void;
  now?: () => number;
  /** Longest line kept (characters); a longer one is skipped with a warning, in constant memory. Default 4 MiB. */
  maxLineBytes?: number;
}

/** The default line-length cap: a post with every expansion is tens of kilobytes. */
const DEFAULT_MAX_LINE_BYTES = 4 * 1024 * 1024;

export interface EventStreamOptions extends StreamOptions {
  /** Ask for this many minutes of past events on the first connection. */
  backfillMinutes?: number;
}

export interface StreamSummary {
  events: number;
  reconnects: number;
  duplicatesDropped: number;
  stopped: 'limit' | 'interrupted';
}

type Outcome = { kind: 'limit' } | { kind: 'aborted' } | { kind: 'disconnected'; reason: string; gotData: boolean };

const isDisconnectProblem = (p: Problem) => problemKind(p.type) === 'operational-disconnect' || p.title === 'operational-disconnect';

/** Errors worth another connection attempt: the server or network, or our own connection still counted. */
function transient(e: unknown): boolean {
  if (e instanceof NetworkError) return true;
  if (e instanceof ApiError) {
    if (e.status >= 500) return true;
    if (e.problemKind === 'operational-disconnect' || e.problemKind === 'client-disconnected') return true;
    // Right after a disconnect the server may still count the old connection.
    if (e.problemKind === 'streaming-connection' && e.problem?.connection_issue === 'TooManyConnections') return true;
  }
  return false;
}

export async function runEventStream(client: ApiClient, opts: EventStreamOptions): Promise<StreamSummary> {
  const resume = new EventResume();
  const initial: Params = opts.backfillMinutes ? [['backfill_minutes', String(opts.backfillMinutes)]] : [];
  const spec: StreamSpec = {
    name: 'the activity stream',
    path: '/2/activity/stream',
    auth: 'app',
    initial,
    accept: (msg, at) => resume.accept(msg, at),
    // Nothing seen yet: replay what the first request asked for, or everything since we first connected.
    reconnectQuery: (first) => {
      const from = resume.resumeAt();
      return from ? [['start_time', from]] : initial.length ? initial : [['start_time', startTimeParam(first - 2000)]];
    },
    resumeNote: () => resume.resumeAt(),
  };
  return runStream(client, spec, opts);
}

export async function runStream(client: ApiClient, spec: StreamSpec, opts: StreamOptions): Promise<StreamSummary> {
  const now = opts.now ?? Date.now;
  const summary: StreamSummary = { events: 0, reconnects: 0, duplicatesDropped: 0, stopped: 'interrupted' };
  let query = spec.initial;
  let attempts = 0;
  let firstConnectedAt: number | undefined;

  for (;;) {
    if (opts.signal.aborted) return summary;
    let body: Readable;
    try {
      const res = await client.stream({ method: 'GET', path: spec.path, query, auth: spec.auth });
      body = res.body;
    } catch (e) {
      if (e instanceof Interrupted || opts.signal.aborted) return summary;
      // The first connection fails fast: credentials, limits and URLs are wrong until fixed.
      if (firstConnectedAt === undefined || !transient(e) || ++attempts > opts.maxAttempts) throw giveUp(e, attempts, opts.maxAttempts);
      opts.log.warn(`reconnect attempt ${attempts} of ${opts.maxAttempts} failed: ${(e as Error).message}`);
      if (!(await pause(attempts, opts))) return summary;
      continue;
    }
    firstConnectedAt ??= now();
    opts.log.verbose(`connected to ${spec.name}${query.length ? ` (${query.map(([k, v]) => `${k}=${v}`).join(', ')})` : ''}`);
    const outcome = await consume(body, spec, summary, opts, now);
    if (outcome.kind === 'limit') {
      summary.stopped = 'limit';
      return summary;
    }
    if (outcome.kind === 'aborted') return summary;
    if (outcome.gotData) attempts = 0;
    if (++attempts > opts.maxAttempts)
      throw new NetworkError(`${spec.name} kept disconnecting (${outcome.reason}); gave up after ${opts.maxAttempts} attempts`, {
        hint: 'check the network, or raise --max-reconnects.',
      });
    summary.reconnects++;
    const from = spec.resumeNote?.();
    query = spec.reconnectQuery(firstConnectedAt);
    opts.log.warn(`stream disconnected (${outcome.reason}); reconnecting${from ? ` from ${from}` : ''}`);
    if (!(await pause(attempts, opts))) return summary;
  }
}

function giveUp(e: unknown, attempts: number, max: number): unknown {
  if (attempts > max && e instanceof CliError && !e.hint)
    e.hint = `gave up after ${max} reconnect attempts; raise --max-reconnects to keep trying longer.`;
  return e;
}

async function pause(attempt: number, opts: StreamOptions): Promise<boolean> {
  const ms = backoffDelay(attempt, { baseMs: opts.baseDelayMs, capMs: opts.capDelayMs });
  // Said with --verbose, so the growing delays can be checked (test/hardening/stream-backoff.test.ts).
  opts.log.verbose(`reconnect attempt ${attempt}: waiting ${ms} ms`);
  try {
    await sleep(ms, opts.signal);
    return true;
  } catch {
    return false;
  }
}

function consume(body: Readable, spec: StreamSpec, summary: StreamSummary, opts: StreamOptions, now: () => number): Promise<Outcome> {
  return new Connection(body, spec, summary, opts, now).consume();
}

/** One connection's body, read line by line under a stall timer, until it ends, stalls or reaches the limit. */
class Connection {
  /** An event (not a keep-alive, not a problem report) arrived on this connection. */
  private gotData = false;
  private stalled = false;
  private timer: NodeJS.Timeout | undefined;
  /** The pieces of a line not yet ended by a newline: joined once, when it ends (linear, not a rescan per chunk). */
  private parts: string[] = [];
  private partLength = 0;
  /** Inside a line longer than the cap: its bytes are dropped until the next newline. */
  private skipping = false;
  /** The operational-disconnect problem the server announced, if any. */
  private disconnect: string | undefined;

  constructor(
    private readonly body: Readable,
    private readonly spec: StreamSpec,
    private readonly summary: StreamSummary,
    private readonly opts: StreamOptions,
    private readonly now: () => number,
  ) {}

  private arm(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.stalled = true;
      this.body.destroy();
    }, this.opts.stallTimeoutMs);
  }

  async consume(): Promise<Outcome> {
    const { opts } = this;
    this.arm();
    try {
      this.body.setEncoding('utf8');
      for await (const chunk of this.body as AsyncIterable<string>) {
        this.arm();
        if (await this.chunk(chunk)) return { kind: 'limit' };
      }
    } catch (e) {
      if (opts.signal.aborted) return { kind: 'aborted' };
      if (!this.stalled)
        return { kind: 'disconnected', reason: this.disconnect ?? `connection lost: ${(e as Error).message}`, gotData: this.gotData };
    } finally {
      clearTimeout(this.timer);
      this.body.destroy();
    }
    if (opts.signal.aborted) return { kind: 'aborted' };
    if (this.stalled)
      return {
        kind: 'disconnected',
        reason: `no data or keep-alive for ${Math.round(opts.stallTimeoutMs / 1000)} s`,
        gotData: this.gotData,
      };
    return { kind: 'disconnected', reason: this.disconnect ?? 'the server closed the stream', gotData: this.gotData };
  }

  /** Splits a chunk at its newlines; true once the event limit is reached (the body is destroyed). */
  private async chunk(chunk: string): Promise<boolean> {
    let start = 0;
    for (let nl = chunk.indexOf('\n'); nl >= 0; nl = chunk.indexOf('\n', start)) {
      this.keep(chunk.slice(start, nl));
      start = nl + 1;
      const line = this.skipping ? undefined : this.parts.join('').replace(/\r$/, '');
      this.parts = [];
      this.partLength = 0;
      this.skipping = false;
      if (line === undefined || !line.trim()) continue; // a skipped line, or a keep-alive
      if (await this.line(line)) return true;
    }
    this.keep(chunk.slice(start));
    return false;
  }

  /** Keeps part of the current line, unless the line has grown past the cap. */
  private keep(piece: string): void {
    if (this.skipping || !piece) return;
    const max = this.opts.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    if (this.partLength + piece.length > max) {
      this.opts.log.warn(`skipped a line longer than ${max} characters from ${this.spec.name} (POSTCTL_MAX_LINE_MB raises the cap)`);
      this.parts = [];
      this.partLength = 0;
      this.skipping = true;
      return;
    }
    this.parts.push(piece);
    this.partLength += piece.length;
  }

  private async line(line: string): Promise<boolean> {
    const { opts, summary } = this;
    let msg: StreamEvent & { errors?: Problem[] };
    try {
      msg = parseJson(line) as typeof msg;
    } catch {
      opts.log.warn(`skipped a line that is not JSON: ${line.slice(0, 120)}`);
      return false;
    }
    if (Array.isArray(msg.errors) && msg.data === undefined) {
      for (const p of msg.errors) {
        if (isDisconnectProblem(p)) this.disconnect = `${String(p.disconnect_type ?? 'operational disconnect')}: ${p.detail ?? p.title}`;
        else opts.log.warn(`stream problem: ${p.detail ?? p.title}`);
      }
      return false;
    }
    this.gotData = true;
    const verdict = this.spec.accept(msg, this.now());
    if (verdict !== true) {
      if (verdict === false) summary.duplicatesDropped++;
      return false;
    }
    // A slow reader is not a stalled stream: no stall timer while we wait on it.
    clearTimeout(this.timer);
    await opts.onEvent(msg, line);
    this.arm();
    summary.events++;
    if (opts.limit !== undefined && summary.events >= opts.limit) {
      this.body.destroy();
      return true;
    }
    return false;
  }
}
