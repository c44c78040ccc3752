// `postctl users blocked`: src/commands/_related.ts does the work.
import { printRelated } from '../_related.js';
import { USER_CONTEXT } from '../_auth.js';
import { authOption } from '../_flags.js';
import { pageOptions } from '../_listing.js';
import { userFieldOptions } from '../_users.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'blocked [user]',
  description: 'accounts a user blocked (GET /2/users/{id}/blocking; user context): default the authenticated user; max-results 1 to 1000',
  examples: ['postctl users blocked --limit 200'],
  options: {
    ...pageOptions,
    ...userFieldOptions,
    auth: authOption('user (OAuth 1.0a) when held, else oauth2'),
  },
  run: ([target], opts, ctx) => printRelated(ctx, 'blocked', target, opts, { prefer: USER_CONTEXT, noun: 'blocked accounts' }),
});
