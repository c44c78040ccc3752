// `postctl communities get <community_id>`: one community (GET /2/communities/{id}).
import { communityReads } from '../../platform/discovery.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { FIELD_FLAGS, printOne } from '../_lookup.js';
import { allowUnknownFieldsOption } from '../_post-fields.js';
import { defineVerb } from '../define.js';
import { COMMUNITY_COLUMNS, communitySelection } from './_communities.js';

export default defineVerb({
  name: 'get <community_id>',
  description: 'show a community: name, members, access, join policy, description (GET /2/communities/{id})',
  examples: [
    'postctl communities get 1493446837214187523',
    'postctl communities get 1493446837214187523 --community-fields created_at -o json',
  ],
  options: {
    communityFields: FIELD_FLAGS.communityFields,
    allowUnknownFields: allowUnknownFieldsOption,
    auth: authOption('app'),
  },
  async run([id], opts, ctx) {
    const req = communityReads.one(id!, communitySelection(opts.communityFields, opts.allowUnknownFields));
    const { client } = await authedClient(ctx, {
      endpoints: ['GET /2/communities/{id}'],
      prefer: ['app', 'user', 'oauth2'],
      flag: opts.auth,
    });
    return printOne(ctx, client, req, COMMUNITY_COLUMNS);
  },
});
