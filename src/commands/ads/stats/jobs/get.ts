// `postctl ads stats jobs get <job_id...>`: status of up to 200 analytics jobs in one request.
import { getStatsJobs } from '../../../../ads/stats/api.js';
import { STATS_LIMITS } from '../../../../validate/ads-stats.js';
import { commaList } from '../../../../validate/rules.js';
import { accountOptions } from '../../../_ads-flags.js';
import { defineVerb } from '../../../define.js';
import { accountRef } from '../../_account.js';
import { throwIfProblems } from '../../_checks.js';
import { JOB_COLUMNS } from './_columns.js';

export default defineVerb({
  name: 'get <job_ids...>',
  description: 'status (and result url) of analytics jobs, up to 200 per request',
  examples: [
    'postctl ads stats jobs get 1120829647711653888',
    'postctl ads stats jobs get 1120829647711653888,1120829647711653889 -o json',
  ],
  options: {
    ...accountOptions,
  },
  async run(args, opts, ctx) {
    const ids = args.flatMap((a) => commaList(a));
    throwIfProblems([
      ...ids.filter((i) => !/^\d{1,20}$/.test(i)).map((i) => ({ field: 'job_ids', message: `${JSON.stringify(i)} is not a job id` })),
      ...(ids.length > STATS_LIMITS.jobIdsPerPoll
        ? [{ field: 'job_ids', message: `at most ${STATS_LIMITS.jobIdsPerPoll} per request (got ${ids.length})` }]
        : []),
    ]);
    const client = await ctx.client();
    const res = await getStatsJobs(client, await accountRef(ctx, opts), ids);
    ctx.printer.list(Array.isArray(res.body.data) ? res.body.data : [], JOB_COLUMNS, res.body);
    return 0;
  },
});
