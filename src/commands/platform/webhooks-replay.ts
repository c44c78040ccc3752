// `postctl webhooks replay <webhook_id> --from … --to …`: the window is checked
// (exit 6, nothing sent), then the job id and creation time are printed.
import type { Context } from '../../context.js';
import { InputError, formatProblem } from '../../errors.js';
import { idSegment } from '../../http/path.js';
import { createReplayJob, replayWindow } from '../../platform/webhook-replay.js';
import type { VerbModule } from '../define.js';

export const run: VerbModule['run'] = async ([webhookId], opts, ctx: Context) => {
  const id = idSegment(webhookId!, 'numeric', 'webhook_id').id;
  const w = replayWindow(typeof opts.from === 'string' ? opts.from : undefined, typeof opts.to === 'string' ? opts.to : undefined, Date.now());
  if (w.problems.length) throw new InputError(w.problems.length === 1 ? formatProblem(w.problems[0]!) : `invalid replay window: ${w.problems.length} problems`, w.problems, 'nothing was sent.');
  const job = await createReplayJob(await ctx.client(), { webhook_id: id, from_date: w.from_date!, to_date: w.to_date! });
  ctx.printer.object(job, [{ header: 'job_id', key: 'job_id' }, { header: 'created_at', key: 'created_at' }], job);
  ctx.log.success(`replay job ${job.job_id} created for webhook ${id} (${w.from_date} to ${w.to_date} UTC)`);
};
