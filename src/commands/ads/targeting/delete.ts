// `postctl ads targeting delete <targeting_criterion_id>`.
import { deleteCriterion } from '../../../ads/targeting.js';
import { accountOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { confirmDelete, yesDelete } from '../_creatives.js';
import { objectFields } from '../_show.js';

export default defineVerb({
  name: 'delete <targeting_criterion_id>',
  description: 'remove a targeting criterion from its line item (asks on a terminal, needs --yes otherwise)',
  examples: ['postctl ads targeting delete dpl3a6 --yes'],
  options: {
    yes: yesDelete,
    ...accountOptions,
  },
  async run([id], opts, ctx) {
    const account = await accountRef(ctx, opts);
    if (!(await confirmDelete(ctx, `targeting criterion ${id}`, opts.yes))) return 0;
    const res = await deleteCriterion(await ctx.client(), account, id);
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`deleted targeting criterion ${id}`);
    return 0;
  },
});
