// The filtered stream: GET/POST /2/tweets/search/stream/rules and GET
// /2/tweets/search/stream, under the official and the neutral path.
//
// Rules (own table): values 1-2,048 characters (the spec's limit) with balanced
// parentheses and quotes, else invalid-rules (400); a value already present is
// a duplicate-rules error (200, not created); more than `ruleCap` rules is
// rule-cap (403). dry_run=true checks without changing anything.
//
// Matching posts happen on the emulator's clock whether or not anyone is
// connected: one per `intervalMs` while there are rules, in turn for each rule
// (made lazily, up to the clock's present, whenever the stream is touched), so
// a client that was away can be tested on the gap. A connection gets the posts
// made after it connected, with `matching_rules`, and a blank line every
// `keepAliveMs` (the real stream: 20 s); one that asks for backfill_minutes
// first gets those of the last n minutes. Post ids are snowflakes of their time,
// and recent search finds the posts (platform-search.ts). Faults on the stream path:
// `disconnect` (operational-disconnect message, then end), `cut` (socket
// dropped silently), `stall` (silence, connection left open), each after
// `afterEvents` posts. One connection per app (platform-connections.ts).
import type { ServerResponse } from 'node:http';
import { problem, PROBLEM_BASE } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { pick, type Obj } from './platform-data.js';
import { closeConnection, openConnection } from './platform-connections.js';
import { dualRoute, type NameOf } from './platform-names.js';
import { invalid } from './platform-posting.js';

const RULE_RULES = { valueMax: 2048, defaultCap: 1000, backfillMax: 5 } as const;
/** Posts kept for backfill and search: recent search's week, and a bound on memory when the clock jumps far. */
const KEEP = { ms: 7 * 86_400_000, max: 50_000 } as const;
const EPOCH = 1288834974657n;

interface EmuRule {
  id: string;
  value: string;
  tag?: string;
}

/** A post the stream made: its number, time and the rule it matched. */
interface StreamPost {
  n: number;
  t: number;
  id: string;
  text: string;
  author_id: string;
  rule: EmuRule;
}

export interface FilteredStream {
  rules: EmuRule[];
  ruleCap: number;
  intervalMs: number;
  keepAliveMs: number;
  seq: number;
  /** Posts made, oldest first (the last week, at most MAX_KEPT): for backfill and search. */
  written: StreamPost[];
  /** When the next post is due; undefined until the stream is first touched (or after its pace changed). */
  nextAt?: number | undefined;
}

export const filteredStream = (state: EmulatorState): FilteredStream =>
  state.slice('platform-stream', () => ({
    rules: [],
    ruleCap: RULE_RULES.defaultCap,
    intervalMs: 1000,
    keepAliveMs: 20_000,
    seq: 0,
    written: [],
  }));

/** Changes the stream's pace and the rule cap (tests, demos). */
export function configureFilteredStream(
  state: EmulatorState,
  opts: Partial<Pick<FilteredStream, 'ruleCap' | 'intervalMs' | 'keepAliveMs'>>,
): FilteredStream {
  const fs = filteredStream(state);
  // A new pace starts from now: the old schedule's slots are not made again at the new rate.
  if (opts.intervalMs !== undefined && opts.intervalMs !== fs.intervalMs) {
    produce(state);
    fs.nextAt = state.now() + opts.intervalMs;
  }
  return Object.assign(fs, opts);
}

/**
 * Makes the posts due up to the emulator's present: one per interval while there are rules (none while there
 * are none). Called before anything reads or changes the stream, so posts exist whether or not anyone listens.
 */
