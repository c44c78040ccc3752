// Community Notes, from openapi v2.159: notes written by the user (test mode
// and live kept apart), posts eligible for a note, create (NoteInfo checked:
// a link in the text, the enums, no other keys), evaluate (a score from the
// text) and delete (the author only). One seeded test-mode note by the
// emulator's user.
import { problem } from '../replies.js';
import type { Router } from '../router.js';
import { EMU_USER, type EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { fullPost, pick, type Obj } from './platform-data.js';
import { asked, checkQuery, USER_FIELDS } from './platform-more-query.js';
import { isReply, page } from './platform-paging.js';
import { invalid } from './platform-posting.js';

const CLASSIFICATIONS = ['misinformed_or_potentially_misleading', 'not_misleading'];
const TAGS = [
  'disputed_claim_as_fact',
  'factual_error',
  'manipulated_media',
  'misinterpreted_satire',
  'missing_important_context',
  'other',
  'outdated_information',
];
const BOOL = ['true', 'false'];

interface EmuNote {
  id: string;
  post_id: string;
  author_id: string;
  test_mode: boolean;
  info: Obj;
  status: string;
}

const notesState = (state: EmulatorState) =>
  state.slice('platform-notes', () => {
    const m = new Map<string, EmuNote>();
    m.set('1146654567674912769', {
      id: '1146654567674912769',
      post_id: '1460323737035677698',
      author_id: EMU_USER.id,
      test_mode: true,
      status: 'needs_more_ratings',
      info: {
        text: 'Seeded note: https://example.org/source',
        classification: 'not_misleading',
        misleading_tags: [],
        trustworthy_sources: true,
      },
    });
    return m;
  });

function written(req: EmuRequest, state: EmulatorState): EmuResponse {
  const bad = checkQuery(req.query, {
    params: { test_mode: BOOL, pagination_token: null, 'note.fields': ['id', 'info', 'status', 'test_result'] },
    ints: { max_results: [1, 100] },
    required: ['test_mode'],
  });
  if (bad) return bad;
  const test = req.query.get('test_mode') === 'true';
  const mine = [...notesState(state).values()].filter((n) => n.author_id === req.auth?.userId && n.test_mode === test);
  const p = page(mine, req.query, [1, 100], 10);
  if (isReply(p)) return p;
  const fields = asked(req.query, 'note.fields');
  return { status: 200, body: { data: p.data.map((n) => pick(n as unknown as Obj, ['id', 'post_id'], fields)), meta: p.meta } };
}

/** The path is the same in both spellings: either post field parameter is taken. */
function eligible(req: EmuRequest): EmuResponse {
  const bad = checkQuery(req.query, {
    params: {
      test_mode: BOOL,
      pagination_token: null,
      post_selection: null,
      'tweet.fields': null,
      'post.fields': null,
      expansions: null,
      'media.fields': null,
      'poll.fields': null,
      'user.fields': USER_FIELDS,
      'place.fields': null,
    },
    ints: { max_results: [1, 100] },
    required: ['test_mode'],
  });
  if (bad) return bad;
  const ids = ['1460323737035677698', '1460323737035677699', '1460323737035677700'];
  const p = page(ids, req.query, [1, 100], 10);
  if (isReply(p)) return p;
  const fields = [...asked(req.query, 'tweet.fields'), ...asked(req.query, 'post.fields')];
  return { status: 200, body: { data: p.data.map((id) => pick(fullPost(id), ['id', 'text'], fields)), meta: p.meta } };
}

function infoProblem(info: unknown): EmuResponse | undefined {
  if (!info || typeof info !== 'object') return invalid('`info` is required', 'info', '');
  const i = info as Obj;
  const extra = Object.keys(i).find((k) => !['text', 'classification', 'misleading_tags', 'trustworthy_sources'].includes(k));
  if (extra) return invalid(`[info.${extra}] is not a valid field`, `info.${extra}`, String(i[extra]));
  if (typeof i.text !== 'string' || !/^(?=[\s\S]*https?:\/\/\S+)[\s\S]+$/.test(i.text))
    return invalid('`info.text` must hold a link', 'info.text', String(i.text));
  if (!CLASSIFICATIONS.includes(i.classification))
    return invalid('`info.classification` is not valid', 'info.classification', String(i.classification));
  if (!Array.isArray(i.misleading_tags) || i.misleading_tags.some((t: unknown) => !TAGS.includes(String(t))))
    return invalid('`info.misleading_tags` is not valid', 'info.misleading_tags', JSON.stringify(i.misleading_tags));
  if (typeof i.trustworthy_sources !== 'boolean')
    return invalid('`info.trustworthy_sources` must be a boolean', 'info.trustworthy_sources', '');
  return undefined;
}

function create(req: EmuRequest, state: EmulatorState): EmuResponse {
  const b = req.json<Obj>() ?? {};
  const extra = Object.keys(b).find((k) => !['test_mode', 'post_id', 'info'].includes(k));
  if (extra) return invalid(`[${extra}] is not a valid field of the request body`, extra, String(b[extra]));
  if (typeof b.test_mode !== 'boolean') return invalid('`test_mode` is required', 'test_mode', '');
  if (typeof b.post_id !== 'string' || !/^[0-9]{1,19}$/.test(b.post_id))
    return invalid('`post_id` is not valid', 'post_id', String(b.post_id));
  const bad = infoProblem(b.info);
  if (bad) return bad;
  const note: EmuNote = {
    id: state.nextId(),
    post_id: b.post_id,
    author_id: req.auth!.userId!,
    test_mode: b.test_mode,
    info: b.info,
    status: 'needs_more_ratings',
  };
  notesState(state).set(note.id, note);
  return { status: 200, body: { data: { id: note.id } } };
}

function evaluate(req: EmuRequest): EmuResponse {
  const b = req.json<Obj>() ?? {};
  const extra = Object.keys(b).find((k) => !['post_id', 'note_text'].includes(k));
  if (extra) return invalid(`[${extra}] is not a valid field of the request body`, extra, String(b[extra]));
  if (typeof b.post_id !== 'string' || !/^[0-9]{1,19}$/.test(b.post_id))
    return invalid('`post_id` is not valid', 'post_id', String(b.post_id));
  if (typeof b.note_text !== 'string' || !b.note_text) return invalid('`note_text` is required', 'note_text', '');
  // A stand-in model: more sources, a higher score.
  const links = (b.note_text.match(/https?:\/\/\S+/g) ?? []).length;
  return { status: 200, body: { data: { claim_opinion_score: Math.min(1, 0.25 + 0.25 * links) } } };
}

function remove(req: EmuRequest, state: EmulatorState): EmuResponse {
  const id = req.params.id!;
  if (!/^[0-9]{1,19}$/.test(id)) return invalid(`The \`id\` path parameter value [${id}] does not match ^[0-9]{1,19}$`, 'id', id);
  const note = notesState(state).get(id);
  if (!note) return problem(404, 'resource-not-found', 'Not Found Error', `Could not find note with id: [${id}].`);
  if (note.author_id !== req.auth?.userId) return problem(403, 'client-forbidden', 'Forbidden', 'You can delete only notes you wrote.');
  notesState(state).delete(id);
  return { status: 200, body: { data: { deleted: true } } };
}

export function register(r: Router): void {
  r.route({ method: 'GET', path: '/2/notes/search/notes_written', api: 'platform', auth: 'user', handler: written });
  r.route({ method: 'GET', path: '/2/notes/search/posts_eligible_for_notes', api: 'platform', auth: 'user', handler: eligible });
  r.route({ method: 'POST', path: '/2/notes', api: 'platform', auth: 'user', handler: create });
  r.route({ method: 'POST', path: '/2/evaluate_note', api: 'platform', auth: 'user', handler: evaluate });
  r.route({ method: 'DELETE', path: '/2/notes/:id', api: 'platform', auth: 'user', handler: remove });
}
