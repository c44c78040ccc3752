// `postctl ads funding-instruments list`: GET accounts/:account_id/funding_instruments
// (campaign-management reference): type, currency, amounts in micros with their decimal value.
import { listQuery } from '../../../ads/common.js';
import { printAdsList } from '../../_ads-list.js';
import { fundingInstrumentsRequest, type FundingInstrument } from '../../../ads/campaigns.js';
import { Problems } from '../../../validate/rules.js';
import { accountOptions, listOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { parentFilter, parentFlags } from '../_ids.js';
import { PAGE_1000 } from '../_page.js';
import { FI_COLUMNS } from './_columns.js';

export default defineVerb({
  name: 'list',
  description: 'list funding instruments of the account (type, currency, credit and funded amounts, dates, status)',
  examples: ['postctl ads funding-instruments list', 'postctl ads funding-instruments list --funding-instrument-ids lygyi -o json'],
  options: {
    fundingInstrument: { ...parentFlags.fundingInstrument, description: 'only this funding instrument (one id)' },
    fundingInstrumentIds: {
      flags: '--funding-instrument-ids <ids>',
      description: 'only these funding instruments (comma list, up to 200)',
    },
    ...listOptions(PAGE_1000),
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    const p = new Problems();
    const query: Array<[string, string]> = [];
    parentFilter(p, query, 'funding_instrument_ids', opts.fundingInstrument, opts.fundingInstrumentIds);
    p.throwIfAny('invalid list filters');
    query.push(...listQuery(opts, PAGE_1000));
    const account = await accountRef(ctx, opts);
    await printAdsList<FundingInstrument>(ctx, await ctx.client(), fundingInstrumentsRequest(account, query), opts, FI_COLUMNS);
  },
});
