// `postctl ads line-items update <id>`: only the parameters given are sent
// (never a read-modify-write of the whole object). Static rules first (nothing
// sent on failure), then — unless --no-fetch — the rules that depend on the
// line item's objective and placements, checked against a fresh GET.
import { getLineItem, updateLineItemRequest } from '../../../ads/line-items.js';
import type { AccountRef, LineItem } from '../../../ads/types.js';
import { UsageError } from '../../../errors/cli-error.js';
import type { ApiClient } from '../../../http/client.js';
import {
  checkAgainstLineItem,
  checkLineItemParams,
  LINE_ITEM_PARAMS,
  paramsFromFlags,
  type LineItemParams,
  type TypedUnits,
} from '../../../validate/line-item.js';
import { accountOptions, budgetFlags } from '../../_ads-flags.js';
import { defineVerb, type OptionTable } from '../../define.js';
import { accountRef } from '../_account.js';
import { throwIfProblems } from '../_checks.js';
import { printChange, printDryRun } from '../_dry-run.js';

/**
 * The parameter flags: each names the API parameter it sets (`wire`), whose rules are LINE_ITEM_PARAMS's
 * (src/validate/line-item.ts); `type: 'money'` flags take a decimal amount sent in micro units.
 * `ads line-items create` takes these too.
 */
export const LINE_ITEM_FLAGS = {
  name: { flags: '--name <value>', wire: 'name', description: 'line item name' },
  entityStatus: { flags: '--entity-status <value>', wire: 'entity_status', description: 'status: ACTIVE, PAUSED' },
  bidStrategy: {
    flags: '--bid-strategy <value>',
    wire: 'bid_strategy',
    description:
      'AUTO, MAX (not for REACH or FOLLOWERS objectives) or TARGET (REACH or WEBSITE_CLICKS objectives); MAX and TARGET need a bid',
  },
  bidAmountLocalMicro: {
    flags: '--bid-amount-local-micro <value>',
    wire: 'bid_amount_local_micro',
    description: 'bid in micro units of the funding currency (> 0); required with MAX/TARGET, ignored with AUTO',
  },
  bid: {
    flags: '--bid <amount>',
    wire: 'bid_amount_local_micro',
    type: 'money',
    description: 'bid_amount_local_micro as a decimal amount (2.50 → 2500000; at most 6 decimals); not with --bid-amount-local-micro',
  },
  goal: {
    flags: '--goal <value>',
    wire: 'goal',
    description:
      'optimization goal: APP_CLICKS, APP_INSTALLS, APP_PURCHASES, ENGAGEMENT, FOLLOWERS, LINK_CLICKS, MAX_REACH, PREROLL, PREROLL_STARTS, REACH_WITH_ENGAGEMENT, VIDEO_VIEW, VIEW_3S_100PCT, VIEW_6S, VIEW_15S, WEBSITE_CONVERSIONS',
  },
  payBy: {
    flags: '--pay-by <value>',
    wire: 'pay_by',
    description: 'APP_CLICK, IMPRESSION or LINK_CLICK; only for APP_INSTALLS line items; IMPRESSION not with TARGET',
  },
  audienceExpansion: { flags: '--audience-expansion <value>', wire: 'audience_expansion', description: 'BROAD, DEFINED, EXPANDED' },
  ...budgetFlags,
  startTime: { flags: '--start-time <value>', wire: 'start_time', description: 'ISO 8601, e.g. 2026-03-01T00:00:00Z; before end_time' },
  endTime: { flags: '--end-time <value>', wire: 'end_time', description: 'ISO 8601; after start_time' },
  frequencyCap: {
    flags: '--frequency-cap <value>',
    wire: 'frequency_cap',
    description: 'impressions per user per window; only REACH, ENGAGEMENTS, VIDEO_VIEWS, PREROLL_VIEWS objectives',
  },
  durationInDays: { flags: '--duration-in-days <value>', wire: 'duration_in_days', description: 'frequency cap window: 1, 7 or 30' },
  advertiserDomain: {
    flags: '--advertiser-domain <value>',
    wire: 'advertiser_domain',
    description: 'domain without protocol (example.com); required with the PUBLISHER_NETWORK placement',
  },
  categories: {
    flags: '--categories <value>',
    wire: 'categories',
    description: 'IAB categories, comma list (IAB1,IAB19-6); required with PUBLISHER_NETWORK; see `postctl ads business-categories`',
  },
  advertiserUserId: {
    flags: '--advertiser-user-id <value>',
    wire: 'advertiser_user_id',
    description: 'user id of the handle promoting a PREROLL_VIEWS ad',
  },
  androidAppStoreIdentifier: {
    flags: '--android-app-store-identifier <value>',
    wire: 'android_app_store_identifier',
    description: 'Android package name (com.example.app); APP_INSTALLS/APP_ENGAGEMENTS need this or the iOS id',
  },
  iosAppStoreIdentifier: {
    flags: '--ios-app-store-identifier <value>',
    wire: 'ios_app_store_identifier',
    description: 'numeric part of the App Store id (333903271, not id333903271)',
  },
} as const satisfies OptionTable;

const options = {
  ...LINE_ITEM_FLAGS,
  fetch: {
    flags: '--no-fetch',
    description: 'skip fetching the line item first (its objective and placements are then not checked; the API still checks)',
  },
  dryRun: { flags: '--dry-run', description: 'check and print the request that would be sent (method, URL, parameters); change nothing' },
  ...accountOptions,
} as const satisfies OptionTable;

export default defineVerb({
  name: 'update <line_item_id>',
  description:
    "change a line item: only the flags given are sent, after checking the spec's rules (against the fetched line item unless --no-fetch)",
  examples: [
    'postctl ads line-items update 8u94t --entity-status PAUSED',
    'postctl ads line-items update 8u94t --bid-strategy TARGET --bid 2.50',
    'postctl ads line-items update 8u94t --daily-budget 10 --total-budget 37.50 --dry-run',
  ],
  options,
  async run([id], opts, ctx) {
    const { params, problems, typed } = paramsFromFlags(options, opts, LINE_ITEM_PARAMS);
    if (Object.keys(params).length === 0 && problems.length === 0)
      throw new UsageError(
        'nothing to update: give at least one parameter flag',
        'see `postctl ads line-items update --help` for the flags.',
      );
    const local = checkLineItemParams(params, typed);
    throwIfProblems([...problems, ...local.problems], 'invalid line item update');
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const warnings = [...local.warnings];
    const before = opts.fetch !== false ? await fetchAndCheck(client, account, id, params, typed, warnings) : undefined;
    for (const w of warnings) ctx.log.warn(w);
    const req = updateLineItemRequest(account, id, params);
    if (opts.dryRun) {
      printDryRun(ctx, client.baseUrl(account.api) + req.path, req, params, before, 'line item');
      return 0;
    }
    const res = await client.request<{ data: LineItem }>(req);
    printChange(ctx, params, before, res.body, 'line item');
    ctx.log.success(`updated line item ${id} (${Object.keys(params).join(', ')})`);
    return 0;
  },
});

/** The line item as it is now, after the rules that depend on it passed; their warnings are added to `warnings`. */
async function fetchAndCheck(
  client: ApiClient,
  account: AccountRef,
  id: string,
  params: LineItemParams,
  typed: TypedUnits,
  warnings: string[],
): Promise<LineItem> {
  const before = (await getLineItem(client, account, id)).body.data;
  const dependent = checkAgainstLineItem(params, before, typed);
  throwIfProblems(dependent.problems, `invalid update for line item ${id} (objective ${before.objective ?? 'unknown'})`);
  warnings.push(...dependent.warnings);
  return before;
}
