// Shapes of the ads core resources (ads-api.md "Resources and their fields") and
// of the ads envelope; `AccountRef` says which account and which base URL.
//
// The one convention of every ads-API endpoint function (src/ads, src/creatives,
// src/catalogs, src/audiences):
// - about an ad account (a /12/accounts/:account_id/… path): `(client, account: AccountRef, …)`;
//   a request builder without a client takes the account first, `(account, …)`;
// - not about an account (catalogs are per user, business categories, keyword
//   insights, the accounts list): `(client, api: ApiName, …)`;
// - sandbox-only calls always go to the sandbox address: account create takes
//   `(client)`, account delete and feature add `(client, account)`;
// - answers are typed `ApiResponse<AdsEnvelope<T>>` (the audience users POST
//   alone stays untyped: it does not throw, so 4xx error bodies come back too).
import type { ApiName } from '../http/client.js';

/** The ad account a call is about, and the address (production or sandbox) it goes to. */
export interface AccountRef {
  id: string;
  api: ApiName;
}

/** The ads envelope: `request.params` echo, `data`, `next_cursor`, `total_count`. */
export interface AdsEnvelope<T> {
  request?: { params?: Record<string, unknown> };
  data: T;
  next_cursor?: string | null;
  total_count?: number;
}

export interface LineItem {
  id: string;
  name?: string | null;
  campaign_id?: string;
  objective?: string;
  goal?: string | null;
  product_type?: string;
  placements?: string[];
  bid_strategy?: string | null;
  bid_amount_local_micro?: number | null;
  target_cpa_local_micro?: number | null;
  primary_web_event_tag?: string | null;
  pay_by?: string | null;
  currency?: string;
  start_time?: string | null;
  end_time?: string | null;
  duration_in_days?: number | null;
  frequency_cap?: number | null;
  total_budget_amount_local_micro?: number | null;
  daily_budget_amount_local_micro?: number | null;
  standard_delivery?: boolean;
  automatic_post_promotion?: boolean;
  entity_status?: string;
  categories?: string[];
  advertiser_user_id?: string | null;
  advertiser_domain?: string | null;
  android_app_store_identifier?: string | null;
  ios_app_store_identifier?: string | null;
  audience_expansion?: string | null;
  creative_source?: string;
  created_at?: string;
  updated_at?: string;
  deleted?: boolean;
  [field: string]: unknown;
}

export interface Account {
  id: string;
  name: string;
  business_name?: string;
  business_id?: string;
  timezone?: string;
  timezone_switch_at?: string;
  approval_status?: string;
  industry_type?: string;
  created_at?: string;
  updated_at?: string;
  deleted?: boolean;
}

export interface AccountApp {
  id: string;
  app_store_identifier: string;
  os_type: string;
  conversion_tracking_enabled: boolean;
  deep_link_pattern?: string | null;
  created_at?: string;
  updated_at?: string;
  deleted?: boolean;
}

export interface HistoryEntry {
  change_by?: { user_id?: string; platform?: string };
  changes?: Record<string, unknown>;
  change_time: string;
  entity_id: string;
  entity: string;
  entity_data?: Record<string, unknown>;
  change_type: string;
}

export interface BusinessCategory {
  id: string;
  name: string;
  iab_categories: string[];
}

export interface CuratedCategory {
  id: string;
  name: string;
  description?: string;
  country_codes: string[];
  publisher_user_ids?: string[];
  videos_monetized_in_last_thirty_days?: number;
  created_at?: string;
  updated_at?: string;
}

export interface LineItemCuratedCategory {
  id: string;
  line_item_id: string;
  curated_category_id: string;
  created_at?: string;
  updated_at?: string;
  deleted?: boolean;
}
