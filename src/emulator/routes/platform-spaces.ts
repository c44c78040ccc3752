// Spaces, from openapi v2.159: by id, by ids, by creator, search (title
// substring, state filter), ticket buyers (OAuth 2.0; the host only) and the
// posts shared in a Space. Two seeded Spaces hosted by the emulator's user and
// @emu_news.
import { problem } from '../replies.js';
import type { Router } from '../router.js';
import { EMU_USER, type EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { fullPost, fullUser, pick, type Obj } from './platform-data.js';
import { dualRoute, type NameOf } from './platform-names.js';
import { asked, checkQuery, USER_FIELDS, type QuerySpec } from './platform-more-query.js';
import { isReply, page } from './platform-paging.js';
import { invalid } from './platform-posting.js';

const SPACE_FIELDS = [
  'created_at',
  'creator_id',
  'ended_at',
  'host_ids',
  'id',
  'invited_user_ids',
  'is_ticketed',
  'lang',
  'participant_count',
  'scheduled_start',
  'speaker_ids',
  'started_at',
  'state',
  'subscriber_count',
  'title',
  'topic_ids',
  'updated_at',
];
const SPACE_EXPANSIONS = ['creator_id', 'host_ids', 'invited_user_ids', 'speaker_ids', 'topic_ids'];
const SPACE_ID = /^[a-zA-Z0-9]{1,13}$/;

const LOOKUP: QuerySpec['params'] = {
  'space.fields': SPACE_FIELDS,
  expansions: SPACE_EXPANSIONS,
  'user.fields': USER_FIELDS,
  'topic.fields': ['description', 'id', 'name'],
};

const SEEDED_SPACES: Obj[] = [
  {
    id: '1DXxyRYNejbKM',
    state: 'live',
    title: 'Emulator office hours',
    creator_id: EMU_USER.id,
    host_ids: [EMU_USER.id],
    speaker_ids: ['783214'],
    participant_count: 42,
    is_ticketed: true,
    lang: 'en',
    created_at: '2026-06-01T17:00:00.000Z',
    started_at: '2026-06-01T17:05:00.000Z',
    topic_ids: ['848920371311001600'],
  },
  {
    id: '1YpKkgVgevXxj',
    state: 'scheduled',
    title: 'News of the week',
    creator_id: '783214',
    host_ids: ['783214'],
    is_ticketed: false,
    lang: 'en',
    created_at: '2026-06-02T08:00:00.000Z',
    scheduled_start: '2026-06-09T18:00:00.000Z',
    subscriber_count: 7,
  },
];

function spaceOut(s: Obj, q: URLSearchParams): Obj {
  return pick(s, ['id', 'state'], asked(q, 'space.fields'));
}

/** data, with includes.users for the user expansions asked for. */
function envelope(spaces: Obj[], q: URLSearchParams): Obj {
  const exp = asked(q, 'expansions').filter((e) => e !== 'topic_ids');
  const ids = [...new Set(spaces.flatMap((s) => exp.flatMap((e) => (Array.isArray(s[e]) ? s[e] : s[e] ? [s[e]] : []))))];
  const users = ids.map((id) => fullUser(String(id))).filter((u): u is Obj => Boolean(u));
  const fields = asked(q, 'user.fields');
  return {
    data: spaces.map((s) => spaceOut(s, q)),
    ...(users.length ? { includes: { users: users.map((u) => pick(u, ['id', 'name', 'username'], fields)) } } : {}),
  };
}

const notFound = (id: string): EmuResponse =>
  problem(404, 'resource-not-found', 'Not Found Error', `Could not find space with id: [${id}].`, {
    resource_type: 'space',
    resource_id: id,
    parameter: 'id',
    value: id,
  });

function byId(req: EmuRequest, state: EmulatorState): Obj | EmuResponse {
  const id = req.params.id!;
  if (!SPACE_ID.test(id)) return invalid(`The \`id\` path parameter value [${id}] does not match ^[a-zA-Z0-9]{1,13}$`, 'id', id);
  return spaces(state).find((s) => s.id === id) ?? notFound(id);
}

const spaces = (state: EmulatorState) => state.slice('platform-spaces', () => SEEDED_SPACES.map((s) => ({ ...s })));

function one(req: EmuRequest, state: EmulatorState): EmuResponse {
  const bad = checkQuery(req.query, { params: LOOKUP });
  if (bad) return bad;
  const s = byId(req, state);
  if (isReply(s)) return s;
  const env = envelope([s], req.query);
  return { status: 200, body: { ...env, data: (env.data as Obj[])[0] } };
}

function many(req: EmuRequest, state: EmulatorState): EmuResponse {
  const bad = checkQuery(req.query, { params: { ids: null, ...LOOKUP }, required: ['ids'] });
  if (bad) return bad;
  const ids = req.query.get('ids')!.split(',');
  if (ids.length > 100) return invalid('The `ids` query parameter may hold at most 100 ids', 'ids', String(ids.length));
  const bad2 = ids.find((id) => !SPACE_ID.test(id));
  if (bad2) return invalid(`The \`ids\` query parameter value [${bad2}] does not match ^[a-zA-Z0-9]{1,13}$`, 'ids', bad2);
  const found = ids.map((id) => spaces(state).find((s) => s.id === id)).filter((s): s is Obj => Boolean(s));
  const missing = ids.filter((id) => !found.some((s) => s.id === id));
  const errors = missing.map((id) => ({ ...(notFound(id).body as Obj), value: id }));
  return { status: 200, body: { ...envelope(found, req.query), ...(errors.length ? { errors } : {}) } };
}

function byCreator(req: EmuRequest, state: EmulatorState): EmuResponse {
  const bad = checkQuery(req.query, { params: { user_ids: null, ...LOOKUP }, required: ['user_ids'] });
  if (bad) return bad;
  const ids = req.query.get('user_ids')!.split(',');
  const badId = ids.find((id) => !/^[0-9]{1,19}$/.test(id));
  if (badId) return invalid(`The \`user_ids\` query parameter value [${badId}] does not match ^[0-9]{1,19}$`, 'user_ids', badId);
  const found = spaces(state).filter((s) => ids.includes(String(s.creator_id)));
  return { status: 200, body: { ...envelope(found, req.query), meta: { result_count: found.length } } };
}

function search(req: EmuRequest, state: EmulatorState): EmuResponse {
  const spec: QuerySpec = {
    params: { query: null, state: ['live', 'scheduled', 'all'], ...LOOKUP },
    ints: { max_results: [1, 100] },
    required: ['query'],
  };
  const bad = checkQuery(req.query, spec);
  if (bad) return bad;
  const text = req.query.get('query')!.toLowerCase();
  const want = req.query.get('state') ?? 'all';
  const max = Number(req.query.get('max_results') ?? 100);
  const found = spaces(state)
    .filter((s) => String(s.title).toLowerCase().includes(text) && (want === 'all' || s.state === want))
    .slice(0, max);
  return { status: 200, body: { ...envelope(found, req.query), meta: { result_count: found.length } } };
}

function buyers(req: EmuRequest, state: EmulatorState): EmuResponse {
  const spec: QuerySpec = {
    params: {
      pagination_token: null,
      'user.fields': USER_FIELDS,
      expansions: ['affiliation.user_id', 'most_recent_tweet_id', 'pinned_tweet_id'],
      'tweet.fields': null,
    },
    ints: { max_results: [1, 100] },
  };
  const bad = checkQuery(req.query, spec);
  if (bad) return bad;
  const s = byId(req, state);
  if (isReply(s)) return s;
  if (!(s.host_ids as string[]).includes(req.auth?.userId ?? ''))
    return problem(403, 'client-forbidden', 'Forbidden', 'Only a host of the Space can list its ticket buyers.');
  const buyers = s.is_ticketed ? ['783214', '17874544', '1526228120'] : [];
  const p = page(buyers, req.query, [1, 100], 100);
  if (isReply(p)) return p;
  const fields = asked(req.query, 'user.fields');
  return { status: 200, body: { data: p.data.map((id) => pick(fullUser(id)!, ['id', 'name', 'username'], fields)), meta: p.meta } };
}

function posts(req: EmuRequest, state: EmulatorState, name: NameOf): EmuResponse {
  const spec: QuerySpec = {
    params: {
      [name('postFields')]: null,
      expansions: null,
      'media.fields': null,
      'poll.fields': null,
      'user.fields': USER_FIELDS,
      'place.fields': null,
    },
    ints: { max_results: [1, 100] },
  };
  const bad = checkQuery(req.query, spec);
  if (bad) return bad;
  const s = byId(req, state);
  if (isReply(s)) return s;
  const ids = s.state === 'live' ? ['1460323737035677698', '1460323737035677699'] : [];
  const fields = asked(req.query, name('postFields'));
  const data = ids.slice(0, Number(req.query.get('max_results') ?? 100)).map((id) => pick(fullPost(id), ['id', 'text'], fields));
  return { status: 200, body: { data, meta: { result_count: data.length } } };
}

export function register(r: Router, state: EmulatorState): void {
  const get = (path: string, handler: (req: EmuRequest, state: EmulatorState) => EmuResponse) =>
    r.route({ method: 'GET', path, api: 'platform', auth: 'user-or-app', handler });
  get('/2/spaces', many);
  get('/2/spaces/search', search);
  get('/2/spaces/by/creator_ids', byCreator);
  get('/2/spaces/:id', one);
  get('/2/spaces/:id/buyers', buyers);
  dualRoute(r, state, { method: 'GET', path: '/2/spaces/:id/{posts}', api: 'platform', auth: 'user-or-app', handler: posts });
}
