// `postctl users timeline`: the home timeline; src/commands/_related.ts does the work.
import { timelineParams } from '../../validate/related.js';
import { USER_CONTEXT } from '../_auth.js';
import { authOption } from '../_flags.js';
import { pageOptions } from '../_listing.js';
import { excludeOption, postWindowOptions } from '../_post-window.js';
import { postFieldOptions } from '../_post-fields.js';
import { printRelated } from '../_related.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'timeline',
  description:
    "the authenticated user's reverse-chronological home timeline (GET /2/users/{id}/timelines/reverse_chronological; user context): posts of the accounts followed and their own, newest first; max-results 1 to 100",
  examples: [
    'postctl users timeline --limit 50',
    'postctl users timeline --exclude replies,retweets --start-time 2026-11-01T00:00:00Z -o jsonl',
    'postctl users timeline --since-id 1460323737035677698 --all -o jsonl',
  ],
  options: {
    ...pageOptions,
    ...postFieldOptions,
    ...postWindowOptions,
    start: { flags: '--start <time>', description: 'older name of --start-time', hidden: true },
    end: { flags: '--end <time>', description: 'older name of --end-time', hidden: true },
    ...excludeOption,
    auth: authOption('user (OAuth 1.0a) when held, else oauth2'),
  },
  run: (_args, opts, ctx) =>
    printRelated(ctx, 'timeline', undefined, opts, { prefer: USER_CONTEXT, noun: 'posts', query: timelineParams(opts) }),
});
