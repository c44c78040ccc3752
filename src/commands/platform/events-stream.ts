// `postctl events stream`: one JSON line per event on stdout, written as it
// arrives. Ctrl-C stops cleanly (the line in progress is finished, the
// connection closed, a summary printed) and exits 130, the documented code for
// an interrupted run, so scripts can tell it from a run that reached --limit (0).
import type { Context } from '../../context.js';
import { runEventStream } from '../../platform/events.js';
import { reportStream, streamOptions } from './stream-flags.js';

export async function run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
  const options = streamOptions(opts, ctx);
  const client = await ctx.client();
  return reportStream(ctx, await runEventStream(client, options), 'event');
}
