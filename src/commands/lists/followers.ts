// `postctl lists followers`: src/commands/_related.ts does the work.
import { printRelated } from '../_related.js';
import { APP_FIRST } from '../posts/_search.js';
import { authOption } from '../_flags.js';
import { pageOptions } from '../_listing.js';
import { userFieldOptions } from '../_users.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'followers <list_id>',
  description: 'users who follow a list (GET /2/lists/{id}/followers): max-results 1 to 100, --all',
  examples: ['postctl lists followers 1800000000000000001 --all -o jsonl'],
  options: {
    ...pageOptions,
    ...userFieldOptions,
    auth: authOption('app'),
  },
  run: ([target], opts, ctx) => printRelated(ctx, 'list_followers', target, opts, { prefer: APP_FIRST, noun: 'followers' }),
});
