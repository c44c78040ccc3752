// The download of a job's result file. It lives on another origin, so it is
// fetched with no credential at all, over https (plain http only to loopback),
// and inflated and parsed as a stream under a cap on the decompressed size:
// elements are handed on one at a time, so memory stays flat whatever the size.
//
// The file is fetched with node:http(s), not the API's undici agent: plain file
// hosts close the connection after the body (HTTP/1.0, `Connection: close`),
// and undici 7 crashes the process with an uncatchable `assert(!this.paused)`
// when that FIN arrives while the body is under backpressure
// (https://github.com/nodejs/undici/issues/5360). The fix
// (https://github.com/nodejs/undici/pull/5474) is in undici 8, which needs
// Node 22.19; the 7.x line this CLI runs on (Node 20) still asserts in
// Parser.finish. Node's own client pauses the socket instead and reads the FIN
// when the consumer catches up. Behind HTTP(S)_PROXY the file goes through the
// API's agent as every request does (node:http has no proxy support); a proxy
// keeps its own connection to the client alive.
//
// No timer of the machine bounds the download: --timeout is the longest the
// host may send nothing and --max-wait the whole run, both on the run's clock
// (idle.ts).
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Transform, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { ApiError } from '../../errors/api-error.js';
import { CliError, InputError, NetworkError } from '../../errors/cli-error.js';
import { EXIT } from '../../errors/exit-codes.js';
import type { ApiClient } from '../../http/client.js';
import { isLoopbackHost } from '../../http/url-policy.js';
import { readJsonArray } from '../../input/json-stream.js';
import type { StatsElement, StatsJob } from './api.js';
import { IdleWatch } from './idle.js';
import type { Clock } from '../../world/world.js';

/** A result url that has expired (403 from the file host): the job is created again. */
export class ExpiredResult extends NetworkError {
  override name = 'ExpiredResult';
}

/** Only https, or plain http to a loopback host (the emulator): a job's url comes from the server and is not trusted. */
function checkResultUrl(raw: unknown, jobId: string): URL {
  let url: URL | undefined;
  try {
    url = typeof raw === 'string' ? new URL(raw) : undefined;
  } catch {
    url = undefined;
  }
  if (!url) throw new NetworkError(`job ${jobId} finished without a usable result url (${JSON.stringify(raw)})`);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname))) return url;
  throw new NetworkError(`refusing to download the result of job ${jobId} from ${url.origin}: result files are fetched over https only`);
}

/** Counts inflated bytes and stops the stream past the cap. */
function capped(cap: number, jobId: string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > cap)
        return done(
          new CliError(`the result file of job ${jobId} inflates to more than the cap of ${cap} bytes (--max-result-bytes); refused`, {
            exitCode: EXIT.NETWORK,
            code: 'result_too_large',
            hint: 'raise --max-result-bytes (or POSTCTL_STATS_MAX_RESULT_BYTES) if the file is genuine, or split the query into fewer ids per job.',
          }),
        );
      done(null, chunk);
    },
  });
}

/** Whether HTTP(S)_PROXY applies to `url` (NO_PROXY: exact hosts, `.suffix` or `*`). */
function proxied(url: URL, env: NodeJS.ProcessEnv): boolean {
  const proxy = url.protocol === 'https:' ? (env.HTTPS_PROXY ?? env.https_proxy) : (env.HTTP_PROXY ?? env.http_proxy);
  if (!proxy) return false;
  const no = (env.NO_PROXY ?? env.no_proxy ?? '').split(/[\s,]+/).filter(Boolean);
  const host = url.hostname.toLowerCase();
  return !no.some((n) => n === '*' || host === n.toLowerCase().replace(/^\./, '') || host.endsWith(n.toLowerCase().replace(/^\.?/, '.')));
}

function getDirect(url: URL, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    // No timer of its own: the run's watch (idle.ts) aborts the request through the signal.
    const req = send(url, { method: 'GET', headers: { accept: '*/*' }, signal }, resolve);
    req.on('error', reject);
    req.end();
  });
}

/** The open body of a job's result file (2xx), or an error naming the job. */
async function openResult(client: ApiClient, url: URL, jobId: string, o: DownloadOptions, run: Run): Promise<Readable> {
  if (proxied(url, o.env ?? process.env)) {
    try {
      return (await client.stream({ method: 'GET', path: url.href, auth: 'none' })).body;
    } catch (e) {
      if (run.failure) throw run.failure;
      if (e instanceof ApiError && e.status === 403) throw new ExpiredResult(`the result url of job ${jobId} has expired (403)`);
      if (e instanceof ApiError) throw new NetworkError(`downloading the result of job ${jobId} failed: ${e.message}`, { cause: e });
      throw e;
    }
  }
  for (let attempt = 1; ; attempt++) {
    let res: IncomingMessage;
    try {
      res = await getDirect(url, run.signal);
    } catch (e) {
      if (run.failure) throw run.failure;
      // Nothing was read yet: a refused or reset connection is tried again, a few times.
      if (attempt < 3 && !run.signal.aborted) {
        await run.pause(200 * attempt);
        continue;
      }
      throw new NetworkError(`downloading the result of job ${jobId} failed: ${(e as Error).message}`, { cause: e });
    }
    const status = res.statusCode ?? 0;
    if (status >= 200 && status < 300) return res;
    res.resume();
    if (status === 403) throw new ExpiredResult(`the result url of job ${jobId} has expired (403)`);
    if (status >= 500 && attempt < 3) {
      await run.pause(200 * attempt);
      continue;
    }
    throw new NetworkError(`downloading the result of job ${jobId} failed: HTTP ${status} from ${url.origin}`);
  }
}

