// `postctl webhooks subscriptions replay <webhook_id> --from … --to …`: the
// account activity of every subscription of a webhook, delivered again for a
// window of the last 5 days. The window is checked first (exit 6, nothing sent).
import { InputError, formatProblem } from '../../../errors/cli-error.js';
import { idSegment } from '../../../http/path.js';
import { activityReplayRequest, createActivityReplayJob, replayWindow } from '../../../platform/webhook-replay.js';
import { defineVerb } from '../../define.js';
import { lifecycleDryRun, printRequests } from '../../_lifecycle.js';

export default defineVerb({
  name: 'replay <webhook_id>',
  description:
    "deliver again the account activity of a webhook's subscriptions in a window of the last 5 days (POST /2/account_activity/replay/webhooks/{webhook_id}/subscriptions/all; app); prints the job id",
  examples: [
    'postctl webhooks subscriptions replay 1146654567674912769 --from 2d --to 1d',
    'postctl webhooks subscriptions replay 1146654567674912769 --from 36h --to 30h -o json',
  ],
  options: {
    from: {
      flags: '--from <time>',
      description:
        'start of the window, inclusive: ISO 8601 UTC (whole minutes), yyyymmddhhmm or a relative time (2d, 3h: that long ago); within the last 5 days',
    },
    to: { flags: '--to <time>', description: 'end of the window, exclusive: same forms; after --from, not in the future' },
    dryRun: lifecycleDryRun,
  },
  async run([webhookId], opts, ctx) {
    const id = idSegment(webhookId, 'numeric', 'webhook_id').id;
    const w = replayWindow(opts.from, opts.to, ctx.now(), 5);
    if (w.problems.length)
      throw new InputError(
        w.problems.length === 1 ? formatProblem(w.problems[0]!) : `invalid replay window: ${w.problems.length} problems`,
        w.problems,
        'nothing was sent.',
      );
    const q = { webhook_id: id, from_date: w.from_date!, to_date: w.to_date! };
    if (opts.dryRun) return printRequests(ctx, [activityReplayRequest(q)]);
    const { job, envelope } = await createActivityReplayJob(await ctx.client(), q);
    ctx.printer.object(
      job,
      [
        { header: 'job_id', key: 'job_id' },
        { header: 'created_at', key: 'created_at' },
      ],
      envelope,
    );
    ctx.log.success(`account activity replay job ${job.job_id} created for webhook ${id} (${w.from_date} to ${w.to_date} UTC)`);
  },
});
