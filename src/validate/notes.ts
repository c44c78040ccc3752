// Community Notes rules, from openapi v2.159 (NoteInfo, CreateNoteRequest,
// EvaluateNoteRequest): the text must hold a link, the classification and the
// misleading tags are enums, the post is a numeric id. Every problem is reported
// at once (exit 6) before anything is sent.
import { Problems, commaList, oneOf } from './rules.js';

export const CLASSIFICATIONS = ['misinformed_or_potentially_misleading', 'not_misleading'] as const;
export const MISLEADING_TAGS = [
  'disputed_claim_as_fact',
  'factual_error',
  'manipulated_media',
  'misinterpreted_satire',
  'missing_important_context',
  'other',
  'outdated_information',
] as const;

/** NoteInfo.text pattern: some text that holds at least one http(s) link. */
const HAS_LINK = /^(?=[\s\S]*https?:\/\/\S+)[\s\S]+$/;

export interface NoteInput {
  postId: string;
  text: string | undefined;
  classification: string | undefined;
  misleadingTags: string[] | undefined;
  trustworthySources: boolean;
}

export interface NoteInfo {
  text: string;
  classification: string;
  misleading_tags: string[];
  trustworthy_sources: boolean;
}

const postIdCheck = (v: string) => (/^[0-9]{1,19}$/.test(v) ? undefined : 'must be a post id of 1 to 19 digits');
const linkCheck = (v: string) => (HAS_LINK.test(v) ? undefined : 'must hold at least one http(s) link to a source');

/** The note's `info`, checked; misleading tags are required for a misleading classification. */
export function noteInfo(n: NoteInput): NoteInfo {
  const p = new Problems();
  p.check('post_id', n.postId, [postIdCheck]);
  p.check('--text', n.text ?? '', [linkCheck]);
  p.check('--classification', n.classification ?? '', [oneOf(CLASSIFICATIONS)]);
  const tags = commaList(n.misleadingTags);
  for (const t of tags) p.check('--misleading-tags', t, [oneOf(MISLEADING_TAGS)]);
  if (n.classification === 'misinformed_or_potentially_misleading' && !tags.length)
    p.add('--misleading-tags', `a misleading classification needs at least one tag: ${MISLEADING_TAGS.join(', ')}`);
  p.throwIfAny('invalid note');
  return { text: n.text!, classification: n.classification!, misleading_tags: tags, trustworthy_sources: n.trustworthySources };
}

/** POST /2/evaluate_note's body parts, checked (the description sets no pattern on note_text: any text). */
export function checkEvaluation(postId: string, text: string | undefined): void {
  const p = new Problems();
  p.check('post_id', postId, [postIdCheck]);
  p.check('--text', text ?? '', [(v) => (v.trim() ? undefined : 'must not be empty')]);
  p.throwIfAny('invalid note');
}
