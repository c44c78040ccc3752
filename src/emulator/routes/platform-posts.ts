// GET /2/tweets (official) and /2/posts (neutral): lookup by id with field
// selection and expansions, served in the spellings the server's `names` mode
// allows; an official request gets official keys back. Default
// fields are id and text (the spec); users default to id, name, username and
// media to media_key, type, as the real API does. Requested fields apply to
// the primary objects and the included ones alike. Ids starting with 9 are
// reported as resource-not-found problems in `errors` next to the found posts.
// Posts created through POST /2/tweets are shown as they were posted.
import { problem } from '../replies.js';
import { fieldSpelling, incoming, outgoing, spell, spellingsOf, type Spelling } from '../spelling.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { createdPost, createdState } from './platform-own-posts.js';
import { fullMedia, fullPlace, fullPoll, fullPost, fullUser, pick, postExists, userByUsername, type Obj } from './platform-data.js';

const DEFAULTS: Record<'post' | 'user' | 'media' | 'place' | 'poll', readonly string[]> = {
  post: ['id', 'text'],
  user: ['id', 'name', 'username'],
  media: ['media_key', 'type'],
  place: ['id', 'full_name'],
  poll: ['id', 'options'],
};
// GET /2/tweets declares no space.fields in either description: the service refuses it as an unknown parameter.
type FieldFamily = 'post' | 'user' | 'media' | 'place' | 'poll';
const FAMILIES: FieldFamily[] = ['post', 'user', 'media', 'place', 'poll'];

/** The service's v2 id pattern (openapi: ^[0-9]{1,19}$). */
export const NUMERIC_ID = /^[0-9]{1,19}$/;

/**
 * Field and expansion names the service accepts (openapi v2.159 enums, in the
 * emulator's internal neutral spelling), plus paid_partnership (v2.167).
 */
export const FIELDS: Record<FieldFamily, readonly string[]> = {
  post: [
    'article',
    'attachments',
    'author_id',
    'card_uri',
    'community_id',
    'context_annotations',
    'conversation_id',
    'created_at',
    'display_text_range',
    'edit_controls',
    'edit_history_post_ids',
    'entities',
    'geo',
    'id',
    'in_reply_to_user_id',
    'lang',
    'media_metadata',
    'non_public_metrics',
    'note_post',
    'organic_metrics',
    'paid_partnership',
    'possibly_sensitive',
    'promoted_metrics',
    'public_metrics',
    'referenced_posts',
    'reply_settings',
    'scopes',
    'source',
    'text',
    'withheld',
  ],
  user: [
    'affiliation',
    'connection_status',
    'created_at',
    'description',
    'entities',
    'id',
    'is_identity_verified',
    'location',
    'most_recent_post_id',
    'name',
    'parody',
    'pinned_post_id',
    'profile_banner_url',
    'profile_image_url',
    'protected',
    'public_metrics',
    'receives_your_dm',
    'subscription_type',
    'url',
    'username',
    'verified',
    'verified_followers_count',
    'verified_type',
    'withheld',
  ],
  media: [
    'alt_text',
    'duration_ms',
    'height',
    'media_key',
    'non_public_metrics',
    'organic_metrics',
    'preview_image_url',
    'promoted_metrics',
    'public_metrics',
    'type',
    'url',
    'variants',
    'width',
  ],
  place: ['contained_within', 'country', 'country_code', 'full_name', 'geo', 'id', 'name', 'place_type'],
  poll: ['duration_minutes', 'end_datetime', 'id', 'options', 'voting_status'],
};
const EXPANSIONS = [
  'attachments.media_keys',
  'attachments.poll_ids',
  'author_id',
  'edit_history_post_ids',
  'entities.mentions.username',
  'geo.place_id',
  'in_reply_to_user_id',
  'referenced_posts.id',
  'referenced_posts.id.author_id',
];
const validFields = (f: FieldFamily) => FIELDS[f];
const fieldsParam = (f: FieldFamily, to: Spelling) => (f === 'post' ? spell('param', 'post.fields', to) : `${f}.fields`);

function invalidRequest(message: string, parameter: string, value: string) {
  return problem(400, 'invalid-request', 'Invalid Request', 'One or more parameters to your request was invalid.', {
    errors: [{ message, parameters: { [parameter]: [value] } }],
  });
}

