// `postctl ads curated-categories get <curated_category_id>`: one curated category.
import { curatedCategory } from '../../../ads/categories.js';
import { accountOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { objectFields } from '../_show.js';

export default defineVerb({
  name: 'get <curated_category_id>',
  description: 'show one curated category',
  examples: ['postctl ads curated-categories get 1xh6'],
  options: {
    ...accountOptions,
  },
  async run([id], opts, ctx) {
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await curatedCategory(client, account, id);
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    return 0;
  },
});
