// `postctl ads campaigns update <campaign_id>`: only the flags given are sent
// (never the whole campaign); the money guard reads the campaign's funding
// instrument when a budget is given; the rules that need the campaign (one side
// of the budget pair against its current other side) are checked against a
// fresh GET unless --no-fetch. The run is the one of src/commands/ads/_update.ts.
import { getCampaign, updateCampaignRequest, type Campaign } from '../../../ads/campaigns.js';
import { CAMPAIGN_UPDATE_PARAMS, checkAgainstCampaign, checkCampaign } from '../../../validate/campaign.js';
import { paramsFromFlags } from '../../../validate/wire-flags.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb, type OptionTable } from '../../define.js';
import { bulkChangeOptions } from '../_bulk.js';
import { yesBudgetOption } from '../_budget.js';
import { runUpdate, type UpdateKind } from '../_update.js';
import { CAMPAIGN_FLAGS } from './_flags.js';

const options = {
  ...CAMPAIGN_FLAGS,
  fetch: { flags: '--no-fetch', description: 'skip fetching the campaign first (its budgets are then not compared; the API still checks)' },
  yesBudget: yesBudgetOption,
  ...bulkChangeOptions('update', '{"campaign_id": "8wku2", "daily_budget": 75}'),
  dryRun: { flags: '--dry-run', description: 'check and print the request(s) that would be sent; change nothing' },
  ...writeOptions,
} as const satisfies OptionTable;

const CAMPAIGN_UPDATE: UpdateKind<Campaign> = {
  what: 'campaign',
  group: 'campaigns',
  local: (params, typed) => ({ problems: checkCampaign(params, typed, 'update'), warnings: [] }),
  get: async (client, account, id) => (await getCampaign(client, account, id)).body.data,
  against: (params, before, typed) => ({ problems: checkAgainstCampaign(params, before, typed), warnings: [] }),
  funding: async (lookup, before) => (before.funding_instrument_id ? lookup.instrument(before.funding_instrument_id) : undefined),
  request: updateCampaignRequest,
  bulk: {
    resource: 'campaigns',
    idKey: 'campaign_id',
    what: 'campaign',
    table: CAMPAIGN_UPDATE_PARAMS,
    check: (params, typed, line) => checkCampaign(params, typed, 'update', line),
    funding: (lookup, _client, _account, id) => lookup.ofCampaign(id),
  },
};

export default defineVerb({
  name: 'update [campaign_id]',
  description:
    'change a campaign: only the flags given are sent, after checking the rules (against the fetched campaign unless --no-fetch) and the money guard',
  examples: [
    'postctl ads campaigns update 8wku2 --entity-status PAUSED',
    'postctl ads campaigns update 8wku2 --daily-budget 75 --dry-run',
    'postctl ads campaigns update --file campaign-changes.jsonl --failed retry.jsonl',
  ],
  options,
  async run([id], opts, ctx) {
    return runUpdate(ctx, id, paramsFromFlags(options, opts, CAMPAIGN_UPDATE_PARAMS), opts, CAMPAIGN_UPDATE);
  },
});
