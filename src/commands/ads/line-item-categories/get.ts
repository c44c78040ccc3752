// `postctl ads line-item-categories get <id>`: one line item curated category.
import { getLineItemCategory } from '../../../ads/categories.js';
import { accountOptions, withDeletedOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { objectFields } from '../_show.js';

export default defineVerb({
  name: 'get <id>',
  description: 'show one line item curated category',
  examples: ['postctl ads line-item-categories get 43853bhii885'],
  options: {
    withDeleted: withDeletedOption,
    ...accountOptions,
  },
  async run([id], opts, ctx) {
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await getLineItemCategory(client, account, id, { withDeleted: Boolean(opts.withDeleted) });
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    return 0;
  },
});
