// `postctl ads stats jobs cancel <job_id>`: cancels an analytics job (DELETE stats/jobs/accounts/:id/:job_id).
import { cancelStatsJob } from '../../../../ads/stats/api.js';
import { writeOptions } from '../../../_ads-flags.js';
import { defineVerb } from '../../../define.js';
import { accountRef } from '../../_account.js';
import { JOB_COLUMNS } from './_columns.js';

export default defineVerb({
  name: 'cancel <job_id>',
  description: 'cancel an analytics job',
  examples: ['postctl ads stats jobs cancel 1120829647711653888'],
  options: {
    ...writeOptions,
  },
  async run([id], opts, ctx) {
    const client = await ctx.client();
    const res = await cancelStatsJob(client, await accountRef(ctx, opts), id);
    ctx.printer.object(res.data, JOB_COLUMNS, res);
    return 0;
  },
});
