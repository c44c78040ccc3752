// `postctl lists memberships`: src/commands/_related.ts does the work.
import { printRelated } from '../_related.js';
import { APP_FIRST } from '../posts/_search.js';
import { authOption } from '../_flags.js';
import { pageOptions } from '../_listing.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'memberships <user>',
  description: 'lists a user is a member of (GET /2/users/{id}/list_memberships): the user as id, @handle or URL; max-results 1 to 100',
  examples: ['postctl lists memberships @emu_dev'],
  options: {
    ...pageOptions,
    auth: authOption('app'),
  },
  run: ([target], opts, ctx) => printRelated(ctx, 'memberships', target, opts, { prefer: APP_FIRST, noun: 'list memberships' }),
});
