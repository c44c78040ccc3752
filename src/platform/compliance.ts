// Batch compliance jobs (openapi v2.159 tag "Compliance"): create, list, get;
// the ids file uploaded to the job's pre-signed upload_url and the results
// read from its download_url. Both URLs are on another host (cloud storage):
// they are sent with no credential at all (auth 'none': the client's origin
// policy allows only https there, or loopback), and both directions stream in
// constant memory — the ids file is read from disk for each attempt, the
// results are piped to the sink.
// https://docs.x.com/x-api/compliance/batch-compliance/introduction
import { createReadStream, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { InputError, invalid, type InputProblem } from '../errors/cli-error.js';
import type { ApiClient, RequestOptions } from '../http/client.js';
import type { Params } from '../http/encode.js';
import { idSegment, joinPath } from '../http/path.js';
import { openInput, readLines } from '../input/lines.js';

export interface ComplianceJob {
  id: string;
  type?: string;
  name?: string;
  status?: string;
  upload_url?: string;
  download_url?: string;
  upload_expires_at?: string;
  download_expires_at?: string;
}

/** openapi v2.159 ComplianceJobName: at most 64 characters. */
const NAME_MAX = 64;

export const complianceReads = {
  list: (query: Params): RequestOptions => ({ method: 'GET', path: '/2/compliance/jobs', query }),
  get: (id: string, query: Params): RequestOptions => ({
    method: 'GET',
    path: joinPath('2', 'compliance', 'jobs', idSegment(id, 'numeric', 'job_id')),
    query,
  }),
};

export interface NewJob {
  type: 'tweets' | 'users';
  name?: string | undefined;
  resumable?: boolean | undefined;
}

/** POST /2/compliance/jobs. Not retried blindly: a second POST would create a second job. */
export function createJobRequest(job: NewJob): RequestOptions {
  if (job.name !== undefined && (!job.name.trim() || [...job.name].length > NAME_MAX))
    throw invalid('--name', `must be 1 to ${NAME_MAX} characters`);
  const json = { type: job.type, ...(job.name !== undefined ? { name: job.name } : {}), ...(job.resumable ? { resumable: true } : {}) };
  return { method: 'POST', path: '/2/compliance/jobs', json };
}

/**
 * The ids file, checked line by line in constant memory before anything is sent: one post or user id
 * (1 to 19 digits) per line, blank lines allowed. Returns the number of ids; every bad line is reported.
 */
export async function checkIdsFile(path: string, maxProblems = 20): Promise<number> {
  const problems: InputProblem[] = [];
  let ids = 0;
  for await (const { line, text } of readLines(openInput(path), { name: path })) {
    const t = text.trim();
    if (!t) continue;
    if (/^[0-9]{1,19}$/.test(t)) ids++;
    else if (problems.length < maxProblems) problems.push({ field: '--ids-file', line, message: 'must be one id of 1 to 19 digits' });
  }
  if (problems.length)
    throw new InputError(`--ids-file: ${problems.length === 1 ? 'a line is' : 'lines are'} not ids (line ${problems[0]!.line})`, problems);
  if (!ids) throw invalid('--ids-file', 'holds no ids');
  return ids;
}

/** PUT the ids file to the job's upload_url: streamed from disk, no credentials, text/plain. */
export async function uploadIds(client: ApiClient, uploadUrl: string, path: string): Promise<number> {
  const size = statSync(path).size;
  await client.request({
    method: 'PUT',
    path: uploadUrl,
    auth: 'none',
    contentType: 'text/plain',
    bodyFile: { open: () => createReadStream(path, { highWaterMark: 256 * 1024 }), size },
    expect: 'raw',
    idempotent: true,
  });
  return size;
}

/**
 * GET the results from the job's download_url into `sink`, piped (constant memory), no credentials.
 * `end`: close the sink afterwards (a file; not stdout). Returns the bytes written.
 */
export async function downloadResults(client: ApiClient, downloadUrl: string, sink: NodeJS.WritableStream, end: boolean): Promise<number> {
  const res = await client.stream({ method: 'GET', path: downloadUrl, auth: 'none' });
  let bytes = 0;
  res.body.on('data', (chunk: Buffer) => void (bytes += chunk.length));
  await pipeline(res.body, sink, { end });
  return bytes;
}
