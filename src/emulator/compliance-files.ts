// The compliance jobs' upload and download URLs on the emulator's second
// origin (stats-download.ts, which refuses any credential first): PUT the ids
// (text/plain, one per line) to /compliance/<token>/upload/<job>, GET the
// results of a complete job from /compliance/<token>/download/<job> as JSON
// lines — every uploaded id ending in an odd digit is reported deleted.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { complianceJobs } from './routes/platform-compliance.js';
import type { EmulatorState, LogEntry } from './state.js';

/** Bytes the emulator keeps of an upload, so a test can see what arrived; the rest is counted only. */
const KEEP_BYTES = 1024 * 1024;

export function complianceFile(state: EmulatorState, req: IncomingMessage, res: ServerResponse, url: URL, entry: LogEntry): void {
  const send = (status: number, text: string) => {
    entry.status = status;
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(text);
  };
  const m = /^\/compliance\/(\w+)\/(upload|download)\/(\d+)$/.exec(url.pathname);
  const job = m ? complianceJobs(state).get(m[3]!) : undefined;
  if (!m || !job || job.token !== m[1]) return send(404, 'not found');
  if (m[2] === 'upload') {
    if (req.method !== 'PUT') return send(405, 'PUT the ids');
    if (!/^text\/plain/.test(String(req.headers['content-type']))) return send(400, 'the ids must be text/plain');
    const kept: Buffer[] = [];
    let bytes = 0;
    req.on('data', (c: Buffer) => {
      if (bytes < KEEP_BYTES) kept.push(c);
      bytes += c.length;
    });
    req.on('end', () => {
      job.ids = Buffer.concat(kept).toString('utf8').slice(0, KEEP_BYTES).split(/\r?\n/).filter(Boolean);
      entry.body = `${bytes} bytes`;
      job.status = 'in_progress';
      send(200, '');
    });
    return;
  }
  if (req.method !== 'GET') return send(405, 'GET the results');
  if (job.status !== 'complete') return send(404, 'not ready');
  entry.status = 200;
  res.writeHead(200, { 'content-type': 'application/json' });
  const at = new Date(Date.parse(job.created_at) + 60_000).toISOString();
  for (const id of job.ids ?? [])
    if (/[13579]$/.test(id))
      res.write(JSON.stringify({ id, action: 'delete', created_at: job.created_at, redacted_at: at, reason: 'deleted' }) + '\n');
  res.end();
}
