// `postctl ads promoted-posts create --line-item <id> <post_id...>`: promotes
// up to 50 posts on a line item in one request (POST …/promoted_tweets).
import { MAX_POSTS_PER_CREATE, promotePostsRequest } from '../../../ads/promoted.js';
import { parsePostRef } from '../../../validate/platform-ids.js';
import { Problems } from '../../../validate/rules.js';
import { wire } from '../../../wire/names.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { printDryRun } from '../_dry-run.js';

export default defineVerb({
  name: 'create <post_ids...>',
  description: `promote posts on a line item (1 to ${MAX_POSTS_PER_CREATE} post ids or post URLs)`,
  examples: [
    'postctl ads promoted-posts create --line-item 8u94t 1460323737035677698 1460323737035677699',
    'postctl ads promoted-posts create --line-item 8u94t https://x.com/emu_dev/status/1460323737035677698',
  ],
  options: {
    lineItem: { flags: '--line-item <line_item_id>', description: 'line item that promotes the posts (required)' },
    dryRun: { flags: '--dry-run', description: 'check and print the request that would be sent; change nothing' },
    ...writeOptions,
  },
  async run(args, opts, ctx) {
    const p = new Problems();
    if (opts.lineItem === undefined) p.add('line_item_id', 'is required (--line-item)');
    else if (!/^[0-9a-z]{1,32}$/.test(opts.lineItem)) p.add('line_item_id', `must be an ads id (got ${JSON.stringify(opts.lineItem)})`);
    const posts = args.map((a) => parsePostRef(a) ?? a);
    const bad = args.filter((a) => parsePostRef(a) === undefined);
    if (bad.length) p.add('post_ids', `post ids are 1 to 19 digits or post URLs (got ${bad.map((b) => JSON.stringify(b)).join(', ')})`);
    if (posts.length > MAX_POSTS_PER_CREATE) p.add('post_ids', `at most ${MAX_POSTS_PER_CREATE} per request (got ${posts.length})`);
    if (new Set(posts).size !== posts.length) p.add('post_ids', 'a post is given twice');
    p.throwIfAny('invalid promoted posts');
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const req = promotePostsRequest(account, client.names, opts.lineItem!, posts);
    if (opts.dryRun) {
      printDryRun(
        ctx,
        client.baseUrl(account.api) + req.path,
        req,
        Object.fromEntries(req.query as Array<[string, string]>),
        undefined,
        'line item',
      );
      return 0;
    }
    const res = await client.request<{ data?: Record<string, unknown>[] }>(req);
    const rows = Array.isArray(res.body?.data) ? res.body.data : [];
    const postId = wire('key.post_id', client.names);
    ctx.printer.list(
      rows,
      [
        { header: 'id', key: 'id' },
        { header: postId, get: (r) => r[postId] ?? r.tweet_id ?? r.post_id },
        { header: 'line_item_id', key: 'line_item_id' },
        { header: 'approval_status', key: 'approval_status' },
      ],
      res.body,
    );
    ctx.log.success(`promoted ${rows.length} post${rows.length === 1 ? '' : 's'} on line item ${opts.lineItem}`);
    return 0;
  },
});
