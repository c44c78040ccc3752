// GET /2/tweets/search/{recent,all} and /2/tweets/counts/{recent,all}, under
// the official and the neutral path. The corpus is a function of the emulator's
// start time: 100 posts in the last 7 days, one every 90 minutes, about coffee,
// tea, postctl and weather in turn (25 each), and 40 older ones only the full
// archive finds — plus the posts created through POST /2/tweets and those the
// filtered stream made (platform-stream.ts). Newest first;
// corpus ids are snowflakes of their time, so since_id/until_id work on them.
//
// Queries: words (case-insensitive, all must match), -word excludes,
// from:username; other operators are accepted and ignored. Pages follow
// meta.next_token (either next_token or pagination_token is taken back).
// Own rules: query 512 (recent) / 1,024 (all) characters as a self-serve
// project has them; max_results 10-100 / 10-500; recent covers 7 days;
// end_time at least 10 s in the past; start_time before end_time.
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { fullUser, pick, type Obj } from './platform-data.js';
import { dualRoute, type NameOf } from './platform-names.js';
import { invalid, postingState } from './platform-posting.js';
import { streamDocuments } from './platform-stream.js';

const SEARCH_RULES = {
  queryMax: { recent: 512, all: 1024 },
  maxResults: { recent: [10, 100], all: [10, 500] },
  recentWindowMs: 7 * 24 * 3600_000,
  endLagMs: 10_000,
  granularityMs: { minute: 60_000, hour: 3600_000, day: 86_400_000 },
  countsPageMs: 31 * 86_400_000,
} as const;

type Scope = 'recent' | 'all';
const EPOCH = 1288834974657n;
const WORDS = ['coffee', 'tea', 'postctl', 'weather'];
const AUTHORS = ['2244994945', '783214', '17874544', '1526228120'];
const USERNAMES: Record<string, string> = {
  '2244994945': 'emu_dev',
  '783214': 'emu_news',
  '17874544': 'emu_support',
  '1526228120': 'emu_creator',
};

interface Doc {
  id: string;
  text: string;
  author_id: string;
  created_at: string;
  t: number;
  history: string[];
}

const snowflake = (t: number, seq: number) => ((BigInt(t) - EPOCH) << 22n) + BigInt(seq);

function corpus(state: EmulatorState): Doc[] {
  return state.slice('platform-search', () => {
    const now = state.now();
    const docs: Doc[] = [];
    for (let i = 0; i < 140; i++) {
      const t = i < 100 ? now - 60_000 - i * 90 * 60_000 : now - (10 + (i - 100)) * 86_400_000;
      const id = snowflake(t, i).toString();
      docs.push({
        id,
        text: `Search result ${i} about ${WORDS[i % 4]} from the emulator`,
        author_id: AUTHORS[i % 4]!,
        created_at: new Date(t).toISOString(),
        t,
        history: [id],
      });
    }
    return docs;
  });
}

/** The corpus plus live created posts (newest version only), newest first. */
function documents(state: EmulatorState): Doc[] {
  const own = [...postingState(state).posts.values()].filter((p) => !p.deleted && p.history.at(-1) === p.id);
  const docs = own.map((p) => ({
    id: p.id,
    text: p.text,
    author_id: p.author_id,
    created_at: p.created_at,
    t: Date.parse(p.created_at),
    history: p.history,
  }));
  const streamed = streamDocuments(state).map((d) => ({ ...d, created_at: new Date(d.t).toISOString(), history: [d.id] }));
  return [...docs, ...streamed, ...corpus(state)].sort((a, b) => b.t - a.t);
}

function matcher(query: string): (d: Doc) => boolean {
  const terms = query.toLowerCase().match(/\S+/g) ?? [];
  return (d) => {
    const text = d.text.toLowerCase();
    return terms.every((term) => {
      const neg = term.startsWith('-');
      const t = neg ? term.slice(1) : term;
      let hit: boolean;
      if (t.startsWith('from:')) hit = USERNAMES[d.author_id] === t.slice(5);
      else if (t.includes(':')) return true;
      else hit = text.includes(t.replace(/^["(]+|[")]+$/g, ''));
      return neg ? !hit : hit;
    });
  };
}

interface Window {
  docs: Doc[];
  start: number;
  end: number;
}

/** Checks the shared parameters; the matching documents in the window, or the problem. */
function select(req: EmuRequest, state: EmulatorState, scope: Scope, extra: readonly string[]): Window | EmuResponse {
  const allowed = ['query', 'start_time', 'end_time', 'since_id', 'until_id', 'next_token', 'pagination_token', ...extra];
  for (const k of req.query.keys())
    if (!allowed.includes(k)) return invalid(`The query parameter [${k}] is not one of [${allowed.join(',')}]`, k, req.query.get(k));
  const q = req.query.get('query') ?? '';
  const len = [...q].length;
  if (len < 1 || len > SEARCH_RULES.queryMax[scope])
    return invalid(
      `The \`query\` query parameter value [${q.slice(0, 40)}] is not between 1 and ${SEARCH_RULES.queryMax[scope]} characters`,
      'query',
      q,
    );
  const now = state.now();
  const times: Record<string, number | undefined> = {};
  for (const k of ['start_time', 'end_time']) {
    const v = req.query.get(k);
    if (v === null) continue;
    const t = Date.parse(v);
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(v) || !Number.isFinite(t))
      return invalid(`The \`${k}\` query parameter value [${v}] is not a valid RFC 3339 date-time`, k, v);
    times[k] = t;
  }
  const start = times.start_time ?? (scope === 'recent' ? now - SEARCH_RULES.recentWindowMs : now - 30 * 86_400_000);
  const end = times.end_time ?? now - SEARCH_RULES.endLagMs;
  if (times.end_time !== undefined && times.end_time > now - SEARCH_RULES.endLagMs)
    return invalid("Invalid 'end_time': must be a minimum of 10 seconds prior to the request time.", 'end_time', req.query.get('end_time'));
  if (scope === 'recent' && start < now - SEARCH_RULES.recentWindowMs - 60_000)
    return invalid("Invalid 'start_time': must be on or after the last 7 days.", 'start_time', req.query.get('start_time'));
  if (start >= end) return invalid("Invalid 'start_time': must be before 'end_time'.", 'start_time', req.query.get('start_time'));
  const since = req.query.get('since_id');
  const until = req.query.get('until_id');
  for (const [k, v] of [
    ['since_id', since],
    ['until_id', until],
  ] as const)
    if (v !== null && !/^[0-9]{1,19}$/.test(v))
      return invalid(`The \`${k}\` query parameter value [${v}] does not match ^[0-9]{1,19}$`, k, v);
  const match = matcher(q);
  const docs = documents(state).filter(
    (d) =>
      d.t >= start &&
      d.t < end &&
      match(d) &&
      (since === null || BigInt(d.id) > BigInt(since)) &&
      (until === null || BigInt(d.id) < BigInt(until)),
  );
  return { docs, start, end };
}

