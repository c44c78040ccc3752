// Field selection and expansions for post lookups (platform-api.md, "Field
// selection and expansion"), as data. The spec lists the fields of posts,
// users and media; fields of places and polls — and fields beyond the
// listed ones — are "not shown", so those come from the real API's published
// field lists (with the neutral word `post` where the real name carries the
// brand, as the spec does). Names that differ between the live service and the
// spec are keys of src/wire/names.ts, spelled as the client's style selects.
// `--allow-unknown-fields` overrides the check for names the API may add later.
import { InputError, type InputProblem } from '../errors/cli-error.js';
import type { Params } from '../http/encode.js';
import { commaList } from './rules.js';
import { respell, wire, type NameStyle, type WireKey } from '../wire/names.js';

// No space.fields: none of the endpoints these flags serve (GET /2/tweets, search, the filtered stream)
// declares it in either description, so it is never sent (openapi v2.159 and v2.167).
export type FieldFamily = 'post' | 'user' | 'media' | 'place' | 'poll';

/** A field name: plain when both spellings agree, else its key in the wire-name table. */
type Name = string | { key: WireKey };
const w = (key: WireKey): Name => ({ key });

export interface FamilyRule {
  /** Query parameter: plain, or its key in the wire-name table. */
  param: Name;
  /** CLI flag that fills it. */
  flag: string;
  /** Fields the spec lists (what --all-fields asks for). */
  spec: readonly Name[];
  /** Further fields the real API documents. */
  known: readonly Name[];
  /** Fields the spec lists that only the newer description (openapi v2.167) declares: accepted; in --all-fields with neutral names only. */
  newer?: readonly Name[];
}

