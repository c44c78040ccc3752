// `postctl users followers <user>`: one page, --all or --limit through the one pager.
import { authOption } from '../_flags.js';
import { userFieldOptions } from '../_users.js';
import { pageOptions } from '../_listing.js';
import { defineVerb } from '../define.js';
import { usersOf } from './_listing.js';

export default defineVerb({
  name: 'followers <user>',
  description: 'who follows a user (GET /2/users/{id}/followers): the user as id, @handle or profile URL; max-results 1 to 1000',
  examples: ['postctl users followers @emu_dev', 'postctl users followers @emu_dev --all -o jsonl'],
  options: {
    ...pageOptions,
    ...userFieldOptions,
    auth: authOption('app'),
  },
  run: ([user], opts, ctx) => usersOf(ctx, 'followers', user!, opts),
});
