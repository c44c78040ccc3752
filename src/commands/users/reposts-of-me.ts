// `postctl users reposts-of-me`: src/commands/_related.ts does the work.
import { printRelated } from '../_related.js';
import { USER_CONTEXT } from '../_auth.js';
import { authOption } from '../_flags.js';
import { pageOptions } from '../_listing.js';
import { postFieldOptions } from '../_post-fields.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'reposts-of-me',
  description: "reposts of the authenticated user's posts (GET /2/users/reposts_of_me; user context): max-results 1 to 100",
  examples: ['postctl users reposts-of-me --post-fields created_at,author_id'],
  options: {
    ...pageOptions,
    ...postFieldOptions,
    auth: authOption('user (OAuth 1.0a) when held, else oauth2'),
  },
  run: (_args, opts, ctx) => printRelated(ctx, 'reposts_of_me', undefined, opts, { prefer: USER_CONTEXT, noun: 'reposts of your posts' }),
});
