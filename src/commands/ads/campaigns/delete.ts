// `postctl ads campaigns delete <campaign_id>`: irreversible (a repeat answers 404).
import { deleteCampaign } from '../../../ads/campaigns.js';
import { accountOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { confirmDelete, yesDelete } from '../_creatives.js';
import { objectFields } from '../_show.js';

export default defineVerb({
  name: 'delete <campaign_id>',
  description: 'delete a campaign (irreversible; asks on a terminal, needs --yes otherwise)',
  examples: ['postctl ads campaigns delete 8wku2 --yes'],
  options: {
    yes: yesDelete,
    ...accountOptions,
  },
  async run([id], opts, ctx) {
    const account = await accountRef(ctx, opts);
    if (!(await confirmDelete(ctx, `campaign ${id} (irreversible)`, opts.yes))) return 0;
    const res = await deleteCampaign(await ctx.client(), account, id);
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`deleted campaign ${id}`);
    return 0;
  },
});
