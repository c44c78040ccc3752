// `postctl posts bookmark-folders`: src/commands/_related.ts does the work.
import { authOption } from '../_flags.js';
import { pageOptions } from '../_listing.js';
import { printRelated } from '../_related.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'bookmark-folders',
  description:
    "the authenticated user's bookmark folders (GET /2/users/{id}/bookmarks/folders; user context: OAuth 2.0, or OAuth 1.0a as openapi v2.167 allows): id and name; max-results 1 to 100",
  examples: ['postctl posts bookmark-folders'],
  options: {
    ...pageOptions,
    auth: authOption('oauth2 when the profile holds that login, else user (OAuth 1.0a)'),
  },
  run: (_args, opts, ctx) =>
    printRelated(ctx, 'bookmark_folders', undefined, opts, { prefer: ['oauth2', 'user'], noun: 'bookmark folders' }),
});
