// `postctl ads stats jobs list`: the account's analytics jobs, newest first.
import { listQuery } from '../../../../ads/common.js';
import { printAdsList } from '../../../_ads-list.js';
import { listStatsJobsRequest, type StatsJob } from '../../../../ads/stats/api.js';
import type { Column } from '../../../../output/printer.js';
import { accountOptions, listOptions } from '../../../_ads-flags.js';
import { defineVerb } from '../../../define.js';
import { accountRef } from '../../_account.js';
import { JOB_COLUMNS } from './_columns.js';

const PAGE = { min: 1, max: 1000, def: 200 } as const;

export default defineVerb({
  name: 'list',
  description: 'analytics jobs of the ad account (GET stats/jobs/accounts/:id)',
  examples: ['postctl ads stats jobs list', 'postctl ads stats jobs list --all -o jsonl'],
  options: {
    ...listOptions(PAGE, { sortBy: false, withDeleted: false, totalCount: false }),
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    const client = await ctx.client();
    const account = await accountRef(ctx, opts);
    await printAdsList(ctx, client, listStatsJobsRequest(account, listQuery(opts, PAGE)), opts, JOB_COLUMNS as Column<StatsJob>[]);
    return 0;
  },
});
