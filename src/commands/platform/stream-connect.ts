// `postctl stream connect`: matching posts of the filtered stream as JSON
// lines on stdout, as they arrive, with the stop/resume behaviour of
// `events stream` (same flags, same exit codes: 0 at --limit, 130 on Ctrl-C).
import type { Context } from '../../context.js';
import { runFilteredStream } from '../../platform/filtered-stream.js';
import { fieldParamsFromFlags } from '../../validate/post-fields.js';
import { reportStream, streamOptions } from './stream-flags.js';

export async function run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
  const options = streamOptions(opts, ctx);
  // Building the client sends nothing; it holds the selected wire-name style.
  const client = await ctx.client();
  const fields = fieldParamsFromFlags(opts, client.names);
  return reportStream(ctx, await runFilteredStream(client, { ...options, fields }), 'post');
}
