// `postctl posts reposters`: src/commands/_related.ts does the work.
import { printRelated } from '../_related.js';
import { APP_FIRST } from './_search.js';
import { authOption } from '../_flags.js';
import { pageOptions } from '../_listing.js';
import { userFieldOptions } from '../_users.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'reposters <post>',
  description: 'users who reposted a post (GET /2/tweets/{id}/retweeted_by): the post as id or URL; max-results 1 to 100',
  examples: ['postctl posts reposters 1460323737035677698 --user-fields public_metrics'],
  options: {
    ...pageOptions,
    ...userFieldOptions,
    auth: authOption('app'),
  },
  run: ([target], opts, ctx) => printRelated(ctx, 'reposters', target, opts, { prefer: APP_FIRST, noun: 'users who reposted it' }),
});
