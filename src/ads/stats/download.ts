// The download of a job's result file. It lives on another origin, so it is
// fetched with no credential at all (auth 'none': the client's origin policy
// refuses any other mode there), over https (plain http only to loopback), and
// inflated and parsed as a stream under a cap on the decompressed size.
import { Transform, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { ApiError } from '../../api-error.js';
import { CliError, InputError, NetworkError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import type { ApiClient } from '../../http/client.js';
import { isLoopbackHost } from '../../http/url-policy.js';
import { readJsonArray } from '../../input/json-stream.js';
import type { StatsElement, StatsJob } from './api.js';

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

/**
 * Streams a job's result file: no credential, https only, gunzip under `cap`
 * bytes, `data` elements one at a time (constant memory whatever the file holds).
 */
export async function* downloadJobResult(client: ApiClient, job: StatsJob, cap: number): AsyncGenerator<StatsElement> {
  const url = checkResultUrl(job.url, job.id_str);
  let body: Readable;
  try {
    body = (await client.stream({ method: 'GET', path: url.href, auth: 'none' })).body;
  } catch (e) {
    if (e instanceof ApiError) throw new NetworkError(`downloading the result of job ${job.id_str} failed: ${e.message}`, { cause: e });
    throw e;
  }
  const gunzip = createGunzip();
  const limit = capped(cap, job.id_str);
  const fail = (e: Error) => limit.destroy(e);
  body.on('error', fail);
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
    // The splitter's own errors speak of an input file; here the file is the server's reply.
    if (e instanceof InputError) throw new NetworkError(`the result file of job ${job.id_str} is not valid: ${e.message}`);
    throw e;
  } finally {
    body.destroy();
    gunzip.destroy();
  }
}
