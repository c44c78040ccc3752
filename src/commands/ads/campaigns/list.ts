// `postctl ads campaigns list`: GET accounts/:account_id/campaigns (campaign-management reference).
import { campaignsRequest, type Campaign } from '../../../ads/campaigns.js';
import { listQuery } from '../../../ads/common.js';
import { printAdsList } from '../../_ads-list.js';
import type { Column } from '../../../output/printer.js';
import { Problems } from '../../../validate/rules.js';
import { accountOptions, listOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { parentFilter, parentFlags } from '../_ids.js';
import { PAGE_1000 } from '../_page.js';

// The name stays at 80 columns: the funding instrument and currency go first, and names shrink rather than vanish.
const COLUMNS: Column<Campaign>[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name', flex: true, priority: 3 },
  { header: 'funding_instrument_id', key: 'funding_instrument_id', priority: 0 },
  { header: 'entity_status', key: 'entity_status' },
  { header: 'daily_budget', key: 'daily_budget_amount_local_micro' },
  { header: 'total_budget', key: 'total_budget_amount_local_micro', priority: 1 },
  { header: 'currency', key: 'currency', priority: 0 },
];

export default defineVerb({
  name: 'list',
  description: 'list campaigns of the account (id, name, funding instrument, status, budgets)',
  examples: ['postctl ads campaigns list', 'postctl ads campaigns list --funding-instrument-ids lygyi --q spring --all -o jsonl'],
  options: {
    campaign: { ...parentFlags.campaign, description: 'only this campaign (one id)' },
    campaignIds: { flags: '--campaign-ids <ids>', description: 'only these campaigns (comma list, up to 200)' },
    fundingInstrument: parentFlags.fundingInstrument,
    fundingInstrumentIds: {
      flags: '--funding-instrument-ids <ids>',
      description: 'only campaigns of these funding instruments (comma list, up to 200)',
    },
    q: { flags: '--q <text>', description: 'name prefix' },
    withDraft: { flags: '--with-draft', description: 'include draft campaigns' },
    ...listOptions(PAGE_1000),
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    const p = new Problems();
    const query: Array<[string, string]> = [];
    parentFilter(p, query, 'campaign_ids', opts.campaign, opts.campaignIds);
    parentFilter(p, query, 'funding_instrument_ids', opts.fundingInstrument, opts.fundingInstrumentIds);
    p.throwIfAny('invalid list filters');
    if (opts.q !== undefined) query.push(['q', opts.q]);
    if (opts.withDraft) query.push(['with_draft', 'true']);
    query.push(...listQuery(opts, PAGE_1000));
    const account = await accountRef(ctx, opts);
    await printAdsList(ctx, await ctx.client(), campaignsRequest(account, query), opts, COLUMNS);
  },
});