export function produce(state: EmulatorState): FilteredStream {
  const fs = filteredStream(state);
  const now = state.now();
  if (fs.nextAt === undefined) fs.nextAt = now + fs.intervalMs;
  // A clock moved far ahead: slots beyond what is kept are not made at all.
  const earliest = now - Math.min(KEEP.ms, KEEP.max * fs.intervalMs);
  if (fs.nextAt < earliest) fs.nextAt = earliest + ((fs.nextAt - earliest) % fs.intervalMs) + fs.intervalMs;
  for (; fs.nextAt <= now; fs.nextAt += fs.intervalMs) {
    if (!fs.rules.length) continue;
    const n = ++fs.seq;
    const t = fs.nextAt;
    const rule = fs.rules[n % fs.rules.length]!;
    const id = (((BigInt(t) - EPOCH) << 22n) + BigInt(n % 4096)).toString();
    fs.written.push({ n, t, id, text: `Stream post ${n} matching ${rule.value}`, author_id: '783214', rule });
  }
  const keepFrom = now - KEEP.ms;
  let drop = 0;
  while (drop < fs.written.length && (fs.written[drop]!.t < keepFrom || fs.written.length - drop > KEEP.max)) drop++;
  if (drop) fs.written.splice(0, drop);
  return fs;
}

/** The stream's posts as recent search sees them. */
export function streamDocuments(state: EmulatorState): Array<{ id: string; text: string; author_id: string; t: number }> {
  return produce(state).written.map((p) => ({ id: p.id, text: p.text, author_id: p.author_id, t: p.t }));
}

function balanced(v: string): boolean {
  let depth = 0;
  let quoted = false;
  for (const c of v) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === '(') depth++;
    else if (!quoted && c === ')' && --depth < 0) return false;
  }
  return depth === 0 && !quoted;
}

const sent = (state: EmulatorState) => new Date(state.now()).toISOString();

function addRules(fs: FilteredStream, state: EmulatorState, add: unknown, dry: boolean): EmuResponse {
  if (!Array.isArray(add) || add.length === 0) return invalid('`add` must be a non-empty array of rules', 'add', add);
  const bad = add.filter(
    (r) => typeof r?.value !== 'string' || !r.value.trim() || [...r.value].length > RULE_RULES.valueMax || !balanced(r.value),
  );
  if (bad.length) {
    const errors = bad.map((r) => ({
      value: r?.value,
      details: [`Rules must be 1 to ${RULE_RULES.valueMax} characters with balanced parentheses and quotes.`],
      title: 'Invalid Rule',
      type: `${PROBLEM_BASE}invalid-rules`,
    }));
    return {
      status: 400,
      body: {
        meta: { sent: sent(state), summary: { created: 0, not_created: add.length, valid: add.length - bad.length, invalid: bad.length } },
        errors,
      },
    };
  }
  const fresh = add.filter((r) => !fs.rules.some((x) => x.value === r.value));
  const dups = add.filter((r) => fs.rules.some((x) => x.value === r.value));
  if (fs.rules.length + fresh.length > fs.ruleCap)
    return problem(403, 'rule-cap', 'RuleCapExceeded', `Rule creation would exceed the cap of ${fs.ruleCap} rules.`);
  const created: EmuRule[] = fresh.map((r) => ({
    id: state.nextId(),
    value: r.value,
    ...(typeof r.tag === 'string' ? { tag: r.tag } : {}),
  }));
  if (!dry) fs.rules.push(...created);
  const errors = dups.map((r) => ({
    value: r.value,
    id: fs.rules.find((x) => x.value === r.value)!.id,
    title: 'DuplicateRule',
    type: `${PROBLEM_BASE}duplicate-rules`,
  }));
  const summary = { created: dry ? 0 : created.length, not_created: dry ? add.length : dups.length, valid: add.length, invalid: 0 };
  return {
    status: 200,
    body: { ...(created.length ? { data: created } : {}), meta: { sent: sent(state), summary }, ...(errors.length ? { errors } : {}) },
  };
}

function deleteRules(fs: FilteredStream, state: EmulatorState, del: Obj | undefined, dry: boolean): EmuResponse {
  const ids: unknown[] = Array.isArray(del?.ids) ? del!.ids : [];
  const values: unknown[] = Array.isArray(del?.values) ? del!.values : [];
  if (!ids.length && !values.length) return invalid('`delete` needs ids or values', 'delete', del);
  const hit = fs.rules.filter((r) => ids.includes(r.id) || values.includes(r.value));
  const missing = [
    ...ids.filter((id) => !fs.rules.some((r) => r.id === id)),
    ...values.filter((v) => !fs.rules.some((r) => r.value === v)),
  ];
  if (!dry) fs.rules = fs.rules.filter((r) => !hit.includes(r));
  const errors = missing.map((m) => ({
    value: m,
    title: 'Not Found Error',
    detail: `Rule [${String(m)}] does not exist`,
    type: `${PROBLEM_BASE}resource-not-found`,
    resource_type: 'rule',
    resource_id: String(m),
    parameter: 'delete',
  }));
  return {
    status: 200,
    body: {
      meta: {
        sent: sent(state),
        summary: { deleted: dry ? 0 : hit.length, not_deleted: dry ? ids.length + values.length : missing.length },
      },
      ...(errors.length ? { errors } : {}),
    },
  };
}

