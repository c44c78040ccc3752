// The field and expansion flags of `posts lookup`, shared by `posts search`
// and `stream connect` (cheap: data only). Read by src/validate/post-fields.ts
// `fieldParamsFromFlags`.
import type { Column } from '../output/printer.js';
import type { OptionSpec, OptionTable } from './define.js';

/** Shared by the verbs that print users (src/commands/_users.ts). */
export const allowUnknownFieldsOption = {
  flags: '--allow-unknown-fields',
  description: 'send field and expansion names postctl does not know (the API still checks them)',
} as const satisfies OptionSpec;

export const postFieldOptions = {
  postFields: {
    flags: '--post-fields <list>',
    description: 'post.fields: id, text, author_id, created_at, public_metrics, attachments, entities… (repeatable)',
    repeatable: true,
  },
  userFields: {
    flags: '--user-fields <list>',
    description: 'user.fields for included users: username, name, verified, public_metrics… (repeatable)',
    repeatable: true,
  },
  mediaFields: {
    flags: '--media-fields <list>',
    description: 'media.fields for included media: media_key, type, duration_ms, public_metrics, variants… (repeatable)',
    repeatable: true,
  },
  placeFields: { flags: '--place-fields <list>', description: 'place.fields for included places (repeatable)', repeatable: true },
  pollFields: { flags: '--poll-fields <list>', description: 'poll.fields for included polls (repeatable)', repeatable: true },
  expansions: {
    flags: '--expansions <list>',
    description:
      "author_id, attachments.media_keys, in_reply_to_user_id, entities.mentions.username, the referenced posts' id… in either wire spelling (repeatable)",
    repeatable: true,
  },
  allFields: {
    flags: '--all-fields',
    description: 'every field the spec lists for posts, users and media, with the author_id and attachments.media_keys expansions',
  },
  allowUnknownFields: allowUnknownFieldsOption,
} as const satisfies OptionTable;

/** The columns of a table of posts: the posts' own fields (pages stream before their includes are known). */
export const POST_COLUMNS: Column[] = [
  { header: 'id', key: 'id' },
  { header: 'author_id', key: 'author_id' },
  { header: 'created_at', key: 'created_at' },
  { header: 'text', key: 'text', flex: true },
];