function pageToken(req: EmuRequest): number | EmuResponse {
  const token = req.query.get('pagination_token') ?? req.query.get('next_token');
  if (token === null) return 0;
  const n = /^off([0-9]+)x[0-9a-f]{8}$/.exec(token);
  return n ? Number(n[1]) : invalid(`The \`pagination_token\` query parameter value [${token}] is not valid`, 'pagination_token', token);
}

const token = (offset: number) => `off${offset}x${((offset * 2654435761) % 0xffffffff).toString(16).padStart(8, '0').slice(-8)}`;

function search(req: EmuRequest, state: EmulatorState, scope: Scope, name: NameOf): EmuResponse {
  const w = select(req, state, scope, [
    name('postFields'),
    'expansions',
    'user.fields',
    'media.fields',
    'place.fields',
    'poll.fields',
    'max_results',
    'sort_order',
  ]);
  if ('status' in w) return w;
  const [lo, hi] = SEARCH_RULES.maxResults[scope];
  const raw = req.query.get('max_results');
  const size = raw === null ? 10 : Number(raw);
  if (!Number.isInteger(size) || size < lo || size > hi)
    return invalid(`The \`max_results\` query parameter value [${raw}] is not between ${lo} and ${hi}`, 'max_results', raw);
  const offset = pageToken(req);
  if (typeof offset !== 'number') return offset;
  const page = w.docs.slice(offset, offset + size);
  const fields = (req.query.get(name('postFields')) ?? '').split(',').filter(Boolean);
  const data = page.map((d) =>
    pick(
      { id: d.id, text: d.text, author_id: d.author_id, created_at: d.created_at, [name('editHistory')]: d.history },
      ['id', 'text', name('editHistory')],
      fields,
    ),
  );
  const body: Obj = {};
  if (data.length) body.data = data;
  if (data.length && (req.query.get('expansions') ?? '').split(',').includes('author_id')) {
    body.includes = {
      users: [...new Set(page.map((d) => d.author_id))].map((id) => pick(fullUser(id) ?? { id }, ['id', 'name', 'username'], [])),
    };
  }
  const more = offset + size < w.docs.length;
  body.meta = {
    ...(page.length ? { newest_id: page[0]!.id, oldest_id: page.at(-1)!.id } : {}),
    result_count: page.length,
    ...(more ? { next_token: token(offset + size) } : {}),
  };
  return { status: 200, body };
}

function counts(req: EmuRequest, state: EmulatorState, scope: Scope, name: NameOf): EmuResponse {
  const w = select(req, state, scope, ['granularity', 'search_count.fields']);
  if ('status' in w) return w;
  const g = req.query.get('granularity') ?? 'hour';
  if (!(g in SEARCH_RULES.granularityMs))
    return invalid(`The \`granularity\` query parameter value [${g}] is not one of [minute,hour,day]`, 'granularity', g);
  const step = SEARCH_RULES.granularityMs[g as keyof typeof SEARCH_RULES.granularityMs];
  const offset = pageToken(req);
  if (typeof offset !== 'number') return offset;
  const first = Math.floor(w.start / step) * step;
  const perPage = Math.max(1, Math.floor(SEARCH_RULES.countsPageMs / step));
  const total = Math.ceil((w.end - first) / step);
  const data: Obj[] = [];
  for (let i = offset; i < Math.min(total, offset + perPage); i++) {
    const s = first + i * step;
    const n = w.docs.filter((d) => d.t >= s && d.t < s + step).length;
    data.push({ end: new Date(s + step).toISOString(), start: new Date(s).toISOString(), [name('count')]: n });
  }
  const more = offset + perPage < total;
  const sum = data.reduce((a, b) => a + Number(b[name('count')]), 0);
  return { status: 200, body: { data, meta: { [name('totalCount')]: sum, ...(more ? { next_token: token(offset + perPage) } : {}) } } };
}

export function register(r: Router, state: EmulatorState): void {
  for (const scope of ['recent', 'all'] as const) {
    dualRoute(r, state, {
      method: 'GET',
      path: `/2/{posts}/search/${scope}`,
      api: 'platform',
      auth: 'user-or-app',
      handler: (req, state, name) => search(req, state, scope, name),
    });
    dualRoute(r, state, {
      method: 'GET',
      path: `/2/{posts}/counts/${scope}`,
      api: 'platform',
      auth: 'app',
      handler: (req, state, name) => counts(req, state, scope, name),
    });
  }
}
