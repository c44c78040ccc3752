// The parameter flags of `ads line-items update` and `ads line-items create`.
import { budgetFlags } from '../../_ads-flags.js';
import type { OptionTable } from '../../define.js';

/**
 * The parameter flags: each names the API parameter it sets (`wire`), whose rules are LINE_ITEM_PARAMS's
 * (src/validate/line-item.ts); `type: 'money'` flags take a decimal amount sent in micro units.
 * `ads line-items create` takes these too (src/commands/ads/line-items/create.ts).
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