function listRules(req: EmuRequest, state: EmulatorState): EmuResponse {
  const fs = filteredStream(state);
  const ids = (req.query.get('ids') ?? '').split(',').filter(Boolean);
  const max = Number(req.query.get('max_results') ?? 1000);
  if (!Number.isInteger(max) || max < 1 || max > 1000)
    return invalid('The `max_results` query parameter value is not between 1 and 1000', 'max_results', req.query.get('max_results'));
  const token = req.query.get('pagination_token');
  const offset = token === null ? 0 : parseInt(token, 16);
  if (token !== null && (!/^[0-9a-f]{16}$/.test(token) || offset > fs.rules.length))
    return invalid('The `pagination_token` query parameter value is not valid', 'pagination_token', token);
  const all = ids.length ? fs.rules.filter((r) => ids.includes(r.id)) : fs.rules;
  const page = all.slice(offset, offset + max);
  const next = offset + max < all.length ? (offset + max).toString(16).padStart(16, '0') : undefined;
  return {
    status: 200,
    body: {
      ...(page.length ? { data: page } : {}),
      meta: { sent: sent(state), result_count: page.length, ...(next ? { next_token: next } : {}) },
    },
  };
}

/** A post as one connection asks for it: its fields, and the rule it matched. */
function msgOf(p: StreamPost, name: NameOf, fields: string[]): Obj {
  const full = { id: p.id, text: p.text, author_id: p.author_id, created_at: new Date(p.t).toISOString(), [name('editHistory')]: [p.id] };
  return {
    data: pick(full, ['id', 'text', name('editHistory')], fields),
    matching_rules: [{ id: p.rule.id, ...(p.rule.tag !== undefined ? { tag: p.rule.tag } : {}) }],
  };
}

const disconnectLine = (type: string, detail: string) =>
  JSON.stringify({
    errors: [{ title: 'operational-disconnect', disconnect_type: type, detail, type: `${PROBLEM_BASE}operational-disconnect` }],
  }) + '\r\n';

/** openapi v2.167 keeps `tweet.fields` on the filtered stream (its rename stops at lookup and search): the path decides, not the dialect. */
const streamFieldsParam = (name: NameOf) => (name('posts') === 'tweets' ? 'tweet.fields' : 'post.fields');

function connect(req: EmuRequest, state: EmulatorState, name: NameOf): EmuResponse {
  const allowed = [
    streamFieldsParam(name),
    'expansions',
    'user.fields',
    'media.fields',
    'place.fields',
    'poll.fields',
    'backfill_minutes',
    'start_time',
    'end_time',
  ];
  for (const k of req.query.keys())
    if (!allowed.includes(k)) return invalid(`The query parameter [${k}] is not one of [${allowed.join(',')}]`, k, req.query.get(k));
  const backfill = req.query.get('backfill_minutes');
  if (backfill !== null && !/^[0-5]$/.test(backfill))
    return invalid(`The \`backfill_minutes\` query parameter value [${backfill}] is not between 0 and 5`, 'backfill_minutes', backfill);
  const fault = state.faults.take('GET', req.path, ['disconnect', 'cut', 'stall']);
  let kill: ((reason: string) => void) | undefined;
  const conn = openConnection(state, req.auth!.consumerKey, 'filtered_stream', (reason) => kill?.(reason));
  if ('status' in conn) return conn;
  const fs = filteredStream(state);
  const fields = (req.query.get(streamFieldsParam(name)) ?? '').split(',').filter(Boolean);
  return {
    status: 200,
    contentType: 'application/json',
    stream: (res: ServerResponse) =>
      serve(res, {
        fs,
        produce: () => produce(state),
        name,
        fields,
        fault,
        backfill: Number(backfill ?? 0),
        now: state.now,
        close: (reason) => closeConnection(conn, reason),
        onKill: (f) => (kill = f),
      }),
  };
}

