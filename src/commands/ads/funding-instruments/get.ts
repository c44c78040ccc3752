// `postctl ads funding-instruments get <id>`: one funding instrument, money in micros and decimal.
import { getFundingInstrument } from '../../../ads/campaigns.js';
import { accountOptions, withDeletedOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { objectFields } from '../_show.js';

export default defineVerb({
  name: 'get <funding_instrument_id>',
  description: 'show one funding instrument (credit and funded amounts in micros with their decimal value)',
  examples: ['postctl ads funding-instruments get lygyi'],
  options: {
    withDeleted: withDeletedOption,
    ...accountOptions,
  },
  async run([id], opts, ctx) {
    const account = await accountRef(ctx, opts);
    const res = await getFundingInstrument(await ctx.client(), account, id, Boolean(opts.withDeleted));
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    return 0;
  },
});
