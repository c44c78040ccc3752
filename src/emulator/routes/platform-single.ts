// One object or one switch, from openapi v2.159: a user by id or username
// (GET /2/users/{id}, /2/users/by/username/{username}), media by key (GET
// /2/media/{media_key}, GET /2/media?media_keys=, up to 100; keys whose digits
// start with 9 do not exist), hiding a reply (PUT /2/tweets/{tweet_id}/hidden)
// and the filtered stream's webhook links (GET /2/tweets/search/webhooks,
// POST/DELETE …/{webhook_id}: a registered webhook, each linked once).
import { problem } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { isReply, select, type Obj } from './platform-paging.js';
import { invalid } from './platform-posting.js';
import { FIELDS } from './platform-posts.js';
import { userById, userByName } from './platform-users-state.js';
import { userOut } from './platform-users.js';
import { webhooks } from './platform-webhooks.js';

const NUMERIC = /^[0-9]{1,19}$/;
const MEDIA_KEY = /^([0-9]+)_([0-9]{1,19})$/;
const TYPES: Record<string, string> = { '3': 'photo', '7': 'video', '13': 'video', '16': 'animated_gif' };
type Handler = (req: EmuRequest, state: EmulatorState) => EmuResponse;

const notFound = (type: string, value: string, parameter: string): Obj => ({
  value,
  detail: `Could not find ${type} with ${parameter}: [${value}].`,
  title: 'Not Found Error',
  resource_type: type,
  parameter,
  resource_id: value,
  type: 'https://api.x.com/2/problems/resource-not-found',
});

const oneUser =
  (by: 'id' | 'username'): Handler =>
  (req, state) => {
    const v = req.params[by]!;
    const ok = by === 'id' ? NUMERIC.test(v) : /^[A-Za-z0-9_]{1,15}$/.test(v);
    if (!ok) return invalid(`The \`${by}\` path parameter value [${v}] is not valid`, by, v);
    const u = by === 'id' ? userById(state, v) : userByName(state, v);
    if (!u) return { status: 200, body: { errors: [notFound('user', v, by)] } };
    const out = userOut(u, req.query);
    return isReply(out) ? out : { status: 200, body: { data: out } };
  };

function mediaObject(key: string, q: URLSearchParams): Obj | EmuResponse | undefined {
  const m = MEDIA_KEY.exec(key);
  if (!m || m[2]!.startsWith('9')) return undefined;
  const type = TYPES[m[1]!] ?? 'photo';
  const obj = {
    media_key: key,
    type,
    width: 1280,
    height: 720,
    ...(type === 'photo' ? { url: `https://pbs.example/media/${m[2]}.jpg` } : { duration_ms: 12_000 }),
  };
  return select(obj, q, 'media.fields', ['media_key', 'type'], FIELDS.media);
}

const media: Handler = (req) => {
  const one = req.params.media_key;
  const keys = one !== undefined ? [one] : (req.query.get('media_keys') ?? '').split(',').filter(Boolean);
  if (!keys.length || keys.length > 100)
    return invalid(
      `The number of values in the \`media_keys\` query parameter list [${keys.length}] is not between 1 and 100`,
      'media_keys',
      '',
    );
  const data: Obj[] = [];
  const errors: Obj[] = [];
  for (const k of keys) {
    if (!MEDIA_KEY.test(k)) return invalid(`The \`media_keys\` value [${k}] does not match ^([0-9]+)_([0-9]+)$`, 'media_keys', k);
    const o = mediaObject(k, req.query);
    if (isReply(o)) return o;
    if (o) data.push(o);
    else errors.push(notFound('media', k, 'media_key'));
  }
  if (one !== undefined && !data.length)
    return problem(404, 'resource-not-found', 'Not Found Error', `Could not find media with media_key: [${one}].`, errors[0]);
  return {
    status: 200,
    body: { ...(data.length ? { data: one !== undefined ? data[0] : data } : {}), ...(errors.length ? { errors } : {}) },
  };
};

const hidden: Handler = (req) => {
  const id = req.params.tweet_id!;
  if (!NUMERIC.test(id)) return invalid(`The \`tweet_id\` path parameter value [${id}] does not match ^[0-9]{1,19}$`, 'tweet_id', id);
  const body = req.json<Obj>() ?? {};
  const extra = Object.keys(body).find((k) => k !== 'hidden');
  if (extra) return invalid(`[${extra}] is not a valid field of the request body`, extra, String(body[extra]));
  if (typeof body.hidden !== 'boolean') return invalid('`hidden` must be a boolean', 'hidden', String(body.hidden));
  if (id.startsWith('9'))
    return problem(404, 'resource-not-found', 'Not Found Error', `Could not find tweet with id: [${id}].`, notFound('tweet', id, 'id'));
  return { status: 200, body: { data: { hidden: body.hidden } } };
};

const links = (state: EmulatorState) => state.slice('platform-stream-links', () => new Map<string, string>());

const linkWrite =
  (add: boolean): Handler =>
  (req, state) => {
    const id = req.params.webhook_id!;
    if (!NUMERIC.test(id)) return invalid(`The \`webhook_id\` path parameter value [${id}] does not match ^[0-9]{1,19}$`, 'webhook_id', id);
    if (!webhooks(state).has(id) || (!add && !links(state).has(id)))
      return problem(
        404,
        'resource-not-found',
        'Not Found Error',
        `Could not find webhook with id: [${id}].`,
        notFound('webhook', id, 'webhook_id'),
      );
    if (add && !links(state).has(id)) links(state).set(id, new Date(state.now()).toISOString());
    if (!add) links(state).delete(id);
    return { status: 200, body: { data: add ? { provisioned: true } : { deleted: true } } };
  };

export function register(r: Router, _state: EmulatorState): void {
  const route = (method: string, path: string, auth: 'user' | 'user-or-app' | 'app', handler: Handler) =>
    r.route({ method, path, api: 'platform', auth, handler });
  route('GET', '/2/users/by/username/:username', 'user-or-app', oneUser('username'));
  route('GET', '/2/users/:id', 'user-or-app', oneUser('id'));
  route('GET', '/2/media', 'user-or-app', media);
  route('GET', '/2/media/:media_key', 'user-or-app', media);
  for (const spelling of ['tweets', 'posts']) route('PUT', `/2/${spelling}/:tweet_id/hidden`, 'user', hidden);
  route('GET', '/2/tweets/search/webhooks', 'app', (_req, state) => {
    const data = [...links(state)].map(([webhook_id, created_at]) => ({ webhook_id, created_at, fields: [] }));
    return { status: 200, body: { ...(data.length ? { data } : {}), meta: { result_count: data.length } } };
  });
  route('POST', '/2/tweets/search/webhooks/:webhook_id', 'app', linkWrite(true));
  route('DELETE', '/2/tweets/search/webhooks/:webhook_id', 'app', linkWrite(false));
}
