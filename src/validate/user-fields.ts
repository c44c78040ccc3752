// Field selection for user objects (users get/me, followers, following):
// user.fields and post.fields checked by the one field table
// (src/validate/post-fields.ts), user expansions from openapi v2.159
// UserExpansionsParameter, accepted in v2.167's spelling too (pinned_post_id,
// most_recent_post_id, affiliation) and sent in the selected style's; the
// negotiated field dialect respells them on the wire (src/wire/dialect.ts).
import { InputError } from '../errors/cli-error.js';
import type { Params } from '../http/encode.js';
import { respell, type NameStyle } from '../wire/names.js';
import { fieldParams } from './post-fields.js';
import { commaList } from './rules.js';

const USER_EXPANSIONS = ['affiliation.user_id', 'most_recent_tweet_id', 'pinned_tweet_id'] as const;

export interface UserFieldFlags {
  userFields?: string[] | undefined;
  postFields?: string[] | undefined;
  expansions?: string[] | undefined;
  allowUnknownFields?: boolean | undefined;
}

export function userFieldParams(opts: UserFieldFlags, style: NameStyle): Params {
  const params = fieldParams({
    style,
    fields: { user: opts.userFields, post: opts.postFields },
    allowUnknown: Boolean(opts.allowUnknownFields),
  });
  const expansions = [
    ...new Set(commaList(opts.expansions).map((e) => (e === 'affiliation' ? 'affiliation.user_id' : respell('field.', e, style)))),
  ];
  const valid = USER_EXPANSIONS.map((e) => respell('field.', e, style));
  const bad = expansions.filter((e) => !valid.includes(e));
  if (bad.length && !opts.allowUnknownFields)
    throw new InputError(
      `--expansions: unknown user expansion ${JSON.stringify(bad[0])}; valid: ${valid.join(', ')}`,
      bad.map((e) => ({ field: '--expansions', id: e, message: `unknown user expansion; valid: ${valid.join(', ')}` })),
    );
  return expansions.length ? [['expansions', expansions.join(',')], ...params] : params;
}
