// `postctl spaces by-creator <user_ids...>`: Spaces created by users (GET /2/spaces/by/creator_ids).
import { spaceReads } from '../../platform/spaces-lookup.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { printAll } from '../_lookup.js';
import { defineVerb } from '../define.js';
import { SPACE_AUTH, SPACE_COLUMNS, spaceFieldOptions, spaceSelection } from './_spaces.js';

export default defineVerb({
  name: 'by-creator <user_ids...>',
  description: 'live and scheduled Spaces created by users (GET /2/spaces/by/creator_ids): up to 100 numeric user ids',
  examples: [
    'postctl spaces by-creator 2244994945',
    'postctl spaces by-creator 2244994945 783214 --space-fields title,state,host_ids -o json',
  ],
  options: { ...spaceFieldOptions, auth: authOption('app') },
  async run(userIds, opts, ctx) {
    const req = spaceReads.byCreators(userIds, spaceSelection(opts));
    const { client } = await authedClient(ctx, { endpoints: ['GET /2/spaces/by/creator_ids'], prefer: SPACE_AUTH, flag: opts.auth });
    return printAll(ctx, client, req, SPACE_COLUMNS, 'Spaces');
  },
});
