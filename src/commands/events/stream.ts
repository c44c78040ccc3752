// `postctl events stream`: one JSON line per event on stdout, written as it
// arrives. Ctrl-C stops cleanly (the line in progress is finished, the
// connection closed, a summary printed) and exits 130, the documented code for
// an interrupted run, so scripts can tell it from a run that reached --limit (0).
import { runEventStream } from '../../platform/events.js';
import { reportStream, streamOptions } from '../_stream.js';
import { eventLine } from '../_stream-lines.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'stream',
  description:
    'print activity events (GET /2/activity/stream): a line each on a terminal (time, type, what), JSON lines when piped or with -o jsonl; resumes until Ctrl-C',
  examples: [
    'postctl events stream',
    'postctl events stream --limit 100 > events.jsonl',
    'postctl events stream --backfill-minutes 5 | jq .data.event_type',
  ],
  options: {
    limit: { flags: '--limit <n>', description: 'stop after n events (exit 0)' },
    backfillMinutes: {
      flags: '--backfill-minutes <n>',
      description: 'on the first connection, also deliver events of the last n minutes (1 to 5)',
    },
    maxReconnects: { flags: '--max-reconnects <n>', description: 'reconnect attempts per outage before giving up (default 10)' },
    stallTimeout: {
      flags: '--stall-timeout <seconds>',
      description: 'reconnect when nothing, not even a keep-alive, arrives for this long (default 30)',
    },
  },
  async run(_args, opts, ctx) {
    const options = streamOptions(opts, ctx, eventLine);
    const client = await ctx.client();
    return reportStream(ctx, await runEventStream(client, options), 'event');
  },
});
