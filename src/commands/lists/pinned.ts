// `postctl lists pinned`: src/commands/_related.ts does the work.
import { printRelated } from '../_related.js';
import { USER_CONTEXT } from '../_auth.js';
import { authOption } from '../_flags.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'pinned [user]',
  description: 'lists a user pinned (GET /2/users/{id}/pinned_lists; user context): default the authenticated user; one page, no paging',
  examples: ['postctl lists pinned'],
  options: {
    auth: authOption('user (OAuth 1.0a) when held, else oauth2'),
  },
  run: ([target], opts, ctx) => printRelated(ctx, 'pinned_lists', target, opts, { prefer: USER_CONTEXT, noun: 'pinned lists' }),
});
