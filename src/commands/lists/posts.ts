// `postctl lists posts <list_id>`: the posts of a list's members (GET /2/lists/{id}/tweets).
import { chooseAuth } from '../../platform/auth-choice.js';
import { listReads } from '../../platform/lists.js';
import { fieldParamsFromFlags } from '../../validate/post-fields.js';
import { authOption } from '../_flags.js';
import { pageParams, printListing } from '../_listing.js';
import { POST_COLUMNS, postFieldOptions } from '../_post-fields.js';
import { pageOptions } from '../_listing.js';
import { defineVerb } from '../define.js';
import { APP_FIRST } from '../posts/_search.js';

export default defineVerb({
  name: 'posts <list_id>',
  description: "posts of a list's members, newest first (GET /2/lists/{id}/tweets): max-results 1 to 100",
  examples: ['postctl lists posts 1800000000000000001 --limit 50 -o jsonl'],
  options: {
    ...pageOptions,
    ...postFieldOptions,
    auth: authOption('app'),
  },
  async run([id], opts, ctx) {
    const client = await ctx.client();
    const fields = fieldParamsFromFlags(opts, client.names);
    const { query } = pageParams(opts, [1, 100]);
    const req = listReads.posts(id!, [...query, ...fields], client.names);
    const auth = chooseAuth(await ctx.settings(), { endpoints: ['GET /2/lists/{id}/tweets'], prefer: APP_FIRST, flag: opts.auth });
    return printListing(ctx, client, { ...req, auth }, POST_COLUMNS, opts, 'posts');
  },
});
