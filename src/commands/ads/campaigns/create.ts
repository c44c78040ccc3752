// `postctl ads campaigns create`: one campaign from flags, or many from a JSON
// Lines file through the batch endpoint (40 per request). The reference's
// rules are checked first (funding_instrument_id and name required, budgets
// exact in micros, daily at most total, enums, lengths); nothing is sent on a problem.
import { createCampaignRequest } from '../../../ads/campaigns.js';
import { UsageError } from '../../../errors/cli-error.js';
import { CAMPAIGN_CREATE_PARAMS, checkCampaign } from '../../../validate/campaign.js';
import { paramsFromFlags } from '../../../validate/wire-flags.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb, type OptionTable } from '../../define.js';
import { accountRef } from '../_account.js';
import { bulkOptions } from '../_bulk.js';
import { yesBudgetOption } from '../_budget.js';
import { throwIfProblems } from '../_checks.js';
import { createFromFile, createOne, type CreateKind } from '../_create.js';
import { CAMPAIGN_FLAGS } from './_flags.js';

const CAMPAIGN: CreateKind = {
  what: 'campaign',
  resource: 'campaigns',
  table: CAMPAIGN_CREATE_PARAMS,
  checkLine: (params, typed, line) => checkCampaign(params, typed, 'create', line),
  funding: async (lookup, params) => (params.funding_instrument_id ? lookup.instrument(params.funding_instrument_id) : undefined),
  spelled: (params) => params,
};

/** The update's parameter flags (./update.ts) and the funding instrument, each naming its parameter in CAMPAIGN_CREATE_PARAMS. */
const options = {
  fundingInstrumentId: {
    flags: '--funding-instrument-id <value>',
    wire: 'funding_instrument_id',
    description: 'funding instrument to charge (required; see `postctl ads funding-instruments list`)',
  },
  ...CAMPAIGN_FLAGS,
  entityStatus: {
    flags: '--entity-status <value>',
    wire: 'entity_status',
    description: 'PAUSED (the default here; the API would make it ACTIVE), ACTIVE or DRAFT',
  },
  ...bulkOptions,
  yesBudget: yesBudgetOption,
  dryRun: { flags: '--dry-run', description: 'check and print the request(s) that would be sent; create nothing' },
  ...writeOptions,
} as const satisfies OptionTable;

export default defineVerb({
  name: 'create',
  description: 'create a campaign (funding instrument, name, budgets, status), or many from --file in batches of 40',
  examples: [
    'postctl ads campaigns create --funding-instrument-id lygyi --name "Spring sale" --daily-budget 50 --total-budget 200',
    'postctl ads campaigns create --file campaigns.jsonl --failed retry.jsonl',
    'postctl ads campaigns create --file campaigns.jsonl --dry-run -o json',
  ],
  options,
  async run(_args, opts, ctx) {
    const { params, problems, typed } = paramsFromFlags(options, opts, CAMPAIGN_CREATE_PARAMS);
    if (opts.file !== undefined) {
      if (Object.keys(params).length || problems.length) throw new UsageError('give the campaigns either in --file or as flags, not both');
      return createFromFile(ctx, await ctx.client(), await accountRef(ctx, opts), opts.file, opts, CAMPAIGN);
    }
    if (opts.failed !== undefined) throw new UsageError('--failed goes with --file');
    throwIfProblems([...problems, ...checkCampaign(params, typed, 'create')], 'invalid campaign');
    const account = await accountRef(ctx, opts);
    return createOne(ctx, await ctx.client(), account, { params, typed }, opts, CAMPAIGN, createCampaignRequest);
  },
});
