// GET /2/posts: lookup by id with field selection and expansions. Default
// fields are id and text (the spec); users default to id, name, username and
// media to media_key, type, as the real API does. Requested fields apply to
// the primary objects and the included ones alike. Ids starting with 9 are
// reported as resource-not-found problems in `errors` next to the found posts.
import { POST_EXPANSIONS, validFields, type FieldFamily } from '../../validate/post-fields.js';
import { NUMERIC_ID } from '../../validate/platform-ids.js';
import { problem } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest } from '../types.js';
import { fullMedia, fullPlace, fullPoll, fullPost, fullUser, pick, postExists, userByUsername, type Obj } from './platform-data.js';

const DEFAULTS: Record<'post' | 'user' | 'media' | 'place' | 'poll', readonly string[]> = {
  post: ['id', 'text'],
  user: ['id', 'name', 'username'],
  media: ['media_key', 'type'],
  place: ['id', 'full_name'],
  poll: ['id', 'options'],
};
const FAMILIES: FieldFamily[] = ['post', 'user', 'media', 'place', 'poll', 'space'];
const ALLOWED_PARAMS = new Set(['ids', 'expansions', ...FAMILIES.map((f) => `${f}.fields`)]);

function invalidRequest(message: string, parameter: string, value: string) {
  return problem(400, 'invalid-request', 'Invalid Request', 'One or more parameters to your request was invalid.', { errors: [{ message, parameters: { [parameter]: [value] } }] });
}

/** The real API's wording: "The `post.fields` query parameter value [foo] is not one of [...]". */
function checkList(req: EmuRequest, param: string, valid: readonly string[]) {
  const raw = req.query.get(param);
  if (raw === null) return { values: [] as string[] };
  const values = raw.split(',').filter(Boolean);
  const bad = values.find((v) => !valid.includes(v));
  if (bad !== undefined) return { error: invalidRequest(`The \`${param}\` query parameter value [${bad}] is not one of [${valid.join(',')}]`, param, raw) };
  return { values };
}

export function notFound(id: string): Obj {
  return { value: id, detail: `Could not find post with ids: [${id}].`, title: 'Not Found Error', resource_type: 'post', parameter: 'ids', resource_id: id, type: 'https://api.x.com/2/problems/resource-not-found' };
}

/** Texts a test (or the admin API) puts on given post ids: long text, control characters. */
export const postTexts = (state: EmulatorState): Map<string, string> => state.slice('post-texts', () => new Map<string, string>());

export function register(r: Router, state: EmulatorState): void {
  r.route({
    method: 'GET',
    path: '/2/posts',
    api: 'platform',
    auth: 'user-or-app',
    handler: (req) => {
      for (const key of new Set(req.query.keys())) {
        if (!ALLOWED_PARAMS.has(key)) return invalidRequest(`The query parameter [${key}] is not one of [${[...ALLOWED_PARAMS].join(',')}]`, key, req.query.get(key) ?? '');
      }
      const rawIds = req.query.get('ids') ?? '';
      const ids = rawIds.split(',').filter(Boolean);
      const bad = ids.filter((i) => !NUMERIC_ID.test(i));
      if (ids.length === 0) return invalidRequest('The `ids` query parameter can not be empty', 'ids', rawIds);
      if (ids.length > 100) return invalidRequest(`The number of values in the \`ids\` query parameter list [${ids.length}] is not between 1 and 100`, 'ids', rawIds);
      if (bad.length) return invalidRequest(`The \`ids\` query parameter value [${bad[0]}] does not match ^[0-9]{1,19}$`, 'ids', rawIds);

      const expansions = checkList(req, 'expansions', POST_EXPANSIONS);
      if (expansions.error) return expansions.error;
      const fields: Partial<Record<FieldFamily, string[]>> = {};
      for (const f of FAMILIES) {
        const c = checkList(req, `${f}.fields`, validFields(f));
        if (c.error) return c.error;
        fields[f] = c.values;
      }
      const exp = new Set(expansions.values);
      // Not in the spec; the real API returns the field an expansion follows
      // (author_id, attachments, …) even when post.fields does not ask for it.
      const implied = [...exp].map((e) => e.split('.')[0]!).filter((f) => validFields('post').includes(f));
      const projectPost = (p: Obj) => pick(p, DEFAULTS.post, [...fields.post!, ...implied]);

      const texts = postTexts(state);
      const found = ids.filter(postExists).map((id) => {
        const p = fullPost(id);
        return texts.has(id) ? { ...p, text: texts.get(id)! } : p;
      });
      const errors = ids.filter((i) => !postExists(i)).map(notFound);
      const users = new Set<string>();
      const media = new Set<string>();
      const polls = new Set<string>();
      const places = new Set<string>();
      const referenced = new Map<string, Obj>();
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
      // Mentions name users by username; everything else by id.
      const userObjs = [...users].map((key) => fullUser(key) ?? userByUsername(key)).filter(Boolean) as Obj[];
      const seenUsers = new Set<string>();
      const includes: Record<string, Obj[]> = {};
      const uniqueUsers = userObjs.filter((u) => !seenUsers.has(u.id) && seenUsers.add(u.id));
      if (uniqueUsers.length) includes.users = uniqueUsers.map((u) => pick(u, DEFAULTS.user, fields.user!));
      const mediaObjs = [...media].map(fullMedia).filter(Boolean) as Obj[];
      if (mediaObjs.length) includes.media = mediaObjs.map((m) => pick(m, DEFAULTS.media, fields.media!));
      if (polls.size) includes.polls = [...polls].map((id) => pick(fullPoll(id), DEFAULTS.poll, fields.poll!));
      if (places.size) includes.places = [...places].map((id) => pick(fullPlace(id), DEFAULTS.place, fields.place!));
      if (referenced.size) includes.posts = [...referenced.values()].map(projectPost);

      const body: Obj = {};
      if (found.length) body.data = found.map(projectPost);
      if (Object.keys(includes).length) body.includes = includes;
      if (errors.length) body.errors = errors;
      return { status: 200, body };
    },
  });
}
