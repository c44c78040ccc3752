// `postctl ads line-item-categories delete <id>`: asks first unless --yes.
import { deleteLineItemCategory } from '../../../ads/categories.js';
import { writeOptions } from '../../_ads-flags.js';
import { yesOption } from '../../_flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { objectFields } from '../_show.js';

export default defineVerb({
  name: 'delete <id>',
  description: 'delete a line item curated category (asks on a terminal, needs --yes otherwise)',
  examples: ['postctl ads line-item-categories delete 43853bhii885 --yes'],
  options: {
    yes: yesOption(),
    ...writeOptions,
  },
  async run([id], opts, ctx) {
    const account = await accountRef(ctx, opts);
    if (!(await ctx.prompt.confirm(`Delete line item curated category ${id}?`, opts.yes))) {
      ctx.log.info('nothing deleted');
      return 0;
    }
    const client = await ctx.client();
    const res = await deleteLineItemCategory(client, account, id);
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`deleted line item curated category ${id}`);
    return 0;
  },
});
