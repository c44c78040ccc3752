// `postctl stream connect`: matching posts of the filtered stream as JSON
// lines on stdout, as they arrive, with the stop/resume behaviour of
// `events stream` (same flags, same exit codes: 0 at --limit, 130 on Ctrl-C).
// --state FILE keeps where the stream is up to, so the next run (another
// process, a cron job) fills the gap: backfill, or recent search first.
import { runFilteredStream } from '../../platform/filtered-stream.js';
import { StreamCheckpoint } from '../../platform/stream-checkpoint.js';
import { fieldParamsFromFlags } from '../../validate/post-fields.js';
import { postFieldOptions } from '../_post-fields.js';
import { reportStream, streamOptions } from '../_stream.js';
import { postLine } from '../_stream-lines.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'connect',
  description:
    'print matching posts (GET /2/tweets/search/stream): a line each on a terminal (time, @author, text), JSON lines when piped or with -o jsonl; reconnects until Ctrl-C',
  examples: [
    'postctl stream connect',
    'postctl stream connect --limit 100 --post-fields created_at,author_id > posts.jsonl',
    'postctl stream connect --state bot.stream-state.json >> posts.jsonl',
  ],
  options: {
    limit: { flags: '--limit <n>', description: 'stop after n posts (exit 0)' },
    backfillMinutes: {
      flags: '--backfill-minutes <n>',
      description:
        'after a reconnect, ask for up to n minutes (1 to 5) of missed posts (needs access that allows it); duplicates are dropped',
    },
    maxReconnects: { flags: '--max-reconnects <n>', description: 'reconnect attempts per outage before giving up (default 10)' },
    stallTimeout: {
      flags: '--stall-timeout <seconds>',
      description:
        'reconnect when nothing, not even a keep-alive, arrives for this long (default 30; the service sends keep-alives every 20 s)',
    },
    state: {
      flags: '--state <file>',
      description:
        'keep the last post seen in this file (created 0600); a later run asks for the missed minutes (backfill, up to 5), fills a longer gap from recent search for the same rules, drops repeats and reports any hole',
    },
    ...postFieldOptions,
  },
  async run(_args, opts, ctx) {
    const options = streamOptions(opts, ctx, postLine);
    // Building the client sends nothing; it holds the selected wire-name style.
    const client = await ctx.client();
    const fields = fieldParamsFromFlags(opts, client.names);
    const checkpoint = opts.state === undefined ? undefined : StreamCheckpoint.load(opts.state, 'filtered');
    return reportStream(ctx, await runFilteredStream(client, { ...options, fields, ...(checkpoint ? { checkpoint } : {}) }), 'post');
  },
});
