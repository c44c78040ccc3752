// The volume and compliance streams, from openapi v2.159: sample (1%),
// sample10 and the firehose of posts (all, or en/ja/ko/pt), the posts, users
// and likes compliance streams, the label stream, and the likes firehose and
// sample10. Own table of each path's required `partition` range and what it
// accepts. While connected the stream writes an item every `intervalMs` and a
// blank keep-alive line every `keepAliveMs`; with backfill_minutes it first
// replays the last two items it wrote (clients drop those they have). A `cut`
// fault on the path drops the socket after `afterEvents` items.
import type { ServerResponse } from 'node:http';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { pick, type Obj } from './platform-data.js';
import { checkQuery, USER_FIELDS, type QuerySpec } from './platform-more-query.js';
import { dualRoute, type NameOf } from './platform-names.js';
import { filteredStream } from './platform-stream.js';

type Kind = 'posts' | 'likes' | 'posts-compliance' | 'users-compliance' | 'labels' | 'likes-compliance';

/** Path (with {posts} for the resource word), what it carries, its partition range. */
const STREAMS: Array<{ path: string; kind: Kind; partitions?: [number, number] }> = [
  { path: '/2/{posts}/sample/stream', kind: 'posts' },
  { path: '/2/{posts}/sample10/stream', kind: 'posts', partitions: [1, 2] },
  { path: '/2/{posts}/firehose/stream', kind: 'posts', partitions: [1, 20] },
  { path: '/2/{posts}/firehose/stream/lang/en', kind: 'posts', partitions: [1, 8] },
  { path: '/2/{posts}/firehose/stream/lang/ja', kind: 'posts', partitions: [1, 2] },
  { path: '/2/{posts}/firehose/stream/lang/ko', kind: 'posts', partitions: [1, 2] },
  { path: '/2/{posts}/firehose/stream/lang/pt', kind: 'posts', partitions: [1, 2] },
  { path: '/2/{posts}/compliance/stream', kind: 'posts-compliance', partitions: [1, 4] },
  { path: '/2/users/compliance/stream', kind: 'users-compliance', partitions: [1, 4] },
  { path: '/2/{posts}/label/stream', kind: 'labels' },
  { path: '/2/likes/compliance/stream', kind: 'likes-compliance' },
  { path: '/2/likes/firehose/stream', kind: 'likes', partitions: [1, 20] },
  { path: '/2/likes/sample10/stream', kind: 'likes', partitions: [1, 2] },
];

export interface VolumeStreams {
  intervalMs: number;
  keepAliveMs: number;
  seq: number;
  /** The last items written per path, for backfill. */
  recent: Map<string, Obj[]>;
}

export const volumeStreams = (state: EmulatorState): VolumeStreams =>
  state.slice('platform-volume-streams', () => ({ intervalMs: 50, keepAliveMs: 20_000, seq: 0, recent: new Map() }));

function spec(kind: Kind, partitions: [number, number] | undefined, name: NameOf): QuerySpec {
  const window: QuerySpec['params'] = { start_time: null, end_time: null };
  const ints: Record<string, [number, number]> = { backfill_minutes: [0, 5], ...(partitions ? { partition: partitions } : {}) };
  const required = partitions ? ['partition'] : [];
  if (kind === 'posts')
    return {
      params: {
        ...window,
        [name('postFields')]: null,
        expansions: null,
        'media.fields': null,
        'poll.fields': null,
        'user.fields': USER_FIELDS,
        'place.fields': null,
      },
      ints,
      required,
    };
  if (kind === 'likes')
    return {
      params: {
        ...window,
        'like_with_tweet_author.fields': ['created_at', 'id', 'liked_tweet_author_id', 'liked_tweet_id', 'timestamp_ms'],
        expansions: ['liked_tweet_author_id', 'liked_tweet_id'],
        'user.fields': USER_FIELDS,
        [name('postFields')]: null,
      },
      ints,
      required,
    };
  return { params: window, ints, required };
}

