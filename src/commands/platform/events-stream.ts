// `postctl events stream`: one JSON line per event on stdout, written as it
// arrives. Ctrl-C stops cleanly (the line in progress is finished, the
// connection closed, a summary printed) and exits 130, the documented code for
// an interrupted run, so scripts can tell it from a run that reached --limit (0).
import { once } from 'node:events';
import type { Context } from '../../context.js';
import { invalid } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { runEventStream } from '../../platform/events.js';
import { integerBetween } from '../../validate/rules.js';

export function intFlag(value: unknown, flag: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const msg = integerBetween(min, max)(String(value));
  if (msg) throw invalid(flag, msg);
  return Number(value);
}

export async function run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
  const limit = opts.limit === undefined ? undefined : intFlag(opts.limit, '--limit', 1, Number.MAX_SAFE_INTEGER, 0);
  // The real stream's backfill window is 1 to 5 minutes.
  const backfill = opts.backfillMinutes === undefined ? undefined : intFlag(opts.backfillMinutes, '--backfill-minutes', 1, 5, 0);
  const maxAttempts = intFlag(opts.maxReconnects, '--max-reconnects', 0, 1000, 10);
  const stall = intFlag(opts.stallTimeout, '--stall-timeout', 1, 3600, 30);
  const client = await ctx.client();
  const out = ctx.io.stdout;
  const summary = await runEventStream(client, {
    ...(backfill !== undefined ? { backfillMinutes: backfill } : {}),
    ...(limit !== undefined ? { limit } : {}),
    maxAttempts,
    baseDelayMs: Number(ctx.env.POSTCTL_RETRY_BASE_MS ?? 1000),
    capDelayMs: 60_000,
    stallTimeoutMs: stall * 1000,
    signal: ctx.signal,
    log: ctx.log,
    onEvent: async (event) => {
      // One complete line per event, compact; wait when the reader is slow.
      if (!out.write(JSON.stringify(event) + '\n')) await once(out, 'drain');
    },
  });
  const dropped = summary.duplicatesDropped ? `, ${summary.duplicatesDropped} replayed duplicate${summary.duplicatesDropped > 1 ? 's' : ''} dropped` : '';
  ctx.log.info(`${summary.stopped === 'limit' ? 'done' : 'stopped'}: ${summary.events} event${summary.events === 1 ? '' : 's'}, ${summary.reconnects} reconnect${summary.reconnects === 1 ? '' : 's'}${dropped}`);
  return summary.stopped === 'limit' ? EXIT.OK : EXIT.INTERRUPTED;
}
