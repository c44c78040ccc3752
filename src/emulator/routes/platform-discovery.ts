// Trends by WOEID and personalized, communities, news, the project's post
// usage and the API description, from openapi v2.159. Seeded: trends for
// WOEID 1 (worldwide) and 23424977 (United States), one community, one news
// story; usage counts derived from the emulator's clock.
import { problem } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { pick, type Obj } from './platform-data.js';
import { asked, checkQuery } from './platform-more-query.js';
import { isReply, page } from './platform-paging.js';
import { invalid } from './platform-posting.js';

const TRENDS: Record<string, Obj[]> = {
  '1': [
    { trend_name: '#EmulatorDay', tweet_count: 120_400 },
    { trend_name: 'postctl', tweet_count: 8_150 },
    { trend_name: 'Lisbon', tweet_count: 3_020 },
  ],
  '23424977': [{ trend_name: '#ShipIt', tweet_count: 54_000 }],
};

const COMMUNITY_FIELDS = ['access', 'created_at', 'description', 'id', 'join_policy', 'member_count', 'name'];
const COMMUNITIES: Obj[] = [
  {
    id: '1493446837214187523',
    name: 'Emulator builders',
    description: 'People who build on the emulator',
    member_count: 1280,
    access: 'Public',
    join_policy: 'Open',
    created_at: '2026-02-15T12:00:00.000Z',
  },
  {
    id: '1493446837214187524',
    name: 'Emulator news readers',
    description: 'News about the emulator',
    member_count: 64,
    access: 'Closed',
    join_policy: 'RestrictedJoinRequestsRequireModeratorApproval',
    created_at: '2026-03-01T12:00:00.000Z',
  },
];

const NEWS_FIELDS = [
  'category',
  'cluster_posts_results',
  'contexts',
  'disclaimer',
  'hook',
  'id',
  'keywords',
  'name',
  'summary',
  'updated_at',
];
const NEWS: Obj[] = [
  {
    id: '1938000000000000001',
    name: 'Emulator ships streaming compliance jobs',
    summary: 'The emulator now models batch compliance jobs end to end.',
    hook: 'Compliance, locally',
    category: 'Technology',
    keywords: ['emulator', 'compliance'],
    updated_at: '2026-06-03T10:00:00.000Z',
    cluster_posts_results: [{ post_id: '1460323737035677698' }],
  },
];

const USAGE_FIELDS = ['cap_reset_day', 'daily_client_app_usage', 'daily_project_usage', 'project_cap', 'project_id', 'project_usage'];

function trends(req: EmuRequest): EmuResponse {
  const bad = checkQuery(req.query, { params: { 'trend.fields': ['trend_name', 'tweet_count'] }, ints: { max_trends: [1, 50] } });
  if (bad) return bad;
  const woeid = req.params.woeid!;
  if (!/^\d+$/.test(woeid)) return invalid(`The \`woeid\` path parameter value [${woeid}] is not an integer`, 'woeid', woeid);
  const list = TRENDS[woeid];
  if (!list) return problem(404, 'resource-not-found', 'Not Found Error', `Could not find trends for woeid: [${woeid}].`);
  const fields = asked(req.query, 'trend.fields');
  const data = list.slice(0, Number(req.query.get('max_trends') ?? 20)).map((t) => pick(t, ['trend_name'], fields));
  return { status: 200, body: { data } };
}

function personalized(req: EmuRequest): EmuResponse {
  const bad = checkQuery(req.query, {
    params: { 'personalized_trend.fields': ['category', 'post_count', 'trend_name', 'trending_since'] },
  });
  if (bad) return bad;
  const all = [
    { trend_name: 'postctl', category: 'Technology', post_count: 8150, trending_since: 'Trending now' },
    { trend_name: '#EmulatorDay', category: 'Events', post_count: 120400, trending_since: '2 hours ago' },
  ];
  const fields = asked(req.query, 'personalized_trend.fields');
  return { status: 200, body: { data: all.map((t) => pick(t, ['trend_name'], fields)) } };
}

function community(req: EmuRequest): EmuResponse {
  const bad = checkQuery(req.query, { params: { 'community.fields': COMMUNITY_FIELDS } });
  if (bad) return bad;
  const id = req.params.id!;
  if (!/^[0-9]{1,19}$/.test(id)) return invalid(`The \`id\` path parameter value [${id}] does not match ^[0-9]{1,19}$`, 'id', id);
  const c = COMMUNITIES.find((x) => x.id === id);
  if (!c) return problem(404, 'resource-not-found', 'Not Found Error', `Could not find community with id: [${id}].`);
  return { status: 200, body: { data: pick(c, ['id', 'name'], asked(req.query, 'community.fields')) } };
}

