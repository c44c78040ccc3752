// `postctl posts bookmarks`: the authenticated user's bookmarks, all of them
// through the one pager (src/commands/_related.ts) or one folder's.
import { actingUser } from '../../platform/acting-user.js';
import { bookmarkFolderRequest } from '../../platform/related.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { pageOptions } from '../_listing.js';
import { POST_COLUMNS, postFieldOptions } from '../_post-fields.js';
import { printRelated } from '../_related.js';
import { defineVerb } from '../define.js';
import type { Context } from '../../entry/context.js';

const FOLDER = 'GET /2/users/{id}/bookmarks/folders/{folder_id}';

/** One folder's posts: the endpoint takes no paging and no field parameters (it answers post ids). */
async function folderPosts(ctx: Context, folder: string, flag: string | undefined): Promise<number> {
  const { client, auth } = await authedClient(ctx, { endpoints: [FOLDER], prefer: ['oauth2', 'user'], flag });
  const req = bookmarkFolderRequest((await actingUser(client, await ctx.settings(), ctx.env, auth)).id, folder);
  const body = ((await client.request<{ data?: unknown[] }>({ ...req, auth })).body ?? {}) as { data?: unknown[] };
  ctx.printer.list(body.data ?? [], POST_COLUMNS, body);
  if (!body.data?.length) ctx.log.info('no bookmarks in this folder');
  return 0;
}

export default defineVerb({
  name: 'bookmarks',
  description:
    "the authenticated user's bookmarks (GET /2/users/{id}/bookmarks; user context: OAuth 2.0, or OAuth 1.0a as openapi v2.167 allows): max-results 1 to 100; --folder: one bookmark folder's posts (GET …/bookmarks/folders/{folder_id})",
  examples: ['postctl posts bookmarks --all -o jsonl', 'postctl posts bookmarks --folder 1800000000000000101'],
  options: {
    ...pageOptions,
    ...postFieldOptions,
    folder: { flags: '--folder <folder_id>', description: 'only the posts of this bookmark folder (ids from `posts bookmark-folders`)' },
    auth: authOption('oauth2 when the profile holds that login, else user (OAuth 1.0a)'),
  },
  run: (_args, opts, ctx) =>
    opts.folder !== undefined
      ? folderPosts(ctx, opts.folder, opts.auth)
      : printRelated(ctx, 'bookmarks', undefined, opts, { prefer: ['oauth2', 'user'], noun: 'bookmarks' }),
});
