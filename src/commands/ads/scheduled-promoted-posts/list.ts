// `postctl ads scheduled-promoted-posts list`: GET accounts/:account_id/scheduled_promoted_tweets.
import { accountOptions, listOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { runChildList } from '../_children.js';
import { parentFlags } from '../_ids.js';
import { PAGE_1000 } from '../_page.js';
import { SCHEDULED } from './_columns.js';

export default defineVerb({
  name: 'list',
  description: 'list scheduled promoted posts (the scheduled post, the post once published, line item)',
  examples: ['postctl ads scheduled-promoted-posts list --line-item 8u94x', 'postctl ads scheduled-promoted-posts list --all -o jsonl'],
  options: {
    lineItem: parentFlags.lineItem,
    lineItemIds: { flags: '--line-item-ids <ids>', description: 'only those of these line items (comma list, up to 200)' },
    scheduledPromotedPostIds: {
      flags: '--scheduled-promoted-post-ids <ids>',
      description: 'only these scheduled promoted posts (comma list, up to 200)',
    },
    ...listOptions(PAGE_1000),
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    return runChildList(ctx, { ...opts, ownIds: opts.scheduledPromotedPostIds }, SCHEDULED);
  },
});
