// Field selection and expansions for post lookups (platform-api.md, "Field
// selection and expansion"), as data. The spec lists the fields of posts,
// users and media; fields of places, polls and spaces — and fields beyond the
// listed ones — are "not shown", so those come from the real API's published
// field lists (with the neutral word `post` where the real name carries the
// brand, as the spec does). `--allow-unknown-fields` overrides the check for
// names the API may add later.
import { InputError, type InputProblem } from '../errors.js';
import type { Params } from '../http/encode.js';
import { commaList } from './rules.js';

export type FieldFamily = 'post' | 'user' | 'media' | 'place' | 'poll' | 'space';

export interface FamilyRule {
  /** Query parameter, e.g. post.fields. */
  param: string;
  /** CLI flag that fills it. */
  flag: string;
  /** Fields the spec lists (what --all-fields asks for). */
  spec: readonly string[];
  /** Further fields the real API documents. */
  known: readonly string[];
}

export const FIELD_FAMILIES: Record<FieldFamily, FamilyRule> = {
  post: {
    param: 'post.fields',
    flag: '--post-fields',
    spec: ['id', 'text', 'author_id', 'created_at', 'conversation_id', 'possibly_sensitive', 'lang', 'source', 'in_reply_to_user_id', 'referenced_posts', 'attachments', 'public_metrics', 'entities', 'context_annotations', 'paid_partnership', 'community_id'],
    known: ['edit_history_post_ids', 'edit_controls', 'geo', 'reply_settings', 'withheld', 'note_post', 'display_text_range', 'non_public_metrics', 'organic_metrics', 'promoted_metrics', 'scopes', 'article', 'media_metadata', 'card_uri'],
  },
  user: {
    param: 'user.fields',
    flag: '--user-fields',
    spec: ['id', 'name', 'username', 'created_at', 'description', 'location', 'url', 'profile_image_url', 'protected', 'verified', 'verified_type', 'pinned_post_id', 'public_metrics', 'entities', 'affiliation'],
    known: ['most_recent_post_id', 'withheld', 'connection_status', 'receives_your_dm', 'subscription_type', 'is_identity_verified', 'parody', 'verified_followers_count', 'profile_banner_url'],
  },
  media: {
    param: 'media.fields',
    flag: '--media-fields',
    spec: ['media_key', 'type', 'duration_ms', 'public_metrics', 'variants'],
    known: ['url', 'preview_image_url', 'height', 'width', 'alt_text', 'non_public_metrics', 'organic_metrics', 'promoted_metrics'],
  },
  place: {
    param: 'place.fields',
    flag: '--place-fields',
    spec: [],
    known: ['id', 'full_name', 'name', 'country', 'country_code', 'contained_within', 'geo', 'place_type'],
  },
  poll: {
    param: 'poll.fields',
    flag: '--poll-fields',
    spec: [],
    known: ['id', 'options', 'duration_minutes', 'end_datetime', 'voting_status'],
  },
  space: {
    param: 'space.fields',
    flag: '--space-fields',
    spec: [],
    known: ['id', 'state', 'title', 'created_at', 'creator_id', 'ended_at', 'host_ids', 'invited_user_ids', 'is_ticketed', 'lang', 'participant_count', 'scheduled_start', 'speaker_ids', 'started_at', 'subscriber_count', 'topic_ids', 'updated_at'],
  },
};

/** Expansions of a post: the spec names attachments.media_keys; the rest are the real API's reference paths. */
export const POST_EXPANSIONS = ['author_id', 'attachments.media_keys', 'attachments.poll_ids', 'referenced_posts.id', 'referenced_posts.id.author_id', 'in_reply_to_user_id', 'entities.mentions.username', 'geo.place_id', 'edit_history_post_ids'] as const;

/** What --all-fields adds to the expansions so the user and media fields have objects to apply to. */
export const ALL_FIELDS_EXPANSIONS = ['author_id', 'attachments.media_keys'] as const;

export function validFields(family: FieldFamily): string[] {
  return [...FIELD_FAMILIES[family].spec, ...FIELD_FAMILIES[family].known.filter((f) => !FIELD_FAMILIES[family].spec.includes(f))];
}

export interface FieldInput {
  fields: Partial<Record<FieldFamily, string | string[] | undefined>>;
  expansions?: string | string[] | undefined;
  allFields?: boolean;
  allowUnknown?: boolean;
}

function suggestion(name: string, valid: readonly string[]): string {
  // Names copied from older docs carry the brand word; the spec says `post`.
  const neutral = name.replace(/tweets?/g, (m) => (m === 'tweets' ? 'posts' : 'post'));
  return neutral !== name && valid.includes(neutral) ? ` (did you mean ${neutral}?)` : '';
}

/**
 * The query parameters for the selection, in a stable order (expansions, then
 * each family). Unknown names are collected and thrown as one InputError
 * (exit 6) that lists the valid names, before anything is sent.
 */
export function fieldParams(input: FieldInput): Params {
  const problems: InputProblem[] = [];
  const params: Params = [];
  const unique = (xs: string[]) => [...new Set(xs)];

  const expansions = unique([...commaList(input.expansions), ...(input.allFields ? ALL_FIELDS_EXPANSIONS : [])]);
  if (!input.allowUnknown) {
    for (const e of expansions) {
      if (!(POST_EXPANSIONS as readonly string[]).includes(e)) {
        problems.push({ field: '--expansions', id: e, message: `unknown expansion ${JSON.stringify(e)}${suggestion(e, POST_EXPANSIONS)}; valid: ${POST_EXPANSIONS.join(', ')}` });
      }
    }
  }
  if (expansions.length) params.push(['expansions', expansions.join(',')]);

  for (const family of Object.keys(FIELD_FAMILIES) as FieldFamily[]) {
    const rule = FIELD_FAMILIES[family];
    const valid = validFields(family);
    const given = commaList(input.fields[family]);
    const names = unique([...(input.allFields ? rule.spec : []), ...given]);
    if (!input.allowUnknown) {
      for (const name of given) {
        if (!valid.includes(name)) problems.push({ field: rule.flag, id: name, message: `unknown ${family} field ${JSON.stringify(name)}${suggestion(name, valid)}; valid: ${valid.join(', ')}` });
      }
    }
    if (names.length) params.push([rule.param, names.join(',')]);
  }
  if (problems.length) {
    const first = problems[0]!;
    throw new InputError(problems.length === 1 ? `${first.field}: ${first.message}` : `unknown field names: ${problems.length} problems`, problems, 'field names are case-sensitive; pass --allow-unknown-fields to send names postctl does not know.');
  }
  return params;
}
