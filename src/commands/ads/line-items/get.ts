// `postctl ads line-items get <line_item_id>`: one line item.
import { getLineItem } from '../../../ads/line-items.js';
import { accountOptions, withDeletedOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { objectFields } from '../_show.js';

export default defineVerb({
  name: 'get <line_item_id>',
  description: 'show one line item',
  examples: ['postctl ads line-items get 8u94t', 'postctl ads line-items get 8u94t --with-deleted -o json'],
  options: {
    withDeleted: withDeletedOption,
    ...accountOptions,
  },
  async run([id], opts, ctx) {
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await getLineItem(client, account, id, { withDeleted: Boolean(opts.withDeleted) });
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    return 0;
  },
});
