// `postctl posts likers`: src/commands/_related.ts does the work.
import { printRelated } from '../_related.js';
import { USER_CONTEXT } from '../_auth.js';
import { authOption } from '../_flags.js';
import { pageOptions } from '../_listing.js';
import { userFieldOptions } from '../_users.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'likers <post>',
  description: 'users who liked a post (GET /2/tweets/{id}/liking_users; user context): the post as id or URL; max-results 1 to 100',
  examples: [
    'postctl posts likers 1460323737035677698',
    'postctl posts likers https://x.com/emu_news/status/1460323737035677698 --all -o jsonl',
  ],
  options: {
    ...pageOptions,
    ...userFieldOptions,
    auth: authOption('user (OAuth 1.0a) when held, else oauth2'),
  },
  run: ([target], opts, ctx) => printRelated(ctx, 'likers', target, opts, { prefer: USER_CONTEXT, noun: 'users who liked it' }),
});
