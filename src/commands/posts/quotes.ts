// `postctl posts quotes`: src/commands/_related.ts does the work.
import { printRelated } from '../_related.js';
import { APP_FIRST } from './_search.js';
import { authOption } from '../_flags.js';
import { pageOptions } from '../_listing.js';
import { postFieldOptions } from '../_post-fields.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'quotes <post>',
  description: 'posts that quote a post (GET /2/tweets/{id}/quote_tweets): the post as id or URL; max-results 10 to 100',
  examples: ['postctl posts quotes 1460323737035677698 --post-fields created_at,author_id --limit 50'],
  options: {
    ...pageOptions,
    ...postFieldOptions,
    auth: authOption('app'),
  },
  run: ([target], opts, ctx) => printRelated(ctx, 'quotes', target, opts, { prefer: APP_FIRST, noun: 'quotes' }),
});
