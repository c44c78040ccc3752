// `postctl posts reposts`: src/commands/_related.ts does the work.
import { printRelated } from '../_related.js';
import { APP_FIRST } from './_search.js';
import { authOption } from '../_flags.js';
import { pageOptions } from '../_listing.js';
import { postFieldOptions } from '../_post-fields.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'reposts <post>',
  description: 'the reposts of a post, as posts (GET /2/tweets/{id}/retweets): the post as id or URL; max-results 1 to 100',
  examples: ['postctl posts reposts 1460323737035677698 --expansions author_id'],
  options: {
    ...pageOptions,
    ...postFieldOptions,
    auth: authOption('app'),
  },
  run: ([target], opts, ctx) => printRelated(ctx, 'reposts', target, opts, { prefer: APP_FIRST, noun: 'reposts' }),
});
