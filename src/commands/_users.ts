// Flags and columns of the verbs that print users (users me/get/followers/
// following, lists members list).
import type { Column } from '../output/printer.js';
import { allowUnknownFieldsOption, postFieldOptions } from './_post-fields.js';
import type { OptionTable } from './define.js';

export const userFieldOptions = {
  userFields: postFieldOptions.userFields,
  postFields: postFieldOptions.postFields,
  expansions: {
    flags: '--expansions <list>',
    description: 'pinned_tweet_id, most_recent_tweet_id, affiliation.user_id (repeatable)',
    repeatable: true,
  },
  allowUnknownFields: allowUnknownFieldsOption,
} as const satisfies OptionTable;

export const USER_COLUMNS: Column[] = [
  { header: 'id', key: 'id' },
  { header: 'username', key: 'username' },
  { header: 'name', key: 'name' },
  { header: 'followers', key: 'public_metrics.followers_count' },
  { header: 'created_at', key: 'created_at' },
  { header: 'description', key: 'description', flex: true },
];
