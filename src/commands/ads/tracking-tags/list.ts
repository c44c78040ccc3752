// `postctl ads tracking-tags list`: GET accounts/:account_id/tracking_tags.
import { accountOptions, listOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { runChildList } from '../_children.js';
import { parentFlags } from '../_ids.js';
import { PAGE_1000 } from '../_page.js';
import { TRACKING_TAGS } from './_columns.js';

export default defineVerb({
  name: 'list',
  description: 'list tracking tags (impression tags and click trackers of line items)',
  examples: ['postctl ads tracking-tags list --line-item 8u94x', 'postctl ads tracking-tags list --all -o jsonl'],
  options: {
    lineItem: parentFlags.lineItem,
    lineItemIds: { flags: '--line-item-ids <ids>', description: 'only those of these line items (comma list, up to 200)' },
    trackingTagIds: { flags: '--tracking-tag-ids <ids>', description: 'only these tracking tags (comma list, up to 200)' },
    ...listOptions(PAGE_1000),
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    return runChildList(ctx, { ...opts, ownIds: opts.trackingTagIds }, TRACKING_TAGS);
  },
});
