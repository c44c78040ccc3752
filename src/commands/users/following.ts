// `postctl users following <user>`: one page, --all or --limit through the one pager.
import { authOption } from '../_flags.js';
import { userFieldOptions } from '../_users.js';
import { pageOptions } from '../_listing.js';
import { defineVerb } from '../define.js';
import { usersOf } from './_listing.js';

export default defineVerb({
  name: 'following <user>',
  description: 'whom a user follows (GET /2/users/{id}/following): the user as id, @handle or profile URL; max-results 1 to 1000',
  examples: ['postctl users following @emu_dev', 'postctl users following @emu_dev --all -o jsonl'],
  options: {
    ...pageOptions,
    ...userFieldOptions,
    auth: authOption('app'),
  },
  run: ([user], opts, ctx) => usersOf(ctx, 'following', user!, opts),
});
