// `postctl ads campaigns get <campaign_id>`: one campaign, budgets in micros and decimal.
import { getCampaign } from '../../../ads/campaigns.js';
import { accountOptions, withDeletedOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { objectFields } from '../_show.js';

export default defineVerb({
  name: 'get <campaign_id>',
  description: 'show one campaign',
  examples: ['postctl ads campaigns get 8wku2', 'postctl ads campaigns get 8wku2 -o json'],
  options: {
    withDeleted: withDeletedOption,
    ...accountOptions,
  },
  async run([id], opts, ctx) {
    const account = await accountRef(ctx, opts);
    const res = await getCampaign(await ctx.client(), account, id, Boolean(opts.withDeleted));
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    return 0;
  },
});
