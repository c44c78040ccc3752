// `postctl users posts <user>`: one page, --all or --limit through the one pager.
import { authOption } from '../_flags.js';
import { postFieldOptions } from '../_post-fields.js';
import { pageOptions } from '../_listing.js';
import { excludeOption, postWindowOptions } from '../_post-window.js';
import { checkedWindow } from '../../validate/post-window.js';
import { defineVerb } from '../define.js';
import { postsOf } from './_listing.js';

export default defineVerb({
  name: 'posts <user>',
  description:
    "a user's posts, newest first (GET /2/users/{id}/tweets): max-results 5 to 100; --since-id/--until-id/--start-time/--end-time narrow the window, --exclude replies/retweets",
  examples: [
    'postctl users posts @emu_dev',
    'postctl users posts 2244994945 --limit 250 --post-fields created_at,public_metrics -o jsonl',
    'postctl users posts @emu_dev --start-time 2026-11-01T00:00:00Z --end-time 2026-11-02T00:00:00Z --exclude replies,retweets',
  ],
  options: {
    ...pageOptions,
    ...postFieldOptions,
    ...postWindowOptions,
    ...excludeOption,
    auth: authOption('app'),
  },
  run: ([user], opts, ctx) => postsOf(ctx, 'posts', user!, opts, checkedWindow(opts)),
});
