// Rules for writing posts (POST /2/tweets), as data, checked before sending.
// Limits: post length 25,000 (platform-api.md "Limits"); poll 2-4 options of
// 1-25 characters lasting 5-10,080 minutes, 1-4 media ids, reply_settings and
// the mutually exclusive parts (media, poll, quote) from the request schema of
// the official API description (openapi v2.159, TweetCreateRequest).
import { Problems, charLength, integerBetween, oneOf } from './rules.js';

export const POST_TEXT_MAX = 25_000;
export const MEDIA_MAX = 4;
const POLL_OPTIONS = { min: 2, max: 4 } as const;
const POLL_OPTION_MAX = 25;
const POLL_MINUTES = { min: 5, max: 10_080 } as const;
const REPLY_SETTINGS = ['following', 'mentionedUsers', 'subscribers', 'verified'] as const;
/** The edit window and edit count (spec: 1 hour; the real service allows 5 edits). */
const EDIT_WINDOW_MS = 60 * 60 * 1000;

const NUMERIC_ID = /^[0-9]{1,19}$/;

/**
 * Post length as postctl counts it: Unicode code points after NFC
 * normalisation. Neither the spec nor the reference copies state a weighted
 * count for the 25,000-character limit, so an emoji or a CJK character counts
 * once and a decomposed "e + ◌́" counts once (it composes to "é").
 */
export function postLength(text: string): number {
  return charLength(text.normalize('NFC'));
}

export interface PostDraft {
  text?: string;
  replyTo?: string;
  quote?: string;
  media: string[];
  pollOptions: string[];
  pollDuration?: string;
  replySettings?: string;
  community?: string;
  paidPartnership?: boolean;
  shareWithFollowers?: boolean;
}

function checkId(p: Problems, field: string, v: string | undefined): void {
  if (v !== undefined && !NUMERIC_ID.test(v)) p.add(field, `must be 1 to 19 digits (got ${JSON.stringify(v)})`);
}

function checkPoll(p: Problems, d: PostDraft): void {
  const n = d.pollOptions.length;
  if (n === 0) {
    if (d.pollDuration !== undefined) p.add('--poll-duration', 'needs --poll-option (2 to 4 of them)');
    return;
  }
  if (n < POLL_OPTIONS.min || n > POLL_OPTIONS.max)
    p.add('--poll-option', `a poll has ${POLL_OPTIONS.min} to ${POLL_OPTIONS.max} options (got ${n})`);
  d.pollOptions.forEach((o, i) => {
    const len = charLength(o.normalize('NFC'));
    if (len < 1 || len > POLL_OPTION_MAX) p.add('--poll-option', `option ${i + 1} must be 1 to ${POLL_OPTION_MAX} characters (got ${len})`);
  });
  if (d.pollDuration === undefined)
    p.add('--poll-duration', `is required with --poll-option (${POLL_MINUTES.min} to ${POLL_MINUTES.max} minutes)`);
  else p.check('--poll-duration', d.pollDuration, [integerBetween(POLL_MINUTES.min, POLL_MINUTES.max)]);
}

/** Every problem of a new post, before anything is sent (exit 6). */
export function draftProblems(d: PostDraft): Problems {
  const p = new Problems();
  const hasMedia = d.media.length > 0;
  if (d.text === undefined && !hasMedia) p.add('--text', 'a post needs text (--text, --text-file or -) or --media');
  if (d.text !== undefined) {
    const len = postLength(d.text);
    if (len > POST_TEXT_MAX)
      p.add('--text', `must be at most ${POST_TEXT_MAX} characters (got ${len}; counted as Unicode code points after NFC)`);
    if (len === 0 && !hasMedia) p.add('--text', 'is empty; a post without media needs text');
  }
  checkId(p, '--reply-to', d.replyTo);
  checkId(p, '--quote', d.quote);
  checkId(p, '--community', d.community);
  // The media kind (image, GIF, video) cannot be told from an id: only the count is checked here.
  if (d.media.length > MEDIA_MAX) p.add('--media', `at most ${MEDIA_MAX} media ids (4 images, or 1 video or GIF; got ${d.media.length})`);
  for (const m of d.media) checkId(p, '--media', m);
  if (new Set(d.media).size !== d.media.length) p.add('--media', 'lists the same media id twice');
  checkPoll(p, d);
  p.check('--reply-settings', d.replySettings, [oneOf(REPLY_SETTINGS)]);
  // Mutually exclusive per the request schema: media, poll and quote exclude each other.
  const parts = [hasMedia && '--media', d.pollOptions.length > 0 && '--poll-option', d.quote !== undefined && '--quote'].filter(
    Boolean,
  ) as string[];
  if (parts.length > 1) p.add(parts[1]!, `cannot be combined with ${parts[0]} (the API takes one of --media, --poll-option, --quote)`);
  if (d.shareWithFollowers && d.community === undefined)
    p.add('--share-with-followers', 'applies to community posts: give --community too');
  return p;
}

export interface EditControls {
  edits_remaining?: number;
  is_edit_eligible?: boolean;
  editable_until?: string;
}

/** Why a post cannot be edited now, from what the API told us about it; undefined when it can (or nothing is known). */
export function editProblem(post: { created_at?: string; edit_controls?: EditControls }, now: number): string | undefined {
  const ec = post.edit_controls;
  // The specific reasons first; is_edit_eligible covers the ones the API does not spell out (not the newest version…).
  if (typeof ec?.edits_remaining === 'number' && ec.edits_remaining <= 0)
    return 'the post has no edits left (edit_controls.edits_remaining is 0)';
  const until =
    typeof ec?.editable_until === 'string'
      ? Date.parse(ec.editable_until)
      : post.created_at
        ? Date.parse(post.created_at) + EDIT_WINDOW_MS
        : NaN;
  if (Number.isFinite(until) && now >= until)
    return `the edit window closed at ${new Date(until).toISOString()} (posts can be edited for 1 hour after creation)`;
  if (ec?.is_edit_eligible === false) return 'the post is not eligible for editing (edit_controls.is_edit_eligible is false)';
  return undefined;
}
