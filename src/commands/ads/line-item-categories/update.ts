// `postctl ads line-item-categories update <id>`: only the flags given are sent.
import { updateLineItemCategory } from '../../../ads/categories.js';
import { UsageError } from '../../../errors/cli-error.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { throwIfProblems } from '../_checks.js';
import { objectFields } from '../_show.js';
import { idParams } from './_ids.js';

export default defineVerb({
  name: 'update <id>',
  description: 'change the line item or curated category of a link (only the flags given are sent)',
  examples: ['postctl ads line-item-categories update 43853bhii885 --curated-category-id 1xh7'],
  options: {
    lineItemId: { flags: '--line-item-id <id>', description: 'the line item' },
    curatedCategoryId: { flags: '--curated-category-id <id>', description: 'the curated category' },
    ...writeOptions,
  },
  async run([id], opts, ctx) {
    const { params, problems } = idParams(opts, false);
    if (!problems.length && !Object.keys(params).length)
      throw new UsageError('nothing to update: give --line-item-id and/or --curated-category-id');
    throwIfProblems(problems);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await updateLineItemCategory(client, account, id, params);
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`updated line item curated category ${id}`);
    return 0;
  },
});
