// `postctl ads business-categories`: advertiser business categories and their IAB categories.
import { businessCategories } from '../../ads/categories.js';
import { adsApi } from '../../ads/common.js';
import type { BusinessCategory } from '../../ads/types.js';
import type { Column } from '../../output/printer.js';
import { sandboxOption } from '../_ads-flags.js';
import { defineVerb } from '../define.js';

const BUSINESS_COLUMNS: Column<BusinessCategory>[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name' },
  { header: 'iab_categories', key: 'iab_categories' },
];

export default defineVerb({
  name: 'business-categories',
  description: "advertiser business categories and their IAB categories (for PREROLL_VIEWS line items' --categories)",
  examples: ['postctl ads business-categories', 'postctl ads business-categories -o json'],
  options: {
    sandbox: sandboxOption,
  },
  async run(_args, opts, ctx) {
    const client = await ctx.client();
    const res = await businessCategories(client, adsApi(opts));
    ctx.printer.list(res.body.data ?? [], BUSINESS_COLUMNS, res.body);
    return 0;
  },
});
