// What every resumable bulk verb shares (audiences uploads, catalogs upsert):
// the --resume/--state flags, and the answer to a --resume after a run that
// finished (its state file is a "done" marker): nothing is sent, and it says so.
import type { Context } from '../entry/context.js';
import { EXIT } from '../errors/exit-codes.js';

export const resumeOption = {
  flags: '--resume',
  description: 'continue an interrupted run: send only the batches its state file does not record as confirmed',
} as const;

export const stateOption = {
  flags: '--state <file>',
  description: 'resume state file (default: <file>.postctl-state.json next to the input)',
} as const;

/** `--resume` after a run that finished: nothing to send; a one-line summary on stdout, the reason on stderr. */
export function alreadyDone(state: { path: string; finishedAt: string | undefined }, ctx: Context): number {
  ctx.log.info(
    `nothing to send: the run finished at ${state.finishedAt} (state ${state.path}); rerun without --resume to send everything again`,
  );
  ctx.printer.object({ sent: 0, already_done: true, finished_at: state.finishedAt, state_file: state.path });
  return EXIT.OK;
}
