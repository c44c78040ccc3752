// Lists, from openapi v2.159: get, create (name 1 to 25, description up to
// 100, private), update, delete (owner only), members (add, remove, list),
// the members' posts, and a user's owned and followed lists. One seeded list
// owned by the emulator's user, with alice and bob as members.
import { problem } from '../replies.js';
import type { Router } from '../router.js';
import { EMU_USER, type EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { isReply, page, select, type Obj } from './platform-paging.js';
import { invalid } from './platform-posting.js';
import { userById } from './platform-users-state.js';
import { userOut } from './platform-users.js';

const NUMERIC = /^[0-9]{1,19}$/;
const LIST_FIELDS = ['created_at', 'description', 'follower_count', 'id', 'member_count', 'name', 'owner_id', 'private'];
export const SEEDED_LIST = '1800000000000000001';

interface EmuList {
  id: string;
  name: string;
  description: string;
  private: boolean;
  owner_id: string;
  created_at: string;
  members: string[];
  followers: string[];
}

export const listsState = (state: EmulatorState) =>
  state.slice('platform-lists', () => {
    const m = new Map<string, EmuList>();
    m.set(SEEDED_LIST, {
      id: SEEDED_LIST,
      name: 'Emulator friends',
      description: 'seeded by the emulator',
      private: false,
      owner_id: EMU_USER.id,
      created_at: '2026-06-04T09:00:00.000Z',
      members: ['1000000001', '1000000002'],
      followers: ['1000000001'],
    });
    return m;
  });

export const listOut = (l: EmuList, q: URLSearchParams) =>
  select(
    { ...l, member_count: l.members.length, follower_count: l.followers.length } as unknown as Obj,
    q,
    'list.fields',
    ['id', 'name'],
    LIST_FIELDS,
  );

function found(req: EmuRequest, state: EmulatorState): EmuList | EmuResponse {
  const id = req.params.id!;
  if (!NUMERIC.test(id)) return invalid(`The \`id\` path parameter value [${id}] does not match ^[0-9]{1,19}$`, 'id', id);
  return (
    listsState(state).get(id) ??
    problem(404, 'resource-not-found', 'Not Found Error', `Could not find list with id: [${id}].`, {
      resource_type: 'list',
      resource_id: id,
      parameter: 'id',
      value: id,
    })
  );
}

function owned(req: EmuRequest, state: EmulatorState): EmuList | EmuResponse {
  const l = found(req, state);
  if (isReply(l)) return l;
  return l.owner_id === req.auth?.userId ? l : problem(403, 'about:blank', 'Forbidden', 'You are not allowed to change this list.');
}

function bodyProblem(b: Obj, creating: boolean): EmuResponse | undefined {
  const extra = Object.keys(b).find((k) => !['name', 'description', 'private'].includes(k));
  if (extra) return invalid(`[${extra}] is not a valid field of the request body`, extra, String(b[extra]));
  if (creating && b.name === undefined) return invalid('`name` is required', 'name', '');
  if (b.name !== undefined && (typeof b.name !== 'string' || b.name.length < 1 || [...b.name].length > 25))
    return invalid('`name` must be 1 to 25 characters', 'name', String(b.name));
  if (b.description !== undefined && (typeof b.description !== 'string' || [...b.description].length > 100))
    return invalid('`description` must be at most 100 characters', 'description', String(b.description).slice(0, 40));
  if (b.private !== undefined && typeof b.private !== 'boolean')
    return invalid('`private` must be a boolean', 'private', String(b.private));
  return undefined;
}

function create(req: EmuRequest, state: EmulatorState): EmuResponse {
  const b = req.json<Obj>() ?? {};
  const bad = bodyProblem(b, true);
  if (bad) return bad;
  const l: EmuList = {
    id: state.nextId(),
    name: String(b.name),
    description: typeof b.description === 'string' ? b.description : '',
    private: b.private === true,
    owner_id: req.auth!.userId!,
    created_at: new Date(state.now()).toISOString(),
    members: [],
    followers: [],
  };
  listsState(state).set(l.id, l);
  return { status: 200, body: { data: { id: l.id, name: l.name } } };
}

function update(req: EmuRequest, state: EmulatorState): EmuResponse {
  const l = owned(req, state);
  if (isReply(l)) return l;
  const b = req.json<Obj>() ?? {};
  const bad = bodyProblem(b, false);
  if (bad) return bad;
  if (typeof b.name === 'string') l.name = b.name;
  if (typeof b.description === 'string') l.description = b.description;
  if (typeof b.private === 'boolean') l.private = b.private;
  return { status: 200, body: { data: { updated: true } } };
}

function members(op: 'add' | 'remove') {
  return (req: EmuRequest, state: EmulatorState): EmuResponse => {
    const l = owned(req, state);
    if (isReply(l)) return l;
    const user = op === 'add' ? String(req.json<Obj>()?.user_id ?? '') : req.params.user_id!;
    if (!NUMERIC.test(user)) return invalid('`user_id` must match ^[0-9]{1,19}$', 'user_id', user);
    if (!userById(state, user)) return problem(404, 'resource-not-found', 'Not Found Error', `Could not find user with id: [${user}].`);
    const at = l.members.indexOf(user);
    if (op === 'add' && at < 0) l.members.push(user);
    if (op === 'remove' && at >= 0) l.members.splice(at, 1);
    return { status: 200, body: { data: { is_member: op === 'add' } } };
  };
}

function listUsers(req: EmuRequest, state: EmulatorState): EmuResponse {
  const l = found(req, state);
  if (isReply(l)) return l;
  const p = page(l.members, req.query, [1, 100], 100);
  if (isReply(p)) return p;
  const data: Obj[] = [];
  for (const id of p.data) {
    const u = userOut(userById(state, id)!, req.query);
    if (isReply(u)) return u;
    data.push(u);
  }
  return { status: 200, body: { ...(data.length ? { data } : {}), meta: p.meta } };
}

function listPosts(req: EmuRequest, state: EmulatorState): EmuResponse {
  const l = found(req, state);
  if (isReply(l)) return l;
  const posts = l.members.flatMap((m, i) =>
    Array.from({ length: 15 }, (_, k) => ({
      id: String(1_700_000_000_000_000_000n + BigInt(m) * 100n + BigInt(k * 10 + i)),
      author_id: m,
    })),
  );
  posts.sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
  const p = page(posts, req.query, [1, 100], 100);
  if (isReply(p)) return p;
  const withAuthor = (req.query.get('tweet.fields') ?? '').includes('author_id');
  const data = p.data.map((x) => ({
    id: x.id,
    text: `list post ${x.id}`,
    edit_history_tweet_ids: [x.id],
    ...(withAuthor ? { author_id: x.author_id } : {}),
  }));
  return { status: 200, body: { ...(data.length ? { data } : {}), meta: p.meta } };
}

function userLists(kind: 'owned' | 'followed') {
  return (req: EmuRequest, state: EmulatorState): EmuResponse => {
    const id = req.params.id!;
    if (!NUMERIC.test(id)) return invalid(`The \`id\` path parameter value [${id}] does not match ^[0-9]{1,19}$`, 'id', id);
    const all = [...listsState(state).values()].filter((l) => (kind === 'owned' ? l.owner_id === id : l.followers.includes(id)));
    const p = page(all, req.query, [1, 100], 100);
    if (isReply(p)) return p;
    const data: Obj[] = [];
    for (const l of p.data) {
      const o = listOut(l, req.query);
      if (isReply(o)) return o;
      data.push(o);
    }
    return { status: 200, body: { ...(data.length ? { data } : {}), meta: p.meta } };
  };
}

export function register(r: Router, _state: EmulatorState): void {
  const route = (method: string, path: string, auth: 'user' | 'user-or-app', handler: (q: EmuRequest, s: EmulatorState) => EmuResponse) =>
    r.route({ method, path, api: 'platform', auth, handler });
  route('POST', '/2/lists', 'user', create);
  route('GET', '/2/lists/:id', 'user-or-app', (req, state) => {
    const l = found(req, state);
    if (isReply(l)) return l;
    const o = listOut(l, req.query);
    return isReply(o) ? o : { status: 200, body: { data: o } };
  });
  route('PUT', '/2/lists/:id', 'user', update);
  route('DELETE', '/2/lists/:id', 'user', (req, state) => {
    const l = owned(req, state);
    if (isReply(l)) return l;
    listsState(state).delete(l.id);
    return { status: 200, body: { data: { deleted: true } } };
  });
  route('GET', '/2/lists/:id/members', 'user-or-app', listUsers);
  route('POST', '/2/lists/:id/members', 'user', members('add'));
  route('DELETE', '/2/lists/:id/members/:user_id', 'user', members('remove'));
  for (const spelling of ['tweets', 'posts']) route('GET', `/2/lists/:id/${spelling}`, 'user-or-app', listPosts);
  route('GET', '/2/users/:id/owned_lists', 'user-or-app', userLists('owned'));
  route('GET', '/2/users/:id/followed_lists', 'user-or-app', userLists('followed'));
}
