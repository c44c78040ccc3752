// Field selection for user objects (users get/me, followers, following):
// user.fields and post.fields checked by the one field table
// (src/validate/post-fields.ts), user expansions from openapi v2.159
// UserExpansionsParameter.
import { InputError } from '../errors.js';
import type { Params } from '../http/encode.js';
import type { NameStyle } from '../wire/names.js';
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
  const expansions = [...new Set(commaList(opts.expansions))];
  const bad = expansions.filter((e) => !(USER_EXPANSIONS as readonly string[]).includes(e));
  if (bad.length && !opts.allowUnknownFields)
    throw new InputError(
      `--expansions: unknown user expansion ${JSON.stringify(bad[0])}; valid: ${USER_EXPANSIONS.join(', ')}`,
      bad.map((e) => ({ field: '--expansions', id: e, message: `unknown user expansion; valid: ${USER_EXPANSIONS.join(', ')}` })),
    );
  return expansions.length ? [['expansions', expansions.join(',')], ...params] : params;
}
