// `postctl ads line-items create --campaign <id>`: the update's parameter rules
// (bid strategy, money, categories, app ids, PUBLISHER_NETWORK) applied to the
// new line item, plus what a create needs (objective, product type, placements,
// start and end) and the objective × placements rules; or many from a JSON
// Lines file through the batch endpoint (40 per request).
import { createLineItemRequest } from '../../../ads/campaigns.js';
import { UsageError, type InputProblem } from '../../../errors/cli-error.js';
import type { NameStyle } from '../../../wire/names.js';
import { respell } from '../../../wire/names.js';
import { checkLineItemCreate, LINE_ITEM_CREATE_PARAMS } from '../../../validate/line-item-create.js';
import type { LineItemParams } from '../../../validate/line-item.js';
import { paramsFromFlags } from '../../../validate/wire-flags.js';
import { commaList } from '../../../validate/rules.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb, type OptionTable } from '../../define.js';
import { accountRef } from '../_account.js';
import { bulkOptions } from '../_bulk.js';
import { yesBudgetOption } from '../_budget.js';
import { throwIfProblems } from '../_checks.js';
import { createFromFile, createOne, type CreateKind } from '../_create.js';
import { LINE_ITEM_FLAGS } from './_flags.js';

/** product_type and placements in the selected wire spelling (PROMOTED_TWEETS / TWITTER_* officially). */
function spelled(params: LineItemParams, style: NameStyle): LineItemParams {
  const out = { ...params };
  if (out.product_type) out.product_type = respell('enum.product_type.', out.product_type, style);
  if (out.placements)
    out.placements = commaList(out.placements)
      .map((p) => respell('enum.placement.', p, style))
      .join(',');
  return out;
}

/**
 * The update's parameter flags (src/commands/ads/line-items/update.ts) and those only a create takes, each
 * naming its parameter (`wire`) in LINE_ITEM_CREATE_PARAMS (src/validate/line-item-create.ts).
 */
const options = {
  campaign: {
    flags: '--campaign <campaign_id>',
    description: 'campaign to create the line item under (required; campaign_id in --file lines)',
  },
  objective: {
    flags: '--objective <value>',
    wire: 'objective',
    description:
      'campaign objective (required): APP_ENGAGEMENTS, APP_INSTALLS, REACH, FOLLOWERS, ENGAGEMENTS, VIDEO_VIEWS, PREROLL_VIEWS, WEBSITE_CLICKS',
  },
  productType: {
    flags: '--product-type <value>',
    wire: 'product_type',
    description: 'MEDIA, PROMOTED_ACCOUNT or PROMOTED_TWEETS (PROMOTED_POSTS accepted) (required)',
  },
  placements: {
    flags: '--placements <value>',
    wire: 'placements',
    description:
      'comma list (required): ALL_ON_TWITTER, PUBLISHER_NETWORK, TAP_*, TWITTER_PROFILE, TWITTER_REPLIES, TWITTER_SEARCH, TWITTER_TIMELINE (SERVICE_* accepted)',
  },
  primaryWebEventTag: {
    flags: '--primary-web-event-tag <value>',
    wire: 'primary_web_event_tag',
    description: 'web event tag id; required when goal is WEBSITE_CONVERSIONS',
  },
  standardDelivery: {
    flags: '--standard-delivery <value>',
    wire: 'standard_delivery',
    description: 'true (even pacing) or false (accelerated)',
  },
  ...LINE_ITEM_FLAGS,
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
  description: 'create a line item under a campaign (objective, product type, placements, schedule, bid, budgets), or many from --file',
  examples: [
    'postctl ads line-items create --campaign 8wku2 --objective ENGAGEMENTS --product-type PROMOTED_TWEETS --placements ALL_ON_TWITTER --start-time 2027-03-01T00:00:00Z --end-time 2027-04-01T00:00:00Z --bid-strategy AUTO',
    'postctl ads line-items create --file line-items.jsonl --failed retry.jsonl',
  ],
  options,
  async run(_args, opts, ctx) {
    const { params, problems, typed } = paramsFromFlags(options, opts, LINE_ITEM_CREATE_PARAMS);
    const client = await ctx.client();
    if (opts.file !== undefined) {
      if (Object.keys(params).length || problems.length || opts.campaign)
        throw new UsageError('give the line items either in --file or as flags, not both');
      return createFromFile(ctx, client, await accountRef(ctx, opts), opts.file, opts, lineItemKind(client.names));
    }
    if (opts.failed !== undefined) throw new UsageError('--failed goes with --file');
    if (opts.campaign === undefined) throw new UsageError('--campaign <campaign_id> is required (or --file)');
    const campaign = opts.campaign;
    const all = { campaign_id: campaign, ...params };
    const checked = checkLineItemCreate(all, typed);
    throwIfProblems([...problems, ...campaignIdProblem(campaign), ...checked.problems], 'invalid line item');
    for (const w of checked.warnings) ctx.log.warn(w);
    const account = await accountRef(ctx, opts);
    const kind = lineItemKind(client.names);
    return createOne(ctx, client, account, { params: all, typed }, opts, kind, createLineItemRequest, ` under campaign ${campaign}`);
  },
});

/** A line item file line or flags: campaign_id beside the parameters; the money guard reads its campaign's instrument. */
function lineItemKind(style: NameStyle): CreateKind {
  const perCampaign = new Map<string, number>();
  return {
    what: 'line item',
    resource: 'line_items',
    table: LINE_ITEM_CREATE_PARAMS,
    extra: ['campaign_id'],
    checkLine: (params, typed, line) => [
      ...campaignIdProblem(params.campaign_id, line),
      ...campaignLimit(perCampaign, params.campaign_id, line),
      ...checkLineItemCreate(params, typed, line).problems,
    ],
    funding: async (lookup, params) => (params.campaign_id ? lookup.ofCampaign(params.campaign_id) : undefined),
    spelled: (params) => spelled(params, style),
  };
}

/** "There is a limit of 100 line items per campaign" (the reference): counted within the file. */
const MAX_PER_CAMPAIGN = 100;
function campaignLimit(seen: Map<string, number>, id: string | undefined, line: number): InputProblem[] {
  if (id === undefined) return [];
  const n = (seen.get(id) ?? 0) + 1;
  seen.set(id, n);
  return n === MAX_PER_CAMPAIGN + 1
    ? [
        {
          line,
          field: 'campaign_id',
          message: `campaign ${id} can hold at most ${MAX_PER_CAMPAIGN} line items; this file has more from here on`,
        },
      ]
    : [];
}

function campaignIdProblem(id: string | undefined, line?: number): InputProblem[] {
  if (id === undefined || /^[0-9a-z]{1,32}$/.test(id)) return [];
  return [{ field: 'campaign_id', message: `must be an ads id (got ${JSON.stringify(id)})`, ...(line !== undefined ? { line } : {}) }];
}
