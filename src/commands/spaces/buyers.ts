// `postctl spaces buyers <space_id>`: who bought a ticket to a Space (GET
// /2/spaces/{id}/buyers; OAuth 2.0 only), through the one pager.
import { spaceReads } from '../../platform/spaces-lookup.js';
import { userFieldParams } from '../../validate/user-fields.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { pageOptions, pageParams, printListing } from '../_listing.js';
import { USER_COLUMNS, userFieldOptions } from '../_users.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'buyers <space_id>',
  description: 'users who bought a ticket to your ticketed Space (GET /2/spaces/{id}/buyers; OAuth 2.0 only): max-results 1 to 100, --all',
  examples: ['postctl spaces buyers 1DXxyRYNejbKM', 'postctl spaces buyers 1DXxyRYNejbKM --all --user-fields created_at -o csv'],
  options: { ...pageOptions, ...userFieldOptions, auth: authOption('oauth2') },
  async run([id], opts, ctx) {
    const { query, limit } = pageParams(opts, [1, 100]);
    const { client } = await authedClient(ctx, { endpoints: ['GET /2/spaces/{id}/buyers'], prefer: ['oauth2'], flag: opts.auth });
    const req = spaceReads.buyers(id!, [...query, ...userFieldParams(opts, client.names)]);
    return printListing(ctx, client, req, USER_COLUMNS, { ...opts, ...(limit !== undefined ? { limit: String(limit) } : {}) }, 'buyers');
  },
});
