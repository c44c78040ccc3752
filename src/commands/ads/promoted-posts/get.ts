// `postctl ads promoted-posts get <promoted_post_id>`: one promoted post (GET …/promoted_tweets/:id).
import { getPromotedPost } from '../../../ads/promoted.js';
import { accountOptions, withDeletedOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { objectFields } from '../_show.js';

export default defineVerb({
  name: 'get <promoted_post_id>',
  description: 'show one promoted post (its post, line item, status, approval); with --with-deleted also under a deleted line item',
  examples: ['postctl ads promoted-posts get 1gp8a5', 'postctl ads promoted-posts get 1gp8a5 -o json'],
  options: {
    withDeleted: withDeletedOption,
    ...accountOptions,
  },
  async run([id], opts, ctx) {
    const account = await accountRef(ctx, opts);
    const res = await getPromotedPost(await ctx.client(), account, id, Boolean(opts.withDeleted));
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    return 0;
  },
});
