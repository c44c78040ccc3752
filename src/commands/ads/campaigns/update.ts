// `postctl ads campaigns update <campaign_id>`: only the flags given are sent
// (never the whole campaign); the rules that need the campaign (one side of the
// budget pair against its current other side) are checked against a fresh GET
// unless --no-fetch — as `ads line-items update` does.
import { getCampaign, updateCampaignRequest, type Campaign } from '../../../ads/campaigns.js';
import { UsageError } from '../../../errors/cli-error.js';
import { CAMPAIGN_UPDATE_PARAMS, checkAgainstCampaign, checkCampaign } from '../../../validate/campaign.js';
import { paramsFromFlags } from '../../../validate/line-item.js';
import { accountOptions, budgetFlags } from '../../_ads-flags.js';
import { defineVerb, type OptionTable } from '../../define.js';
import { accountRef } from '../_account.js';
import { throwIfProblems } from '../_checks.js';
import { printChange, printDryRun } from '../_dry-run.js';

/**
 * The parameter flags: each names the API parameter it sets (`wire`), whose rules are CAMPAIGN_UPDATE_PARAMS's
 * (src/validate/campaign.ts); `type: 'money'` flags take a decimal amount sent in micro units.
 * `ads campaigns create` takes these too.
 */
export const CAMPAIGN_FLAGS = {
  name: { flags: '--name <value>', wire: 'name', description: 'campaign name (1 to 255 characters)' },
  budgetOptimization: {
    flags: '--budget-optimization <value>',
    wire: 'budget_optimization',
    description: 'LINE_ITEM (the only value of API version 12; the default)',
  },
  ...budgetFlags,
  entityStatus: { flags: '--entity-status <value>', wire: 'entity_status', description: 'ACTIVE or PAUSED' },
  purchaseOrderNumber: {
    flags: '--purchase-order-number <value>',
    wire: 'purchase_order_number',
    description: 'booking reference for invoices (at most 50 characters)',
  },
} as const satisfies OptionTable;

const options = {
  ...CAMPAIGN_FLAGS,
  fetch: { flags: '--no-fetch', description: 'skip fetching the campaign first (its budgets are then not compared; the API still checks)' },
  dryRun: { flags: '--dry-run', description: 'check and print the request that would be sent; change nothing' },
  ...accountOptions,
} as const satisfies OptionTable;

export default defineVerb({
  name: 'update <campaign_id>',
  description:
    'change a campaign: only the flags given are sent, after checking the rules (against the fetched campaign unless --no-fetch)',
  examples: ['postctl ads campaigns update 8wku2 --entity-status PAUSED', 'postctl ads campaigns update 8wku2 --daily-budget 75 --dry-run'],
  options,
  async run([id], opts, ctx) {
    const { params, problems, typed } = paramsFromFlags(options, opts, CAMPAIGN_UPDATE_PARAMS);
    if (Object.keys(params).length === 0 && problems.length === 0)
      throw new UsageError(
        'nothing to update: give at least one parameter flag',
        'see `postctl ads campaigns update --help` for the flags.',
      );
    throwIfProblems([...problems, ...checkCampaign(params, typed, 'update')], 'invalid campaign update');
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    let before: Campaign | undefined;
    if (opts.fetch !== false) {
      before = (await getCampaign(client, account, id)).body.data;
      throwIfProblems(checkAgainstCampaign(params, before, typed), `invalid update for campaign ${id}`);
    }
    const req = updateCampaignRequest(account, id, params);
    if (opts.dryRun) {
      printDryRun(ctx, client.baseUrl(account.api) + req.path, req, params, before, 'campaign');
      return 0;
    }
    const res = await client.request<{ data: Campaign }>(req);
    printChange(ctx, params, before, res.body, 'campaign');
    ctx.log.success(`updated campaign ${id} (${Object.keys(params).join(', ')})`);
    return 0;
  },
});
