// `postctl ads line-item-categories create`: attaches a curated category to a line item.
import { createLineItemCategory } from '../../../ads/categories.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { throwIfProblems } from '../_checks.js';
import { objectFields } from '../_show.js';
import { idParams } from './_ids.js';

export default defineVerb({
  name: 'create',
  description: 'attach a curated category to a line item',
  examples: ['postctl ads line-item-categories create --line-item-id 8u94t --curated-category-id 1xh6'],
  options: {
    lineItemId: { flags: '--line-item-id <id>', description: 'required: the line item' },
    curatedCategoryId: {
      flags: '--curated-category-id <id>',
      description: 'required: the curated category (see `postctl ads curated-categories list`)',
    },
    ...writeOptions,
  },
  async run(_args, opts, ctx) {
    const { params, problems } = idParams(opts, true);
    throwIfProblems(problems);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    // Both are set: a missing one was a problem above.
    const res = await createLineItemCategory(client, account, params as Required<typeof params>);
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`created line item curated category ${res.body.data.id}`);
    return 0;
  },
});