function communitySearch(req: EmuRequest): EmuResponse {
  const bad = checkQuery(req.query, {
    params: { query: null, next_token: null, pagination_token: null, 'community.fields': COMMUNITY_FIELDS },
    ints: { max_results: [10, 100] },
    required: ['query'],
  });
  if (bad) return bad;
  const text = req.query.get('query')!.toLowerCase();
  const found = COMMUNITIES.filter((c) => String(c.name).toLowerCase().includes(text));
  const p = page(found, req.query, [10, 100], 10);
  if (isReply(p)) return p;
  const fields = asked(req.query, 'community.fields');
  return { status: 200, body: { data: p.data.map((c) => pick(c, ['id', 'name'], fields)), meta: p.meta } };
}

function news(req: EmuRequest): EmuResponse {
  const bad = checkQuery(req.query, { params: { 'news.fields': NEWS_FIELDS } });
  if (bad) return bad;
  const id = req.params.id!;
  if (!/^[0-9]{1,19}$/.test(id)) return invalid(`The \`id\` path parameter value [${id}] does not match ^[0-9]{1,19}$`, 'id', id);
  const n = NEWS.find((x) => x.id === id);
  if (!n) return problem(404, 'resource-not-found', 'Not Found Error', `Could not find news with id: [${id}].`);
  return { status: 200, body: { data: pick(n, ['id', 'name'], asked(req.query, 'news.fields')) } };
}

function newsSearch(req: EmuRequest): EmuResponse {
  const bad = checkQuery(req.query, {
    params: { query: null, 'news.fields': NEWS_FIELDS },
    ints: { max_results: [1, 100], max_age_hours: [1, 720] },
    required: ['query'],
  });
  if (bad) return bad;
  const text = req.query.get('query')!.toLowerCase();
  const found = NEWS.filter((n) => `${n.name} ${n.summary}`.toLowerCase().includes(text)).slice(
    0,
    Number(req.query.get('max_results') ?? 10),
  );
  const fields = asked(req.query, 'news.fields');
  return { status: 200, body: { data: found.map((n) => pick(n, ['id', 'name'], fields)), meta: { result_count: found.length } } };
}

function usage(req: EmuRequest, state: EmulatorState): EmuResponse {
  const bad = checkQuery(req.query, { params: { 'usage.fields': USAGE_FIELDS }, ints: { days: [1, 90] } });
  if (bad) return bad;
  const days = Number(req.query.get('days') ?? 7);
  const today = Math.floor(state.now() / 86_400_000);
  const series = Array.from({ length: days }, (_, i) => ({
    date: new Date((today - days + 1 + i) * 86_400_000).toISOString(),
    usage: 100 + i * 10,
  }));
  const full: Obj = {
    project_id: '1402221372383600640',
    project_cap: '10000000',
    project_usage: String(series.reduce((a, s) => a + s.usage, 0)),
    cap_reset_day: 19,
    daily_project_usage: { project_id: 1402221372, usage: series },
    daily_client_app_usage: [{ client_app_id: '24589213', usage: series, usage_result_count: series.length }],
  };
  return { status: 200, body: { data: pick(full, ['project_usage', 'project_cap'], asked(req.query, 'usage.fields')) } };
}

/** A small description: enough for a client to read its version and paths. */
function openapi(req: EmuRequest): EmuResponse {
  if ([...req.query.keys()].length) return invalid('GET /2/openapi.json takes no query parameters', [...req.query.keys()][0]!, '');
  return {
    status: 200,
    body: { openapi: '3.0.0', info: { title: 'Emulator API v2', version: '2.159' }, paths: { '/2/openapi.json': { get: {} } } },
  };
}

export function register(r: Router): void {
  const get = (path: string, auth: 'user-or-app' | 'none', handler: (req: EmuRequest, state: EmulatorState) => EmuResponse) =>
    r.route({ method: 'GET', path, api: 'platform', auth, handler });
  get('/2/trends/by/woeid/:woeid', 'user-or-app', trends);
  get('/2/users/personalized_trends', 'user-or-app', personalized);
  get('/2/communities/search', 'user-or-app', communitySearch);
  get('/2/communities/:id', 'user-or-app', community);
  get('/2/news/search', 'user-or-app', newsSearch);
  get('/2/news/:id', 'user-or-app', news);
  get('/2/usage/tweets', 'user-or-app', usage);
  get('/2/openapi.json', 'none', openapi);
}
