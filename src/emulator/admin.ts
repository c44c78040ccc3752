// /_emulator admin API (loopback only, no auth): lets people rehearse cron
// scripts against faults and lets scripts read the request log.
//   GET    /_emulator/log            request log (?since=SEQ)
//   DELETE /_emulator/log            clear it
//   POST   /_emulator/faults         {"rules":[FaultRule…], "random": RandomFaultPlan, "latencyMs": n}
//   DELETE /_emulator/faults         clear faults
//   GET    /_emulator/faults         fault stats
//   POST   /_emulator/approve        {"approve": true|false} (OAuth authorize auto-approval)
//   GET    /_emulator/routes         served routes
//   POST   /_emulator/oauth2/expire  {"token"?: "…"} expire OAuth 2.0 access tokens (all, or one)
//   POST   /_emulator/dialect        {"dialect": "2.159"|"2.167"} field-parameter dialect of the official paths
//   POST   /_emulator/stats          {"jobLatencyMs", "jobPolls", "maxProcessing", "metros": n, "downloadClose": bool}
//                                      analytics settings (benchmarks: large files, a file host that closes)
//   POST   /_emulator/accounts       {"count": n, "campaigns": m} an agency's n ad accounts of the user, m campaigns each
//   POST   /_emulator/stats          {"restate": {"start": ISO, "end": ISO, "add": n, "ids"?: […]}}
//                                      late figures: every metric of those hours reads n more (spend n × 1000 micros)
import { seedAgency } from './agency.js';
import { parseFaultPlan } from './fault-plan.js';
import { expireAccessTokens } from './oauth2-state.js';
import type { Router } from './router.js';
import type { EmulatorState, EmuRestatement } from './state.js';
import type { EmuResponse } from './types.js';

/** A restatement as the admin route takes it: whole hours, start before end, a positive count. */
function restatement(v: unknown): EmuRestatement {
  const r = (v ?? {}) as Record<string, unknown>;
  const start = typeof r.start === 'string' ? Date.parse(r.start) : Number.NaN;
  const end = typeof r.end === 'string' ? Date.parse(r.end) : Number.NaN;
  if (!Number.isFinite(start) || !Number.isFinite(end) || start % 3_600_000 || end % 3_600_000 || end <= start)
    throw new Error('restate needs start and end: ISO times on whole hours, start before end');
  const add = r.add ?? 1;
  if (typeof add !== 'number' || !Number.isInteger(add) || add < 1) throw new Error('restate.add must be an integer >= 1');
  const ids = Array.isArray(r.ids) ? r.ids.map(String) : undefined;
  return { start, end, add, ...(ids ? { ids } : {}) };
}

export async function handleAdmin(state: EmulatorState, router: Router, method: string, url: URL, body: Buffer): Promise<EmuResponse> {
  const what = url.pathname.replace(/^\/_emulator\/?/, '');
  const json = () => (body.length ? JSON.parse(body.toString('utf8')) : {});
  try {
    if (what === 'log' && method === 'GET') {
      const since = Number(url.searchParams.get('since') ?? 0);
      return { status: 200, body: { data: state.log.filter((e) => e.seq > since) } };
    }
    if (what === 'stats' && method === 'POST') {
      const b = json() as Record<string, unknown>;
      const num = (k: string) =>
        typeof b[k] === 'number' && Number.isInteger(b[k]) && (b[k] as number) >= 0 ? (b[k] as number) : undefined;
      const o = state.options;
      if (num('jobLatencyMs') !== undefined) o.statsJobLatencyMs = num('jobLatencyMs');
      if (num('jobPolls') !== undefined) o.statsJobPolls = num('jobPolls');
      if (num('maxProcessing') !== undefined) o.statsMaxProcessing = num('maxProcessing');
      if (num('metros') !== undefined) o.statsMetros = num('metros');
      if (typeof b.downloadClose === 'boolean') o.statsDownloadClose = b.downloadClose;
      if (b.restate !== undefined) (o.statsRestatements ??= []).push(restatement(b.restate));
      return { status: 200, body: { ok: true } };
    }
    if (what === 'accounts' && method === 'POST') {
      const b = json() as { count?: unknown; campaigns?: unknown };
      return { status: 200, body: { data: seedAgency(state, Number(b.count), Number(b.campaigns ?? 0)) } };
    }
    if (what === 'log' && method === 'DELETE') {
      state.log.length = 0;
      return { status: 200, body: { ok: true } };
    }
    if (what === 'faults' && method === 'POST') {
      const plan = parseFaultPlan(json());
      for (const r of plan.rules) state.faults.add(r);
      if (plan.random) state.faults.setRandom(plan.random);
      if (plan.latencyMs !== undefined) state.faults.latencyMs = plan.latencyMs;
      return { status: 200, body: { ok: true, rules: state.faults.rules.length } };
    }
    if (what === 'faults' && method === 'DELETE') {
      state.faults.clear();
      return { status: 200, body: { ok: true } };
    }
    if (what === 'faults' && method === 'GET') return { status: 200, body: { stats: state.faults.stats, rules: state.faults.rules } };
    if (what === 'approve' && method === 'POST') {
      state.approve = Boolean(json().approve);
      return { status: 200, body: { approve: state.approve } };
    }
    if (what === 'oauth2/expire' && method === 'POST') return { status: 200, body: { expired: expireAccessTokens(state, json().token) } };
    if (what === 'dialect' && method === 'POST') {
      const d = json().dialect;
      if (d !== '2.159' && d !== '2.167') return { status: 400, body: { error: 'dialect must be "2.159" or "2.167"' } };
      state.dialect = d;
      return { status: 200, body: { dialect: state.dialect } };
    }
    if (what === 'routes' && method === 'GET')
      return { status: 200, body: { data: router.list().map((r) => ({ method: r.method, path: r.path, api: r.api, auth: r.auth })) } };
  } catch (e) {
    return { status: 400, body: { error: (e as Error).message } };
  }
  return { status: 404, body: { error: `unknown admin endpoint ${method} ${url.pathname}` } };
}
