// `postctl stream connect`: matching posts of the filtered stream as JSON
// lines on stdout, as they arrive, with the stop/resume behaviour of
// `events stream` (same flags, same exit codes: 0 at --limit, 130 on Ctrl-C).
import { once } from 'node:events';
import type { Context } from '../../context.js';
import { EXIT } from '../../exit-codes.js';
import { runFilteredStream } from '../../platform/filtered-stream.js';
import { fieldParams } from '../../validate/post-fields.js';
import { intFlag } from './events-stream.js';

export async function run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
  const limit = opts.limit === undefined ? undefined : intFlag(opts.limit, '--limit', 1, Number.MAX_SAFE_INTEGER, 0);
  const backfill = opts.backfillMinutes === undefined ? undefined : intFlag(opts.backfillMinutes, '--backfill-minutes', 1, 5, 0);
  const maxAttempts = intFlag(opts.maxReconnects, '--max-reconnects', 0, 1000, 10);
  const stall = intFlag(opts.stallTimeout, '--stall-timeout', 1, 3600, 30);
  const client = await ctx.client();
  const fields = fieldParams({
    style: client.names,
    fields: { post: opts.postFields, user: opts.userFields, media: opts.mediaFields, place: opts.placeFields, poll: opts.pollFields, space: opts.spaceFields },
    expansions: opts.expansions,
    allFields: Boolean(opts.allFields),
    allowUnknown: Boolean(opts.allowUnknownFields),
  });
  const out = ctx.io.stdout;
  const summary = await runFilteredStream(client, {
    fields,
    ...(backfill !== undefined ? { backfillMinutes: backfill } : {}),
    ...(limit !== undefined ? { limit } : {}),
    maxAttempts,
    baseDelayMs: Number(ctx.env.POSTCTL_RETRY_BASE_MS ?? 1000),
    capDelayMs: 60_000,
    stallTimeoutMs: stall * 1000,
    signal: ctx.signal,
    log: ctx.log,
    onEvent: async (msg) => {
      if (!out.write(JSON.stringify(msg) + '\n')) await once(out, 'drain');
    },
  });
  const dropped = summary.duplicatesDropped ? `, ${summary.duplicatesDropped} replayed duplicate${summary.duplicatesDropped > 1 ? 's' : ''} dropped` : '';
  ctx.log.info(`${summary.stopped === 'limit' ? 'done' : 'stopped'}: ${summary.events} post${summary.events === 1 ? '' : 's'}, ${summary.reconnects} reconnect${summary.reconnects === 1 ? '' : 's'}${dropped}`);
  return summary.stopped === 'limit' ? EXIT.OK : EXIT.INTERRUPTED;
}
