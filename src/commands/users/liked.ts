// `postctl users liked <user>`: one page, --all or --limit through the one pager.
import { authOption } from '../_flags.js';
import { postFieldOptions } from '../_post-fields.js';
import { pageOptions } from '../_listing.js';
import { defineVerb } from '../define.js';
import { postsOf } from './_listing.js';

export default defineVerb({
  name: 'liked <user>',
  description: 'posts a user liked (GET /2/users/{id}/liked_tweets; user context): max-results 5 to 100',
  examples: ['postctl users liked @emu_dev', 'postctl users liked 2244994945 --limit 250 --post-fields created_at,public_metrics -o jsonl'],
  options: {
    ...pageOptions,
    ...postFieldOptions,
    auth: authOption('user (OAuth 1.0a) when held, else oauth2'),
  },
  run: ([user], opts, ctx) => postsOf(ctx, 'liked', user!, opts),
});
