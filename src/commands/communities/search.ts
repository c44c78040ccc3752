// `postctl communities search <query>`: communities by name (GET /2/communities/search), through the one pager.
import { communityReads } from '../../platform/discovery.js';
import { USER_CONTEXT, authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { pageOptions, pageParams, printListing } from '../_listing.js';
import { FIELD_FLAGS } from '../_lookup.js';
import { allowUnknownFieldsOption } from '../_post-fields.js';
import { defineVerb } from '../define.js';
import { COMMUNITY_COLUMNS, communitySelection } from './_communities.js';

export default defineVerb({
  name: 'search <query>',
  description: 'find communities by name (GET /2/communities/search; user context): max-results 10 to 100, --all',
  examples: ['postctl communities search emulator', 'postctl communities search builders --all -o csv'],
  options: {
    ...pageOptions,
    communityFields: FIELD_FLAGS.communityFields,
    allowUnknownFields: allowUnknownFieldsOption,
    auth: authOption('user (OAuth 1.0a) when held, else oauth2'),
  },
  async run([text], opts, ctx) {
    const { query, limit } = pageParams(opts, [10, 100]);
    const req = communityReads.search(text!, [...query, ...communitySelection(opts.communityFields, opts.allowUnknownFields)]);
    const { client } = await authedClient(ctx, { endpoints: ['GET /2/communities/search'], prefer: USER_CONTEXT, flag: opts.auth });
    return printListing(
      ctx,
      client,
      req,
      COMMUNITY_COLUMNS,
      { ...opts, ...(limit !== undefined ? { limit: String(limit) } : {}) },
      'communities',
    );
  },
});
