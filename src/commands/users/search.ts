// `postctl users search <query>`: src/commands/_related.ts does the work.
import { userSearchParams } from '../../validate/related.js';
import { USER_CONTEXT } from '../_auth.js';
import { authOption } from '../_flags.js';
import { pageOptions } from '../_listing.js';
import { printRelated } from '../_related.js';
import { userFieldOptions } from '../_users.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'search <query>',
  description:
    "search users by name or handle (GET /2/users/search; user context): 1 to 50 letters, digits, _, ' or spaces; max-results 1 to 1000",
  examples: ['postctl users search "emu dev"', 'postctl users search coffee --limit 300 --user-fields description,public_metrics -o csv'],
  options: {
    ...pageOptions,
    ...userFieldOptions,
    auth: authOption('user (OAuth 1.0a) when held, else oauth2'),
  },
  run: ([query], opts, ctx) =>
    printRelated(ctx, 'user_search', undefined, opts, { prefer: USER_CONTEXT, noun: 'users', query: userSearchParams(query!) }),
});
