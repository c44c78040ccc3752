// `postctl ads line-items list`: GET accounts/:account_id/line_items
// (campaign-management reference) with its id filters; --status filters the
// rows as they arrive, since the endpoint takes no status parameter.
import { listQuery } from '../../../ads/common.js';
import { printAdsList } from '../../_ads-list.js';
import { lineItemsListRequest } from '../../../ads/line-items.js';
import type { LineItem } from '../../../ads/types.js';
import type { Column } from '../../../output/printer.js';
import { enumList, idList } from '../../../validate/creatives-lists.js';
import { ENTITY_STATUSES } from '../../../validate/line-item.js';
import { Problems } from '../../../validate/rules.js';
import { accountOptions, listOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { parentFlags } from '../_ids.js';
import { PAGE_1000 } from '../_page.js';

const PAGE = { min: 1, max: 1000 };
// What people open this list for stays on a narrow screen: id, name, status, bid and daily budget (money cells
// read `micros (decimal)`); the campaign, objective, strategy and total budget give way first. The money headers
// are short so the columns fit; --columns takes the field names (bid_amount_local_micro) as well.
const COLUMNS: Column<LineItem>[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name', priority: 2 },
  { header: 'campaign_id', key: 'campaign_id', priority: 0 },
  { header: 'objective', key: 'objective', priority: 0 },
  { header: 'entity_status', key: 'entity_status' },
  { header: 'bid_strategy', key: 'bid_strategy', priority: 0 },
  { header: 'bid', key: 'bid_amount_local_micro' },
  { header: 'daily_budget', key: 'daily_budget_amount_local_micro' },
  { header: 'total_budget', key: 'total_budget_amount_local_micro', priority: 1 },
];

const ADS_ID = /^[0-9a-z]{1,32}$/;

interface FilterFlags {
  campaign?: string;
  fundingInstrument?: string;
  lineItem?: string;
  campaignIds?: string;
  lineItemIds?: string;
  fundingInstrumentIds?: string;
  status?: string;
  q?: string;
  withDraft?: boolean;
}

function filters(opts: FilterFlags): { query: Array<[string, string]>; statuses?: string[] } {
  const p = new Problems();
  const query: Array<[string, string]> = [];
  const merged = (one: string | undefined, many: string | undefined) =>
    one === undefined ? many : many === undefined ? one : `${one},${many}`;
  for (const [value, field] of [
    [merged(opts.campaign, opts.campaignIds), 'campaign_ids'],
    [merged(opts.lineItem, opts.lineItemIds), 'line_item_ids'],
    [merged(opts.fundingInstrument, opts.fundingInstrumentIds), 'funding_instrument_ids'],
  ] as const) {
    const ids = idList(p, field, value);
    const bad = (ids ?? []).filter((id) => !ADS_ID.test(id));
    if (bad.length) p.add(field, `must be ads ids (letters a-z and digits); got ${bad.map((b) => JSON.stringify(b)).join(', ')}`);
    if (ids?.length) query.push([field, ids.join(',')]);
  }
  const statuses = enumList(p, 'status', opts.status, ENTITY_STATUSES);
  if (opts.q !== undefined) query.push(['q', opts.q]);
  if (opts.withDraft) query.push(['with_draft', 'true']);
  p.throwIfAny('invalid list filters');
  return { query, ...(statuses ? { statuses } : {}) };
}

export default defineVerb({
  name: 'list',
  description: 'list line items of the account (id, name, campaign, objective, status, bid, budgets)',
  examples: [
    'postctl ads line-items list',
    'postctl ads line-items list --campaign f2qcm --status PAUSED',
    'postctl ads line-items list --line-item-ids 8u94t,8u94u -o json',
    'postctl ads line-items list --all -o jsonl',
  ],
  options: {
    campaign: parentFlags.campaign,
    campaignIds: { flags: '--campaign-ids <ids>', description: 'only line items of these campaigns (comma list, up to 200)' },
    fundingInstrument: parentFlags.fundingInstrument,
    lineItem: { ...parentFlags.lineItem, description: 'only this line item (one id)' },
    lineItemIds: { flags: '--line-item-ids <ids>', description: 'only these line items (comma list, up to 200)' },
    fundingInstrumentIds: {
      flags: '--funding-instrument-ids <ids>',
      description: 'only line items of these funding instruments (comma list, up to 200)',
    },
    status: {
      flags: '--status <statuses>',
      description:
        'only these entity statuses (comma list: ACTIVE, PAUSED; filtered by postctl: the API has no status filter for line items)',
    },
    q: { flags: '--q <text>', description: 'name prefix' },
    withDraft: { flags: '--with-draft', description: 'include line items of draft campaigns' },
    ...listOptions(PAGE_1000),
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    const { query, statuses } = filters(opts);
    const all = [...query, ...listQuery(opts, PAGE)];
    const account = await accountRef(ctx, opts);
    const keep = statuses ? (li: LineItem) => statuses.includes(String(li.entity_status)) : undefined;
    await printAdsList(ctx, await ctx.client(), lineItemsListRequest(account, all), opts, COLUMNS, keep);
  },
});
