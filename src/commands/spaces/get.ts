// `postctl spaces get <space_ids...>`: one Space (GET /2/spaces/{id}) or up to
// 100 (GET /2/spaces?ids=…).
import { spaceReads } from '../../platform/spaces-lookup.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { printAll, printOne } from '../_lookup.js';
import { defineVerb } from '../define.js';
import { SPACE_AUTH, SPACE_COLUMNS, spaceFieldOptions, spaceSelection } from './_spaces.js';

export default defineVerb({
  name: 'get <space_ids...>',
  description: 'show Spaces by id: one (GET /2/spaces/{id}) or up to 100 (GET /2/spaces?ids=…); title, state, creator, participants',
  examples: ['postctl spaces get 1DXxyRYNejbKM', 'postctl spaces get 1DXxyRYNejbKM 1YpKkgVgevXxj --expansions creator_id -o json'],
  options: { ...spaceFieldOptions, auth: authOption('app') },
  async run(ids, opts, ctx) {
    const query = spaceSelection(opts);
    const one = ids.length === 1;
    const req = one ? spaceReads.one(ids[0]!, query) : spaceReads.many(ids, query);
    const endpoint = one ? 'GET /2/spaces/{id}' : 'GET /2/spaces';
    const { client } = await authedClient(ctx, { endpoints: [endpoint], prefer: SPACE_AUTH, flag: opts.auth });
    return one ? printOne(ctx, client, req, SPACE_COLUMNS) : printAll(ctx, client, req, SPACE_COLUMNS, 'Spaces');
  },
});