export const FIELD_FAMILIES: Record<FieldFamily, FamilyRule> = {
  post: {
    param: w('param.post.fields'),
    flag: '--post-fields',
    spec: [
      'id',
      'text',
      'author_id',
      'created_at',
      'conversation_id',
      'possibly_sensitive',
      'lang',
      'source',
      'in_reply_to_user_id',
      w('field.referenced_posts'),
      'attachments',
      'public_metrics',
      'entities',
      'context_annotations',
      'community_id',
    ],
    known: [
      w('field.edit_history_post_ids'),
      'edit_controls',
      'geo',
      'reply_settings',
      'withheld',
      w('field.note_post'),
      'display_text_range',
      'non_public_metrics',
      'organic_metrics',
      'promoted_metrics',
      'scopes',
      'article',
      'media_metadata',
      'card_uri',
    ],
    // The spec lists paid_partnership; only openapi v2.167 declares it.
    newer: ['paid_partnership'],
  },
  user: {
    param: 'user.fields',
    flag: '--user-fields',
    spec: [
      'id',
      'name',
      'username',
      'created_at',
      'description',
      'location',
      'url',
      'profile_image_url',
      'protected',
      'verified',
      'verified_type',
      w('field.pinned_post_id'),
      'public_metrics',
      'entities',
      'affiliation',
    ],
    known: [
      w('field.most_recent_post_id'),
      'withheld',
      'connection_status',
      'receives_your_dm',
      'subscription_type',
      'is_identity_verified',
      'parody',
      'verified_followers_count',
      'profile_banner_url',
    ],
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
};

/** Expansions of a post: the spec names attachments.media_keys; the rest are the real API's reference paths. */
const EXPANSIONS: readonly Name[] = [
  'author_id',
  'attachments.media_keys',
  'attachments.poll_ids',
  w('expansion.referenced_posts.id'),
  w('expansion.referenced_posts.id.author_id'),
  'in_reply_to_user_id',
  'entities.mentions.username',
  'geo.place_id',
  w('expansion.edit_history_post_ids'),
];

/** What --all-fields adds to the expansions so the user and media fields have objects to apply to. */
const ALL_FIELDS_EXPANSIONS = ['author_id', 'attachments.media_keys'] as const;

const spell = (names: readonly Name[], style: NameStyle): string[] => names.map((n) => (typeof n === 'string' ? n : wire(n.key, style)));

function postExpansions(style: NameStyle): string[] {
  return spell(EXPANSIONS, style);
}

function fieldParam(family: FieldFamily, style: NameStyle): string {
  return spell([FIELD_FAMILIES[family].param], style)[0]!;
}

function validFields(family: FieldFamily, style: NameStyle): string[] {
  const r = FIELD_FAMILIES[family];
  return [...new Set(spell([...r.spec, ...r.known, ...(r.newer ?? [])], style))];
}

export interface FieldInput {
  /** Wire-name spelling to send (names are accepted in either). */
  style: NameStyle;
  fields: Partial<Record<FieldFamily, string | string[] | undefined>>;
  expansions?: string | string[] | undefined;
  allFields?: boolean;
  allowUnknown?: boolean;
}

/**
 * The query parameters for the selection, in a stable order (expansions, then
 * each family). Unknown names are collected and thrown as one InputError
 * (exit 6) that lists the valid names, before anything is sent.
 */
export function fieldParams(input: FieldInput): Params {
  const problems: InputProblem[] = [];
  const params: Params = [];
  const { style } = input;
  const unique = (xs: string[]) => [...new Set(xs)];

  // Either spelling is accepted; the selected one is sent.
  const expansions = unique(
    [...commaList(input.expansions), ...(input.allFields ? ALL_FIELDS_EXPANSIONS : [])].map((e) => respell('expansion.', e, style)),
  );
  if (!input.allowUnknown) {
    const valid = postExpansions(style);
    for (const e of expansions) {
      if (!valid.includes(e))
        problems.push({ field: '--expansions', id: e, message: `unknown expansion ${JSON.stringify(e)}; valid: ${valid.join(', ')}` });
    }
  }
  if (expansions.length) params.push(['expansions', expansions.join(',')]);

  for (const family of Object.keys(FIELD_FAMILIES) as FieldFamily[]) {
    const rule = FIELD_FAMILIES[family];
    const valid = validFields(family, style);
    const given = commaList(input.fields[family]).map((f) => respell('field.', f, style));
    // The spec's list includes fields only v2.167 declares: sent with --all-fields in neutral names only.
    const all = input.allFields ? spell([...rule.spec, ...(style === 'neutral' ? (rule.newer ?? []) : [])], style) : [];
    const names = unique([...all, ...given]);
    if (!input.allowUnknown) {
      for (const name of given) {
        if (!valid.includes(name))
          problems.push({
            field: rule.flag,
            id: name,
            message: `unknown ${family} field ${JSON.stringify(name)}; valid: ${valid.join(', ')}`,
          });
      }
    }
    if (names.length) params.push([fieldParam(family, style), names.join(',')]);
  }
  refuseUnknownFields(problems);
  return params;
}

/** The parsed field flags every post-reading verb declares (src/commands/_post-fields.ts). */
export interface FieldFlags {
  postFields?: string[] | undefined;
  userFields?: string[] | undefined;
  mediaFields?: string[] | undefined;
  placeFields?: string[] | undefined;
  pollFields?: string[] | undefined;
  expansions?: string[] | undefined;
  allFields?: boolean | undefined;
  allowUnknownFields?: boolean | undefined;
}

/** The field flags as fieldParams input. */
export function fieldParamsFromFlags(opts: FieldFlags, style: NameStyle): Params {
  return fieldParams({
    style,
    fields: {
      post: opts.postFields,
      user: opts.userFields,
      media: opts.mediaFields,
      place: opts.placeFields,
      poll: opts.pollFields,
    },
    expansions: opts.expansions,
    allFields: Boolean(opts.allFields),
    allowUnknown: Boolean(opts.allowUnknownFields),
  });
}

/** Every unknown field or expansion name at once (exit 6), or nothing when there is none. */
export function refuseUnknownFields(problems: InputProblem[]): void {
  if (!problems.length) return;
  const first = problems[0]!;
  throw new InputError(
    problems.length === 1 ? `${first.field}: ${first.message}` : `unknown field names: ${problems.length} problems`,
    problems,
    'field names are case-sensitive; pass --allow-unknown-fields to send names postctl does not know.',
  );
}
