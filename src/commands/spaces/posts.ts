// `postctl spaces posts <space_id>`: posts shared in a Space (GET /2/spaces/{id}/tweets).
import { spaceReads } from '../../platform/spaces-lookup.js';
import { fieldParamsFromFlags } from '../../validate/post-fields.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { intParam, printAll } from '../_lookup.js';
import { POST_COLUMNS, postFieldOptions } from '../_post-fields.js';
import { defineVerb } from '../define.js';
import { SPACE_AUTH } from './_spaces.js';

export default defineVerb({
  name: 'posts <space_id>',
  description: 'posts shared in a Space (GET /2/spaces/{id}/tweets): max-results 1 to 100, with the post field flags',
  examples: ['postctl spaces posts 1DXxyRYNejbKM', 'postctl spaces posts 1DXxyRYNejbKM --post-fields created_at,author_id -o jsonl'],
  options: {
    maxResults: { flags: '--max-results <n>', description: 'posts to return, 1 to 100 (the API’s default: 100)' },
    ...postFieldOptions,
    auth: authOption('app'),
  },
  async run([id], opts, ctx) {
    const { client } = await authedClient(ctx, { endpoints: ['GET /2/spaces/{id}/tweets'], prefer: SPACE_AUTH, flag: opts.auth });
    const query = [...intParam('--max-results', opts.maxResults, 'max_results', [1, 100]), ...fieldParamsFromFlags(opts, client.names)];
    return printAll(ctx, client, spaceReads.posts(id!, query, client.names), POST_COLUMNS, 'posts');
  },
});
