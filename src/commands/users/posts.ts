// `postctl users posts <user>`: one page, --all or --limit through the one pager.
import { authOption } from '../_flags.js';
import { postFieldOptions } from '../_post-fields.js';
import { pageOptions } from '../_listing.js';
import { defineVerb } from '../define.js';
import { postsOf } from './_listing.js';

export default defineVerb({
  name: 'posts <user>',
  description: "a user's posts, newest first (GET /2/users/{id}/tweets): max-results 5 to 100",
  examples: ['postctl users posts @emu_dev', 'postctl users posts 2244994945 --limit 250 --post-fields created_at,public_metrics -o jsonl'],
  options: {
    ...pageOptions,
    ...postFieldOptions,
    auth: authOption('app'),
  },
  run: ([user], opts, ctx) => postsOf(ctx, 'posts', user!, opts),
});
