// `postctl ads curated-categories list --country-codes US,GB`: curated categories of
// those countries. The ads reference marks country_codes required (up to 200),
// and an ad account has no country to default from, so the flag is required.
import { UsageError } from '../../../errors/cli-error.js';
import { curatedCategories } from '../../../ads/categories.js';
import type { CuratedCategory } from '../../../ads/types.js';
import type { Column } from '../../../output/printer.js';
import { countryCodes } from '../../../validate/ads-core-params.js';
import { accountOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { throwIfProblems } from '../_checks.js';

const CURATED_COLUMNS: Column<CuratedCategory>[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name' },
  { header: 'countries', key: 'country_codes' },
  { header: 'videos_30d', key: 'videos_monetized_in_last_thirty_days' },
  { header: 'description', key: 'description' },
];

export default defineVerb({
  name: 'list',
  description: 'list curated categories, with total_count in JSON',
  examples: ['postctl ads curated-categories list --country-codes US', 'postctl ads curated-categories list --country-codes US,GB'],
  options: {
    countryCodes: {
      flags: '--country-codes <codes>',
      description: 'required: categories available in these countries (comma list of up to 200 two-letter codes)',
    },
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    if (opts.countryCodes === undefined)
      throw new UsageError(
        '--country-codes is required: GET …/curated_categories needs country_codes (ads reference)',
        'e.g. postctl ads curated-categories list --country-codes US,GB',
      );
    const codes = countryCodes('country_codes', opts.countryCodes);
    if (codes.list.length > 200) codes.problems.push({ field: 'country_codes', message: `at most 200 codes (got ${codes.list.length})` });
    throwIfProblems(codes.problems);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await curatedCategories(client, account, codes.list);
    ctx.printer.list(res.body.data ?? [], CURATED_COLUMNS, res.body);
    if (ctx.format === 'table' && res.body.total_count !== undefined) ctx.log.info(`total_count: ${res.body.total_count}`);
    return 0;
  },
});
