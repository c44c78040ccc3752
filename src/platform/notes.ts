// Community Notes (openapi v2.159 tag "Community Notes"): the notes the
// authenticated user wrote, the posts eligible for a note, writing one (in test
// mode unless asked otherwise), having a draft evaluated, and deleting one.
// All user context (OAuth 1.0a, or OAuth 2.0 with tweet.read / tweet.write).
// https://docs.x.com/x-api/community-notes/introduction
import type { RequestOptions } from '../http/client.js';
import type { Params } from '../http/encode.js';
import { idSegment, joinPath } from '../http/path.js';
import type { NoteInfo } from '../validate/notes.js';

export const noteReads = {
  /** GET /2/notes/search/notes_written?test_mode=… */
  written: (testMode: boolean, query: Params): RequestOptions => ({
    method: 'GET',
    path: '/2/notes/search/notes_written',
    query: [['test_mode', String(testMode)], ...query],
  }),
  /** GET /2/notes/search/posts_eligible_for_notes?test_mode=… */
  eligible: (testMode: boolean, query: Params): RequestOptions => ({
    method: 'GET',
    path: '/2/notes/search/posts_eligible_for_notes',
    query: [['test_mode', String(testMode)], ...query],
  }),
};

/** POST /2/notes. Not retried blindly: a second POST would write a second note. */
export const createNoteRequest = (postId: string, info: NoteInfo, testMode: boolean): RequestOptions => ({
  method: 'POST',
  path: '/2/notes',
  json: { test_mode: testMode, post_id: postId, info },
});

/** POST /2/evaluate_note: scores a draft, writes nothing (safe to resend). */
export const evaluateNoteRequest = (postId: string, text: string): RequestOptions => ({
  method: 'POST',
  path: '/2/evaluate_note',
  json: { post_id: postId, note_text: text },
  idempotent: true,
});

/** DELETE /2/notes/{id}. */
export const deleteNoteRequest = (id: string): RequestOptions => ({
  method: 'DELETE',
  path: joinPath('2', 'notes', idSegment(id, 'numeric', 'note_id')),
});
