// `postctl lists members list <list_id>`: GET /2/lists/{id}/members.
import { chooseAuth } from '../../../platform/auth-choice.js';
import { listReads } from '../../../platform/lists.js';
import { userFieldParams } from '../../../validate/user-fields.js';
import { authOption } from '../../_flags.js';
import { pageParams, printListing } from '../../_listing.js';
import { USER_COLUMNS, userFieldOptions } from '../../_users.js';
import { pageOptions } from '../../_listing.js';
import { defineVerb } from '../../define.js';
import { APP_FIRST } from '../../posts/_search.js';

export default defineVerb({
  name: 'list <list_id>',
  description: 'members of a list (GET /2/lists/{id}/members): max-results 1 to 100, --all',
  examples: ['postctl lists members list 1800000000000000001 --all -o jsonl'],
  options: {
    ...pageOptions,
    ...userFieldOptions,
    auth: authOption('app'),
  },
  async run([id], opts, ctx) {
    const client = await ctx.client();
    const fields = userFieldParams(opts, client.names);
    const { query } = pageParams(opts, [1, 100]);
    const req = listReads.members(id!, [...query, ...fields]);
    const auth = chooseAuth(await ctx.settings(), { endpoints: ['GET /2/lists/{id}/members'], prefer: APP_FIRST, flag: opts.auth });
    return printListing(ctx, client, { ...req, auth }, USER_COLUMNS, opts, 'members');
  },
});