function item(kind: Kind, n: number, q: URLSearchParams, name: NameOf, now: number): Obj {
  // Post ids are snowflakes of their time, as the live service's are (clients read a post's time from its id).
  const id = (((BigInt(now) - 1288834974657n) << 22n) + BigInt(n % 4096)).toString();
  const at = new Date(now).toISOString();
  const asked = (p: string) => (q.get(p) ?? '').split(',').filter(Boolean);
  switch (kind) {
    case 'posts':
      return {
        data: pick(
          { id, text: `Sampled post ${n}`, author_id: '783214', created_at: at, lang: 'en', [name('editHistory')]: [id] },
          ['id', 'text', name('editHistory')],
          asked(name('postFields')),
        ),
      };
    case 'likes':
      return {
        data: pick(
          { id: `like-${n}`, liked_tweet_id: '1460323737035677698', liked_tweet_author_id: '783214', created_at: at, timestamp_ms: now },
          ['id'],
          asked('like_with_tweet_author.fields'),
        ),
      };
    case 'posts-compliance':
      return { data: { delete: { tweet: { id, author_id: '783214' }, event_at: at } } };
    case 'users-compliance':
      return { data: { user_delete: { user: { id: String(1_000_000_100 + n) }, event_at: at } } };
    case 'labels':
      return {
        data: {
          public_tweet_notice: { tweet: { id, author_id: '783214' }, event_type: 'misleading', label_title: 'Misleading', event_at: at },
        },
      };
    case 'likes-compliance':
      return { data: { delete: { favorite: { id: `like-${n}`, user_id: '783214' }, event_at: at } } };
  }
}

function serve(
  res: ServerResponse,
  state: EmulatorState,
  path: string,
  next: () => Obj,
  cutAfter: number | undefined,
  backfill: boolean,
): void {
  const vs = volumeStreams(state);
  let sent = 0;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let lastWrite = state.now();
  res.on('close', () => {
    closed = true;
    clearTimeout(timer);
  });
  const write = (msg: Obj) => {
    res.write(JSON.stringify(msg) + '\r\n');
    lastWrite = state.now();
    if (cutAfter !== undefined && ++sent >= cutAfter) {
      closed = true;
      clearTimeout(timer);
      setImmediate(() => res.destroy());
    }
  };
  if (backfill) for (const m of vs.recent.get(path) ?? []) if (!closed) write(m);
  const tick = () => {
    if (closed) return;
    const msg = next();
    const recent = [...(vs.recent.get(path) ?? []), msg].slice(-2);
    vs.recent.set(path, recent);
    write(msg);
    if (closed) return;
    if (state.now() - lastWrite >= vs.keepAliveMs) res.write('\r\n');
    timer = setTimeout(tick, vs.intervalMs);
  };
  timer = setTimeout(tick, vs.intervalMs);
}

function handler(kind: Kind, partitions: [number, number] | undefined) {
  return (req: EmuRequest, state: EmulatorState, name: NameOf): EmuResponse => {
    const bad = checkQuery(req.query, spec(kind, partitions, name));
    if (bad) return bad;
    const fault = state.faults.take('GET', req.path, ['cut']);
    const next = () => item(kind, ++volumeStreams(state).seq, req.query, name, state.now());
    const backfill = Number(req.query.get('backfill_minutes') ?? 0) > 0;
    return {
      status: 200,
      contentType: 'application/json',
      stream: (res: ServerResponse) => serve(res, state, req.path, next, fault ? (fault.afterEvents ?? 0) : undefined, backfill),
    };
  };
}

const COUNT_FIELDS = ['all_project_client_apps', 'cap_per_client_app', 'cap_per_project', 'client_app_rules_count', 'project_rules_count'];

/** GET /2/tweets/search/stream/rules/counts: the filtered stream's rules against its cap (one app per project here). */
function ruleCounts(req: EmuRequest, state: EmulatorState): EmuResponse {
  const bad = checkQuery(req.query, { params: { 'rules_count.fields': COUNT_FIELDS } });
  if (bad) return bad;
  const fs = filteredStream(state);
  const full: Obj = {
    client_app_rules_count: { client_app_id: '24589213', rule_count: fs.rules.length },
    cap_per_client_app: fs.ruleCap,
    project_rules_count: fs.rules.length,
    cap_per_project: fs.ruleCap,
    all_project_client_apps: [{ client_app_id: '24589213', rule_count: fs.rules.length }],
  };
  return { status: 200, body: { data: pick(full, [], (req.query.get('rules_count.fields') ?? '').split(',').filter(Boolean)) } };
}

export function register(r: Router, state: EmulatorState): void {
  dualRoute(r, state, { method: 'GET', path: '/2/{posts}/search/stream/rules/counts', api: 'platform', auth: 'app', handler: ruleCounts });
  for (const s of STREAMS)
    dualRoute(r, state, { method: 'GET', path: s.path, api: 'platform', auth: 'app', handler: handler(s.kind, s.partitions) });
}