interface ServeOpts {
  fs: FilteredStream;
  /** Makes the posts due by now. */
  produce(): void;
  name: NameOf;
  fields: string[];
  fault: { kind: string; afterEvents?: number } | undefined;
  backfill: number;
  /** The emulator's clock. */
  now: () => number;
  close(reason: string): void;
  onKill(f: (reason: string) => void): void;
}

async function serve(res: ServerResponse, o: ServeOpts): Promise<void> {
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let finished = false;
  const finish = (line: string | undefined, reason: string) => {
    closed = true;
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    o.close(reason);
    if (reason === 'cut') res.destroy();
    else res.end(line);
  };
  res.on('close', () => finish(undefined, 'ClientDisconnect'));
  o.onKill((reason) => finish(disconnectLine(reason, 'This stream was terminated through the connections API.'), reason));
  const after = o.fault ? (o.fault.afterEvents ?? 0) : Infinity;
  let sentPosts = 0;
  let lastWrite = o.now();
  const emit = (msg: Obj): boolean => {
    const last = ++sentPosts >= after;
    // A cut comes once the last post has left, so the client has it: the test is of reconnecting, not of losing data in flight.
    res.write(JSON.stringify(msg) + '\r\n', last && o.fault!.kind === 'cut' ? () => finish(undefined, 'cut') : undefined);
    lastWrite = o.now();
    if (!last) return true;
    if (o.fault!.kind === 'disconnect')
      finish(
        disconnectLine('OperationalDisconnect', 'This stream has been disconnected for operational reasons.'),
        'OperationalDisconnect',
      );
    if (o.fault!.kind === 'cut') closed = true;
    return false; // stall: stay open and silent
  };
  o.produce();
  if (o.backfill)
    for (const p of o.fs.written.filter((x) => x.t >= o.now() - o.backfill * 60_000)) if (!emit(msgOf(p, o.name, o.fields))) return;
  // Posts made from now on are this connection's.
  let cursor = o.fs.seq;
  const tick = () => {
    if (closed) return;
    o.produce();
    for (const p of o.fs.written) {
      if (p.n <= cursor) continue;
      cursor = p.n;
      if (!emit(msgOf(p, o.name, o.fields))) return;
    }
    cursor = o.fs.seq;
    if (o.now() - lastWrite >= o.fs.keepAliveMs) {
      res.write('\r\n');
      lastWrite = o.now();
    }
    const due = Math.min(o.fs.nextAt ?? o.now() + o.fs.intervalMs, lastWrite + o.fs.keepAliveMs);
    timer = setTimeout(tick, Math.max(1, due - o.now()));
  };
  tick();
}

export function register(r: Router, state: EmulatorState): void {
  dualRoute(r, state, {
    method: 'GET',
    path: '/2/{posts}/search/stream/rules',
    api: 'platform',
    auth: 'app',
    handler: (req, state) => listRules(req, state),
  });
  dualRoute(r, state, {
    method: 'POST',
    path: '/2/{posts}/search/stream/rules',
    api: 'platform',
    auth: 'app',
    handler: (req, state) => {
      const dry = req.query.get('dry_run') === 'true';
      const body = req.json<Obj>() ?? {};
      // The posts due under the rules as they were, before they change.
      const fs = produce(state);
      if (req.query.get('delete_all') === 'true') return deleteRules(fs, state, { ids: fs.rules.map((r) => r.id) }, dry);
      if (body.add !== undefined && body.delete !== undefined) return invalid('give `add` or `delete`, not both', 'add', body.add);
      return body.add !== undefined ? addRules(fs, state, body.add, dry) : deleteRules(fs, state, body.delete, dry);
    },
  });
  dualRoute(r, state, { method: 'GET', path: '/2/{posts}/search/stream', api: 'platform', auth: 'app', handler: connect });
}
