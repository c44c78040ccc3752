// `postctl users timeline`: the home timeline; src/commands/_related.ts does the work.
import { timelineParams } from '../../validate/related.js';
import { USER_CONTEXT } from '../_auth.js';
import { authOption } from '../_flags.js';
import { pageOptions } from '../_listing.js';
import { postFieldOptions } from '../_post-fields.js';
import { printRelated } from '../_related.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'timeline',
  description:
    "the authenticated user's reverse-chronological home timeline (GET /2/users/{id}/timelines/reverse_chronological; user context): posts of the accounts followed and their own, newest first; max-results 1 to 100",
  examples: [
    'postctl users timeline --limit 50',
    'postctl users timeline --exclude replies,retweets --start 2026-11-01T00:00:00Z -o jsonl',
  ],
  options: {
    ...pageOptions,
    ...postFieldOptions,
    sinceId: { flags: '--since-id <id>', description: 'only posts newer than this post id' },
    untilId: { flags: '--until-id <id>', description: 'only posts older than this post id' },
    start: { flags: '--start <time>', description: 'oldest post time, ISO 8601' },
    end: { flags: '--end <time>', description: 'newest post time, ISO 8601; after --start' },
    exclude: { flags: '--exclude <list>', description: 'leave out replies and/or retweets (comma list, repeatable)', repeatable: true },
    auth: authOption('user (OAuth 1.0a) when held, else oauth2'),
  },
  run: (_args, opts, ctx) =>
    printRelated(ctx, 'timeline', undefined, opts, { prefer: USER_CONTEXT, noun: 'posts', query: timelineParams(opts) }),
});
