// The second loopback origin that serves analytics job results, as the live
// service serves them from another host (ton.twimg.com). It refuses any request
// that carries a credential (an Authorization header, oauth_* parameters or a
// cookie) with 401, so a client that leaks its signature there fails a test.
// Faults: an expired url answers 403, a truncated file ends mid-stream, a bomb
// is a few MB of gzip members that inflate to more than 2 GB of JSON whitespace, a cut file
// drops the connection halfway through the length it announced. With `statsDownloadClose` every
// file is sent with `Connection: close` and the socket ends after it, as plain file hosts do; with
// `statsDownloadDelayMs` the host says nothing for that long before it answers.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { complianceFile } from './compliance-files.js';
import { EMU_DATA_FAULTS, emuApplyDataFault, emuStatsBody, type EmuDataFault } from './routes/ads-stats-model.js';
import { statsJobs, type EmuStatsJob } from './routes/ads-stats-jobs.js';
import type { EmulatorState, LogEntry } from './state.js';

const BOMB_MEMBER_BYTES = 64 * 1024 * 1024;
const BOMB_MEMBERS = 34; // 34 × 64 MiB = 2.125 GiB

let bombMember: Buffer | undefined;

function hasCredentials(req: IncomingMessage, url: URL): boolean {
  if (req.headers.authorization || req.headers.cookie) return true;
  return [...url.searchParams.keys()].some((k) => k.startsWith('oauth_') || k === 'access_token');
}

function sendBomb(res: ServerResponse): void {
  bombMember ??= gzipSync(Buffer.alloc(BOMB_MEMBER_BYTES, 0x20), { level: 9 });
  res.writeHead(200, { 'content-type': 'application/gzip' });
  res.write(gzipSync(Buffer.from('{"data_type":"stats","data":[')));
  let n = 0;
  const more = (): void => {
    while (n < BOMB_MEMBERS) {
      n++;
      if (!res.write(bombMember!)) return void res.once('drain', more);
    }
    res.end();
  };
  res.on('error', () => undefined);
  more();
}

function serveJob(state: EmulatorState, job: EmuStatsJob, res: ServerResponse): number {
  if (job.fault === 'expired') {
    res.writeHead(403, { 'content-type': 'application/xml' });
    res.end('<Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>');
    return 403;
  }
  if (job.fault === 'bomb') {
    sendBomb(res);
    return 200;
  }
  const body = emuStatsBody({ ...job.query, restated: state.options.statsRestatements ?? [] }, job.params, {
    metros: state.options.statsMetros,
  });
  if (job.fault && EMU_DATA_FAULTS.includes(job.fault)) emuApplyDataFault(body, job.fault as EmuDataFault);
  const gz = gzipSync(JSON.stringify(body));
  // A plain file host: the connection closes after each file (Connection: close, then FIN).
  const close = Boolean(state.options.statsDownloadClose);
  if (job.fault === 'cut') {
    // The length promises the whole file; the connection drops halfway through it.
    res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': String(gz.length), connection: 'close' });
    res.write(gz.subarray(0, gz.length >> 1), () => res.socket?.destroy());
    return 200;
  }
  res.writeHead(200, {
    'content-type': 'application/gzip',
    'content-length': String(job.fault === 'truncated' ? gz.length >> 1 : gz.length),
    ...(close ? { connection: 'close' } : {}),
  });
  res.end(job.fault === 'truncated' ? gz.subarray(0, gz.length >> 1) : gz);
  return 200;
}

function handle(state: EmulatorState, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://download.invalid');
  const entry: LogEntry = {
    seq: state.nextSeq(),
    time: state.now(),
    method: req.method ?? 'GET',
    api: 'download',
    path: url.pathname,
    query: [...url.searchParams] as Array<[string, string]>,
    body: '',
    status: 0,
    auth: hasCredentials(req, url) ? 'credentials' : 'none',
  };
  state.log.push(entry);
  const send = (status: number, text: string) => {
    entry.status = status;
    res.writeHead(status, { 'content-type': 'text/plain' });
    res.end(text);
  };
  if (entry.auth === 'credentials') return send(401, 'credentials are not accepted on the download origin');
  if (url.pathname.startsWith('/compliance/')) return complianceFile(state, req, res, url, entry);
  const m = /^\/([\w-]+)\/stats_job_(\d+)\.json\.gz$/.exec(url.pathname);
  const job = m ? statsJobs(state).jobs.get(m[2]!) : undefined;
  if (!job || job.token !== m![1] || job.status !== 'SUCCESS' || req.method !== 'GET') return send(404, 'not found');
  const delay = state.options.statsDownloadDelayMs ?? 0;
  if (delay <= 0) return void (entry.status = serveJob(state, job, res));
  // A slow host: nothing at all (not even the status line) until the delay has passed.
  const wait = state.options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  void wait(delay).then(() => {
    if (!res.destroyed && !res.socket?.destroyed) entry.status = serveJob(state, job, res);
  });
}

/** Starts the download origin on another port of the same loopback host. */
export async function startDownloadOrigin(
  state: EmulatorState,
  host: string,
): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => handle(state, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => resolve());
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  state.statsDownloadBase = url;
  return {
    url,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
