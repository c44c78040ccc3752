// The account's tree in the file format plan and apply read: API field names,
// money as exact decimal strings (daily_budget "50.5": never a float), lists
// as lists, unset fields left out. Planning the exported file reports no
// changes; entities without a name cannot be identified in a file and are
// left out (the caller says which).
import { fromMicros } from '../../validate/money.js';
import type { CurrentCampaign, CurrentLineItem } from './current.js';

type Out = Record<string, unknown>;

const CAMPAIGN_FIELDS = ['funding_instrument_id', 'entity_status', 'budget_optimization', 'purchase_order_number'];
const LINE_ITEM_FIELDS = [
  'objective',
  'product_type',
  'placements',
  'entity_status',
  'bid_strategy',
  'goal',
  'pay_by',
  'audience_expansion',
  'start_time',
  'end_time',
  'frequency_cap',
  'duration_in_days',
  'advertiser_domain',
  'categories',
  'advertiser_user_id',
  'android_app_store_identifier',
  'ios_app_store_identifier',
  'primary_web_event_tag',
  'standard_delivery',
];
const MONEY: Record<string, string> = {
  daily_budget_amount_local_micro: 'daily_budget',
  total_budget_amount_local_micro: 'total_budget',
  bid_amount_local_micro: 'bid',
};

const present = (v: unknown) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

function fields(entity: Record<string, unknown>, names: readonly string[], money: readonly string[]): Out {
  const out: Out = { name: entity.name };
  for (const f of names) {
    const v = entity[f];
    if (!present(v)) continue;
    out[f] = typeof v === 'bigint' ? v.toString() : v;
  }
  for (const f of money) {
    const v = entity[f];
    if (present(v) && /^\d+$/.test(String(v))) out[MONEY[f]!] = fromMicros(String(v));
  }
  return out;
}

export interface ExportResult {
  file: Out;
  /** Entities left out, for a warning: "line item l0001 under campaign c0001 has no name". */
  skipped: string[];
}

function lineItemOut(li: CurrentLineItem): Out {
  const out = fields(li.entity, LINE_ITEM_FIELDS, [
    'bid_amount_local_micro',
    'daily_budget_amount_local_micro',
    'total_budget_amount_local_micro',
  ]);
  if (li.targeting.length)
    out.targeting = li.targeting.map((t) => ({
      targeting_type: t.targeting_type,
      targeting_value: String(t.targeting_value),
      ...(t.operator_type && t.operator_type !== 'EQ' ? { operator_type: t.operator_type } : {}),
    }));
  if (li.posts.length) out.promoted_posts = li.posts.map((p) => p.post_id);
  return out;
}

export function exportTree(account: string, campaigns: readonly CurrentCampaign[]): ExportResult {
  const skipped: string[] = [];
  const named = (x: { id: string; name?: string | null }, what: string) => {
    if (typeof x.name === 'string' && x.name !== '') return true;
    skipped.push(`${what} ${x.id} has no name`);
    return false;
  };
  const out = campaigns
    .filter((c) => named(c.entity, 'campaign'))
    .map((c) => {
      const o = fields(c.entity, CAMPAIGN_FIELDS, ['daily_budget_amount_local_micro', 'total_budget_amount_local_micro']);
      const lis = c.lineItems.filter((li) => named(li.entity, `line item (campaign ${c.entity.id})`)).map(lineItemOut);
      if (lis.length) o.line_items = lis;
      return o;
    });
  return { file: { account, campaigns: out }, skipped };
}

/** The file's text: JSON (2-space indent) or YAML. */
export async function exportText(file: Out, format: 'json' | 'yaml'): Promise<string> {
  if (format === 'json') return `${JSON.stringify(file, null, 2)}\n`;
  const { stringify } = await import('yaml');
  return stringify(file, { lineWidth: 0 });
}
