// `postctl webhooks replay <webhook_id> --from … --to …`: the window is checked
// (exit 6, nothing sent), then the job id and creation time are printed.
import { InputError, formatProblem } from '../../errors/cli-error.js';
import { idSegment } from '../../http/path.js';
import { createReplayJob, replayRequest, replayWindow } from '../../platform/webhook-replay.js';
import { defineVerb } from '../define.js';
import { lifecycleDryRun, printRequests } from '../_lifecycle.js';

export default defineVerb({
  name: 'replay <webhook_id>',
  description:
    'replay the events delivered (or attempted) to a webhook in a window of the last 24 hours (POST /2/webhooks/replay); prints the job id',
  examples: [
    'postctl webhooks replay 1146654567674912769 --from 3h --to 90m            # relative: that long ago',
    'postctl webhooks replay 1146654567674912769 --from 2h --to 1h -o json',
  ],
  options: {
    from: {
      flags: '--from <time>',
      description:
        'start of the window, inclusive: ISO 8601 UTC (whole minutes), yyyymmddhhmm or a relative time (3h, 90m: that long ago); within the last 24 hours',
    },
    to: { flags: '--to <time>', description: 'end of the window: same forms; after --from, not in the future' },
    dryRun: lifecycleDryRun,
  },
  async run([webhookId], opts, ctx) {
    const id = idSegment(webhookId, 'numeric', 'webhook_id').id;
    const w = replayWindow(opts.from, opts.to, ctx.now());
    if (w.problems.length)
      throw new InputError(
        w.problems.length === 1 ? formatProblem(w.problems[0]!) : `invalid replay window: ${w.problems.length} problems`,
        w.problems,
        'nothing was sent.',
      );
    const body = { webhook_id: id, from_date: w.from_date!, to_date: w.to_date! };
    if (opts.dryRun) return printRequests(ctx, [replayRequest(body)]);
    const { job, envelope } = await createReplayJob(await ctx.client(), body);
    ctx.printer.object(
      job,
      [
        { header: 'job_id', key: 'job_id' },
        { header: 'created_at', key: 'created_at' },
      ],
      envelope,
    );
    ctx.log.success(`replay job ${job.job_id} created for webhook ${id} (${w.from_date} to ${w.to_date} UTC)`);
  },
});
