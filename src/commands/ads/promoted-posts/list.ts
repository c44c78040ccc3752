// `postctl ads promoted-posts list`: GET accounts/:account_id/promoted_tweets.
import { listQuery } from '../../../ads/common.js';
import { printAdsList } from '../../_ads-list.js';
import { promotedListRequest } from '../../../ads/promoted.js';
import type { Column } from '../../../output/printer.js';
import { Problems } from '../../../validate/rules.js';
import { wire } from '../../../wire/names.js';
import { accountOptions, listOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { adsIdsFilter, parentFilter, parentFlags } from '../_ids.js';
import { PAGE_1000 } from '../_page.js';

export default defineVerb({
  name: 'list',
  description: 'list promoted posts (post, line item, status, approval); those of deleted line items only with --with-deleted',
  examples: ['postctl ads promoted-posts list --line-item 8u94t', 'postctl ads promoted-posts list --all -o jsonl'],
  options: {
    lineItem: parentFlags.lineItem,
    lineItemIds: { flags: '--line-item-ids <ids>', description: 'only promoted posts of these line items (comma list, up to 200)' },
    promotedPostIds: { flags: '--promoted-post-ids <ids>', description: 'only these promoted posts (comma list, up to 200)' },
    ...listOptions(PAGE_1000),
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    const client = await ctx.client();
    const p = new Problems();
    const query: Array<[string, string]> = [];
    parentFilter(p, query, 'line_item_ids', opts.lineItem, opts.lineItemIds);
    adsIdsFilter(p, query, wire('param.promoted_post_ids', client.names), opts.promotedPostIds);
    p.throwIfAny('invalid list filters');
    query.push(...listQuery(opts, PAGE_1000));
    const postId = wire('key.post_id', client.names);
    const columns: Column<Record<string, unknown>>[] = [
      { header: 'id', key: 'id' },
      { header: postId, get: (r) => r[postId] ?? r.tweet_id ?? r.post_id },
      { header: 'line_item_id', key: 'line_item_id' },
      { header: 'entity_status', key: 'entity_status' },
      { header: 'approval_status', key: 'approval_status' },
    ];
    const account = await accountRef(ctx, opts);
    await printAdsList(ctx, client, promotedListRequest(account, client.names, query), opts, columns);
  },
});
