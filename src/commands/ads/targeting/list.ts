// `postctl ads targeting list --line-item <ids>`: GET accounts/:account_id/targeting_criteria.
import { listQuery } from '../../../ads/common.js';
import { printAdsList } from '../../_ads-list.js';
import { targetingListRequest } from '../../../ads/targeting.js';
import { UsageError } from '../../../errors/cli-error.js';
import { Problems } from '../../../validate/rules.js';
import { accountOptions, listOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { adsIdsFilter, parentFilter } from '../_ids.js';
import { PAGE_1000 } from '../_page.js';
import { CRITERION_COLUMNS } from './_columns.js';

export default defineVerb({
  name: 'list',
  description: 'list the targeting criteria of line items (type, value, operator, name)',
  examples: ['postctl ads targeting list --line-item 8u94t', 'postctl ads targeting list --line-item 8u94t,8u94u --all -o jsonl'],
  options: {
    lineItem: { flags: '--line-item <ids>', description: 'line items whose criteria to list (this or --line-item-ids is required)' },
    lineItemIds: { flags: '--line-item-ids <ids>', description: 'the same as --line-item (comma list, up to 200)' },
    targetingCriterionIds: { flags: '--targeting-criterion-ids <ids>', description: 'only these criteria (comma list, up to 200)' },
    lang: { flags: '--lang <code>', description: 'language of the criteria names (ISO 639-1, e.g. en)' },
    ...listOptions(PAGE_1000),
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    if (opts.lineItem === undefined && opts.lineItemIds === undefined)
      throw new UsageError('--line-item <ids> is required (the API lists criteria per line item)');
    const p = new Problems();
    const query: Array<[string, string]> = [];
    parentFilter(p, query, 'line_item_ids', opts.lineItem, opts.lineItemIds);
    adsIdsFilter(p, query, 'targeting_criterion_ids', opts.targetingCriterionIds);
    if (opts.lang !== undefined && !/^[a-z]{2}$/.test(opts.lang))
      p.add('lang', `must be a two-letter language code (got ${JSON.stringify(opts.lang)})`);
    p.throwIfAny('invalid list filters');
    if (opts.lang !== undefined) query.push(['lang', opts.lang]);
    query.push(...listQuery(opts, PAGE_1000));
    const account = await accountRef(ctx, opts);
    await printAdsList(ctx, await ctx.client(), targetingListRequest(account, query), opts, CRITERION_COLUMNS);
  },
});
