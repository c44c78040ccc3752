// `postctl lists followed <user>`: lists a user followed (GET /2/users/{id}/followed_lists).
import { LIST_FIELD_PARAMS } from '../../platform/lists.js';
import { authOption } from '../_flags.js';
import { pageOptions } from '../_listing.js';
import { defineVerb } from '../define.js';
import { listsOf } from '../users/_listing.js';
import { LIST_COLUMNS } from './_lists.js';

export default defineVerb({
  name: 'followed <user>',
  description: 'lists a user follows (GET /2/users/{id}/followed_lists): the user as id, @handle or URL; max-results 1 to 100',
  examples: ['postctl lists followed @emu_dev', 'postctl lists followed 2244994945 --all -o jsonl'],
  options: {
    ...pageOptions,
    auth: authOption('app'),
  },
  run: ([user], opts, ctx) => listsOf(ctx, 'followed_lists', user!, opts, LIST_FIELD_PARAMS, LIST_COLUMNS),
});
