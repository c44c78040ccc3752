// `postctl users affiliates`: src/commands/_related.ts does the work.
import { printRelated } from '../_related.js';
import { APP_FIRST } from '../posts/_search.js';
import { authOption } from '../_flags.js';
import { pageOptions } from '../_listing.js';
import { userFieldOptions } from '../_users.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'affiliates <user>',
  description:
    "a business account's affiliated users (GET /2/users/{id}/affiliates): the user as id, @handle or URL; max-results 1 to 1000",
  examples: ['postctl users affiliates @emu_news'],
  options: {
    ...pageOptions,
    ...userFieldOptions,
    auth: authOption('app'),
  },
  run: ([target], opts, ctx) => printRelated(ctx, 'affiliates', target, opts, { prefer: APP_FIRST, noun: 'affiliates' }),
});
