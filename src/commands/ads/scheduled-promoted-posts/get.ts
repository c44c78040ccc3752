// `postctl ads scheduled-promoted-posts get <scheduled_promoted_post_id>`: GET …/scheduled_promoted_tweets/:id.
import { accountOptions, withDeletedOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { runChildGet } from '../_children.js';
import { SCHEDULED } from './_columns.js';

export default defineVerb({
  name: 'get <scheduled_promoted_post_id>',
  description: 'show one scheduled promoted post (scheduled post, published post, line item)',
  examples: ['postctl ads scheduled-promoted-posts get 1xboq'],
  options: { withDeleted: withDeletedOption, ...accountOptions },
  async run([id], opts, ctx) {
    return runChildGet(ctx, id!, opts, SCHEDULED.resource);
  },
});