/** The real API's wording: "The `tweet.fields` query parameter value [foo] is not one of [...]"; names read in `to` spelling only. */
function checkList(req: EmuRequest, param: string, valid: readonly string[], to: Spelling) {
  const raw = req.query.get(param);
  if (raw === null) return { values: [] as string[] };
  const values = raw.split(',').filter(Boolean);
  const read = values.map((v) => incoming('field', v, to));
  const bad = read.findIndex((r) => !r.known || (r.spelling !== undefined && r.spelling !== to) || !valid.includes(r.name));
  if (bad >= 0)
    return {
      error: invalidRequest(
        `The \`${param}\` query parameter value [${values[bad]}] is not one of [${valid.map((v) => spell('field', v, to)).join(',')}]`,
        param,
        raw,
      ),
    };
  return { values: read.map((r) => r.name) };
}

function notFound(id: string): Obj {
  return {
    value: id,
    detail: `Could not find post with ids: [${id}].`,
    title: 'Not Found Error',
    resource_type: 'post',
    parameter: 'ids',
    resource_id: id,
    type: 'https://api.x.com/2/problems/resource-not-found',
  };
}

/** Texts a test (or the admin API) puts on given post ids: long text, control characters. */
export const postTexts = (state: EmulatorState): Map<string, string> => state.slice('post-texts', () => new Map<string, string>());

export function register(r: Router, state: EmulatorState): void {
  for (const to of spellingsOf(state.names)) {
    r.route({
      method: 'GET',
      path: `/2/${spell('path', 'posts', to)}`,
      api: 'platform',
      auth: 'user-or-app',
      handler: (req) => lookup(req, fieldSpelling(state.dialect, to), state),
    });
  }
}

/** What a lookup asks for: the ids, the expansions and the fields per family. */
interface LookupQuery {
  ids: string[];
  exp: Set<string>;
  fields: Record<FieldFamily, string[]>;
}

/** The objects the asked expansions pull in, by family. */
interface Expanded {
  users: Set<string>;
  media: Set<string>;
  polls: Set<string>;
  places: Set<string>;
  referenced: Map<string, Obj>;
}

/** One lookup, read and answered in one spelling. */
function lookup(req: EmuRequest, to: Spelling, state: EmulatorState): EmuResponse {
  const query = readLookup(req, to, state.dialect === '2.167');
  if ('status' in query) return query;
  const { ids, exp, fields } = query;
  // Not in the spec; the real API returns the field an expansion follows
  // (author_id, attachments, …) even when post.fields does not ask for it.
  const implied = [...exp].map((e) => e.split('.')[0]!).filter((f) => validFields('post').includes(f));
  const projectPost = (p: Obj) => pick(p, DEFAULTS.post, [...fields.post, ...implied]);

  const texts = postTexts(state);
  // A post created here is shown as it was posted; one deleted is not found, like an id starting with 9.
  const exists = (id: string) => (createdState(state, id) ?? (postExists(id) ? 'live' : 'deleted')) === 'live';
  const found = ids.filter(exists).map((id) => {
    const p = createdPost(state, id) ?? fullPost(id);
    return texts.has(id) ? { ...p, text: texts.get(id)! } : p;
  });
  const errors = ids.filter((i) => !exists(i)).map(notFound);
  const includes = includesOf(expand(found, exp), fields, projectPost);

  const body: Obj = {};
  if (found.length) body.data = found.map(projectPost);
  if (Object.keys(includes).length) body.includes = includes;
  if (errors.length) body.errors = errors;
  return { status: 200, body: outgoing(body, to) };
}

