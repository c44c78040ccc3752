// `postctl ads promoted-posts delete <promoted_post_id>`: takes the post off its line item.
import { deletePromotedPost } from '../../../ads/promoted.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { confirmDelete, yesDelete } from '../_creatives.js';
import { objectFields } from '../_show.js';

export default defineVerb({
  name: 'delete <promoted_post_id>',
  description: 'stop promoting a post on its line item (asks on a terminal, needs --yes otherwise)',
  examples: ['postctl ads promoted-posts delete 1gp8a5 --yes'],
  options: {
    yes: yesDelete,
    ...writeOptions,
  },
  async run([id], opts, ctx) {
    const account = await accountRef(ctx, opts);
    if (!(await confirmDelete(ctx, `promoted post ${id}`, opts.yes))) return 0;
    const res = await deletePromotedPost(await ctx.client(), account, id);
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`deleted promoted post ${id}`);
    return 0;
  },
});
