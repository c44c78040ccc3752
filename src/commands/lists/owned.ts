// `postctl lists owned <user>`: lists a user owned (GET /2/users/{id}/owned_lists).
import { LIST_FIELD_PARAMS } from '../../platform/lists.js';
import { authOption } from '../_flags.js';
import { pageOptions } from '../_listing.js';
import { defineVerb } from '../define.js';
import { listsOf } from '../users/_listing.js';
import { LIST_COLUMNS } from './_lists.js';

export default defineVerb({
  name: 'owned <user>',
  description: 'lists a user owns (GET /2/users/{id}/owned_lists): the user as id, @handle or URL; max-results 1 to 100',
  examples: ['postctl lists owned @emu_dev', 'postctl lists owned 2244994945 --all -o jsonl'],
  options: {
    ...pageOptions,
    auth: authOption('app'),
  },
  run: ([user], opts, ctx) => listsOf(ctx, 'owned_lists', user!, opts, LIST_FIELD_PARAMS, LIST_COLUMNS),
});
