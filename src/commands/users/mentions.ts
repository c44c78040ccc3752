// `postctl users mentions <user>`: one page, --all or --limit through the one pager.
import { authOption } from '../_flags.js';
import { postFieldOptions } from '../_post-fields.js';
import { pageOptions } from '../_listing.js';
import { postWindowOptions } from '../_post-window.js';
import { checkedWindow } from '../../validate/post-window.js';
import { defineVerb } from '../define.js';
import { postsOf } from './_listing.js';

export default defineVerb({
  name: 'mentions <user>',
  description:
    'posts mentioning a user (GET /2/users/{id}/mentions): max-results 5 to 100; --since-id/--until-id/--start-time/--end-time narrow the window',
  examples: [
    'postctl users mentions @emu_dev',
    'postctl users mentions 2244994945 --limit 250 --post-fields created_at,public_metrics -o jsonl',
    'postctl users mentions @emu_dev --since-id 1460323737035677698 --all -o jsonl',
  ],
  options: {
    ...pageOptions,
    ...postFieldOptions,
    ...postWindowOptions,
    auth: authOption('app'),
  },
  run: ([user], opts, ctx) => postsOf(ctx, 'mentions', user!, opts, checkedWindow(opts)),
});
