// `postctl ads line-items update <id>`: only the parameters given are sent
// (never a read-modify-write of the whole object). Static rules first (nothing
// sent on failure), the money guard (the line item's campaign's funding
// instrument, read when a budget or bid is given), then — unless --no-fetch —
// the rules that depend on the line item's objective and placements, checked
// against a fresh GET. The run is the one of src/commands/ads/_update.ts.
import { getLineItem, updateLineItemRequest } from '../../../ads/line-items.js';
import type { LineItem } from '../../../ads/types.js';
import { checkAgainstLineItem, checkLineItemParams, LINE_ITEM_PARAMS } from '../../../validate/line-item.js';
import { paramsFromFlags } from '../../../validate/wire-flags.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb, type OptionTable } from '../../define.js';
import { bulkChangeOptions } from '../_bulk.js';
import { yesBudgetOption } from '../_budget.js';
import { runUpdate, type UpdateKind } from '../_update.js';
import { LINE_ITEM_FLAGS } from './_flags.js';

const options = {
  ...LINE_ITEM_FLAGS,
  fetch: {
    flags: '--no-fetch',
    description: 'skip fetching the line item first (its objective and placements are then not checked; the API still checks)',
  },
  yesBudget: yesBudgetOption,
  ...bulkChangeOptions('update', '{"line_item_id": "8u94t", "bid": 2.5}'),
  dryRun: {
    flags: '--dry-run',
    description: 'check and print the request(s) that would be sent (method, URL, parameters); change nothing',
  },
  ...writeOptions,
} as const satisfies OptionTable;

const LINE_ITEM_UPDATE: UpdateKind<LineItem> = {
  what: 'line item',
  group: 'line-items',
  local: (params, typed) => checkLineItemParams(params, typed),
  get: async (client, account, id) => (await getLineItem(client, account, id)).body.data,
  against: (params, before, typed) => ({
    ...checkAgainstLineItem(params, before, typed),
    title: `invalid update for line item ${before.id} (objective ${before.objective ?? 'unknown'})`,
  }),
  funding: async (lookup, before) => (before.campaign_id ? lookup.ofCampaign(before.campaign_id) : undefined),
  request: updateLineItemRequest,
  bulk: {
    resource: 'line_items',
    idKey: 'line_item_id',
    what: 'line item',
    table: LINE_ITEM_PARAMS,
    // The rules of the parameters alone, with the line; those that need the fetched line item are the API's here.
    check: (params, typed, line) => checkLineItemParams(params, typed).problems.map((p) => ({ ...p, line })),
    // The money guard reads the line item's campaign, then that campaign's funding instrument.
    funding: async (lookup, client, account, id) => {
      const li = (await getLineItem(client, account, id)).body.data;
      return li.campaign_id ? lookup.ofCampaign(li.campaign_id) : undefined;
    },
  },
};

export default defineVerb({
  name: 'update [line_item_id]',
  description:
    "change a line item: only the flags given are sent, after checking the spec's rules (against the fetched line item unless --no-fetch) and the money guard",
  examples: [
    'postctl ads line-items update 8u94t --entity-status PAUSED',
    'postctl ads line-items update 8u94t --bid-strategy TARGET --bid 2.50',
    'postctl ads line-items update 8u94t --daily-budget 10 --total-budget 37.50 --dry-run',
    'postctl ads line-items update --file line-item-changes.jsonl --failed retry.jsonl',
  ],
  options,
  async run([id], opts, ctx) {
    return runUpdate(ctx, id, paramsFromFlags(options, opts, LINE_ITEM_PARAMS), opts, LINE_ITEM_UPDATE);
  },
});