/** The query checked in the service's order: parameter names, ids, expansions, fields. */
function readLookup(req: EmuRequest, to: Spelling, v2167: boolean): LookupQuery | EmuResponse {
  const ALLOWED_PARAMS = new Set(['ids', 'expansions', ...FAMILIES.map((f) => fieldsParam(f, to))]);
  for (const key of new Set(req.query.keys())) {
    if (!ALLOWED_PARAMS.has(key))
      return invalidRequest(`The query parameter [${key}] is not one of [${[...ALLOWED_PARAMS].join(',')}]`, key, req.query.get(key) ?? '');
  }
  const ids = readIds(req.query.get('ids') ?? '');
  if (!Array.isArray(ids)) return ids;
  // openapi v2.167 spells the referenced posts' expansion `referenced_posts` (no `.id`).
  const expansions = checkList(req, 'expansions', v2167 ? [...EXPANSIONS, 'referenced_posts'] : EXPANSIONS, to);
  if (expansions.error) return expansions.error;
  expansions.values = expansions.values.map((v) => (v === 'referenced_posts' ? 'referenced_posts.id' : v));
  const fields: Partial<Record<FieldFamily, string[]>> = {};
  for (const f of FAMILIES) {
    const c = checkList(req, fieldsParam(f, to), validFields(f), to);
    if (c.error) return c.error;
    fields[f] = c.values;
  }
  return { ids, exp: new Set(expansions.values), fields: fields as Record<FieldFamily, string[]> };
}

function readIds(rawIds: string): string[] | EmuResponse {
  const ids = rawIds.split(',').filter(Boolean);
  const bad = ids.filter((i) => !NUMERIC_ID.test(i));
  if (ids.length === 0) return invalidRequest('The `ids` query parameter can not be empty', 'ids', rawIds);
  if (ids.length > 100)
    return invalidRequest(
      `The number of values in the \`ids\` query parameter list [${ids.length}] is not between 1 and 100`,
      'ids',
      rawIds,
    );
  if (bad.length) return invalidRequest(`The \`ids\` query parameter value [${bad[0]}] does not match ^[0-9]{1,19}$`, 'ids', rawIds);
  return ids;
}

function expand(found: Obj[], exp: Set<string>): Expanded {
  const out: Expanded = { users: new Set(), media: new Set(), polls: new Set(), places: new Set(), referenced: new Map() };
  const { users, media, polls, places, referenced } = out;
  for (const p of found) {
    if (exp.has('author_id')) users.add(p.author_id);
    if (exp.has('in_reply_to_user_id') && p.in_reply_to_user_id) users.add(p.in_reply_to_user_id);
    if (exp.has('entities.mentions.username')) for (const m of p.entities.mentions) users.add(m.username);
    if (exp.has('attachments.media_keys')) for (const k of p.attachments?.media_keys ?? []) media.add(k);
    if (exp.has('attachments.poll_ids')) for (const k of p.attachments?.poll_ids ?? []) polls.add(k);
    if (exp.has('geo.place_id') && p.geo?.place_id) places.add(p.geo.place_id);
    if (exp.has('referenced_posts.id') || exp.has('referenced_posts.id.author_id')) {
      for (const ref of p.referenced_posts ?? []) {
        const rp = fullPost(ref.id);
        if (exp.has('referenced_posts.id')) referenced.set(ref.id, rp);
        if (exp.has('referenced_posts.id.author_id')) users.add(rp.author_id);
      }
    }
  }
  return out;
}

function includesOf(x: Expanded, fields: Record<FieldFamily, string[]>, projectPost: (p: Obj) => Obj): Record<string, Obj[]> {
  // Mentions name users by username; everything else by id.
  const userObjs = [...x.users].map((key) => fullUser(key) ?? userByUsername(key)).filter(Boolean) as Obj[];
  const seenUsers = new Set<string>();
  const includes: Record<string, Obj[]> = {};
  const uniqueUsers = userObjs.filter((u) => !seenUsers.has(u.id) && seenUsers.add(u.id));
  if (uniqueUsers.length) includes.users = uniqueUsers.map((u) => pick(u, DEFAULTS.user, fields.user));
  const mediaObjs = [...x.media].map(fullMedia).filter(Boolean) as Obj[];
  if (mediaObjs.length) includes.media = mediaObjs.map((m) => pick(m, DEFAULTS.media, fields.media));
  if (x.polls.size) includes.polls = [...x.polls].map((id) => pick(fullPoll(id), DEFAULTS.poll, fields.poll));
  if (x.places.size) includes.places = [...x.places].map((id) => pick(fullPlace(id), DEFAULTS.place, fields.place));
  if (x.referenced.size) includes.posts = [...x.referenced.values()].map(projectPost);
  return includes;
}