/** The --max-wait deadline passed during a download: the caller says what a --resume reuses. */
export class DownloadDeadline extends Error {
  override name = 'DownloadDeadline';
}

/** One download's stop: its watch, and the first failure that ended it. */
class Run {
  private readonly controller = new AbortController();
  failure: Error | undefined;
  readonly signal = this.controller.signal;

  constructor(
    private readonly clock: Clock,
    outer: AbortSignal | undefined,
  ) {
    if (outer?.aborted) this.controller.abort(outer.reason);
    else outer?.addEventListener('abort', () => this.controller.abort(outer.reason), { once: true });
  }

  stop(e: Error): void {
    this.failure ??= e;
    this.controller.abort(e);
  }

  async pause(ms: number): Promise<void> {
    try {
      await this.clock.sleep(ms, this.signal);
    } catch {
      throw this.failure ?? new NetworkError('the download was stopped');
    }
  }
}

export interface DownloadOptions {
  /** Cap on the decompressed bytes. */
  cap: number;
  /** --timeout: the longest the file host may send nothing (0: no limit). */
  timeoutMs: number;
  /** --max-wait: epoch ms on `clock` past which the download stops (DownloadDeadline). */
  deadline: number;
  /** The run's clock: the idle time and the deadline are measured on it. */
  clock: Clock;
  signal?: AbortSignal | undefined;
  env?: NodeJS.ProcessEnv;
}

/**
 * Streams a job's result file: no credential, https only, gunzip under the
 * cap, `data` elements one at a time. A body cut short (by length, gzip
 * trailer or JSON) is exit 7 naming the job.
 */
export async function* downloadJobResult(client: ApiClient, job: StatsJob, o: DownloadOptions): AsyncGenerator<StatsElement> {
  const url = checkResultUrl(job.url, job.id_str);
  const run = new Run(o.clock, o.signal);
  let body: Readable | undefined;
  const seconds = `${Math.round(o.timeoutMs / 100) / 10}`;
  const watch = new IdleWatch(o.clock, o.timeoutMs, o.deadline, (cause) => {
    const e =
      cause === 'deadline'
        ? new DownloadDeadline(`--max-wait passed while downloading the result of job ${job.id_str}`)
        : new NetworkError(
            `the file host sent nothing for ${seconds} s (--timeout ${seconds} s) while serving the result of job ${job.id_str} (${url.origin})`,
            { hint: 'the host is slow or stalled: raise --timeout if it is merely slow, then rerun with --resume to reuse the jobs.' },
          );
    run.stop(e);
    body?.destroy(e);
  });
  try {
    body = await openResult(client, url, job.id_str, o, run);
  } catch (e) {
    watch.dispose();
    throw e;
  }
  const gunzip = createGunzip();
  const limit = capped(o.cap, job.id_str);
  const fail = (e: Error) => limit.destroy(e);
  const cut = () => new NetworkError(`the result file of job ${job.id_str} ended early (the connection closed mid-body): truncated`);
  body.on('data', () => watch.touch());
  // Backpressure pauses the body: our side is slow then, not the host.
  body.on('pause', () => watch.hold());
  body.on('resume', () => watch.touch());
  // The host has sent it all: whatever is left is ours to read, not the host's to send.
  body.once('end', () => watch.dispose());
  body.on('error', (e) => fail(run.failure ?? (e instanceof CliError ? e : cut())));
  body.on('aborted', () => fail(run.failure ?? cut()));
  gunzip.on('error', (e) =>
    fail(e instanceof CliError ? e : new NetworkError(`the result file of job ${job.id_str} is not a complete gzip file: ${e.message}`)),
  );
  body.pipe(gunzip).pipe(limit);
  try {
    for await (const el of readJsonArray(limit, { name: `result of job ${job.id_str}`, key: 'data', maxElementBytes: 256 * 1024 * 1024 })) {
      if (el.error) throw new NetworkError(`the result file of job ${job.id_str} is not valid JSON (line ${el.line}): ${el.error}`);
      yield el.value as StatsElement;
    }
  } catch (e) {
    if (run.failure) throw run.failure;
    // The splitter's own errors speak of an input file; here the file is the server's reply.
    if (e instanceof InputError) throw new NetworkError(`the result file of job ${job.id_str} is not valid: ${e.message}`);
    throw e;
  } finally {
    watch.dispose();
    body.destroy();
    gunzip.destroy();
  }
}
