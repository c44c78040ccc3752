// `ads line-items list`: GET accounts/:account_id/line_items (campaign-management
// reference) with its id filters; --status filters the rows as they arrive,
// since the endpoint takes no status parameter.
import { printAdsList, listQuery, type ListFlags } from '../../../ads/common.js';
import { lineItemsListRequest } from '../../../ads/line-items.js';
import type { LineItem } from '../../../ads/types.js';
import type { Context } from '../../../context.js';
import type { Column } from '../../../output/printer.js';
import { enumList, idList } from '../../../validate/creatives-lists.js';
import { ENTITY_STATUSES } from '../../../validate/line-item.js';
import { Problems } from '../../../validate/rules.js';
import type { VerbModule } from '../../define.js';
import { accountRef } from '../../ads-account.js';

const PAGE = { min: 1, max: 1000 };
const COLUMNS: Column<LineItem>[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name' },
  { header: 'campaign_id', key: 'campaign_id' },
  { header: 'objective', key: 'objective' },
  { header: 'entity_status', key: 'entity_status' },
  { header: 'bid_strategy', key: 'bid_strategy' },
  { header: 'bid_amount_local_micro', key: 'bid_amount_local_micro' },
  { header: 'daily_budget_amount_local_micro', key: 'daily_budget_amount_local_micro' },
  { header: 'total_budget_amount_local_micro', key: 'total_budget_amount_local_micro' },
];

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const ADS_ID = /^[0-9a-z]{1,32}$/;

function filters(opts: Record<string, any>): { query: Array<[string, string]>; statuses?: string[] } {
  const p = new Problems();
  const query: Array<[string, string]> = [];
  for (const [flag, field] of [['campaignIds', 'campaign_ids'], ['lineItemIds', 'line_item_ids'], ['fundingInstrumentIds', 'funding_instrument_ids']] as const) {
    const ids = idList(p, field, str(opts[flag]));
    const bad = (ids ?? []).filter((id) => !ADS_ID.test(id));
    if (bad.length) p.add(field, `must be ads ids (letters a-z and digits); got ${bad.map((b) => JSON.stringify(b)).join(', ')}`);
    if (ids?.length) query.push([field, ids.join(',')]);
  }
  const statuses = enumList(p, 'status', str(opts.status), ENTITY_STATUSES);
  if (str(opts.q) !== undefined) query.push(['q', opts.q]);
  if (opts.withDraft) query.push(['with_draft', 'true']);
  p.throwIfAny('invalid list filters');
  return { query, ...(statuses ? { statuses } : {}) };
}

export const run: VerbModule['run'] = async (_args, opts, ctx: Context) => {
  const { query, statuses } = filters(opts);
  const all = [...query, ...listQuery(opts as ListFlags, PAGE)];
  const account = await accountRef(ctx, opts);
  const keep = statuses ? (li: LineItem) => statuses.includes(String(li.entity_status)) : undefined;
  await printAdsList(ctx, await ctx.client(), lineItemsListRequest(account, all), opts as ListFlags, COLUMNS, keep);
};
