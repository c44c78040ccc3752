// What `events stream` and `stream connect` share: their flags (checked, as
// the runner's options, with NDJSON lines on stdout under backpressure) and the
// closing summary with its exit code (0 at --limit, 130 when stopped).
import { once } from 'node:events';
import type { Context } from '../entry/context.js';
import { invalid } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import { stringifyJson } from '../json/stringify.js';
import type { EventStreamOptions, StreamSummary } from '../platform/events.js';
import { integerBetween } from '../validate/rules.js';
import { envNumber } from '../config/env-number.js';

/** The flags both streaming verbs declare (their descriptions differ, so each verb declares them). */
export interface StreamFlags {
  limit?: string | undefined;
  backfillMinutes?: string | undefined;
  maxReconnects?: string | undefined;
  stallTimeout?: string | undefined;
}

function intFlag(value: string | undefined, flag: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const msg = integerBetween(min, max)(String(value));
  if (msg) throw invalid(flag, msg);
  return Number(value);
}

/**
 * --limit, --backfill-minutes (the real streams' window is 1 to 5), --max-reconnects, --stall-timeout.
 * `readable` makes the line a person reads on a terminal (the table format: the default there); JSON lines otherwise.
 */
export function streamOptions(opts: StreamFlags, ctx: Context, readable: (item: unknown) => string): EventStreamOptions {
  const limit = opts.limit === undefined ? undefined : intFlag(opts.limit, '--limit', 1, Number.MAX_SAFE_INTEGER, 0);
  const backfill = opts.backfillMinutes === undefined ? undefined : intFlag(opts.backfillMinutes, '--backfill-minutes', 1, 5, 0);
  const out = ctx.io.stdout;
  return {
    ...(backfill !== undefined ? { backfillMinutes: backfill } : {}),
    ...(limit !== undefined ? { limit } : {}),
    maxAttempts: intFlag(opts.maxReconnects, '--max-reconnects', 0, 1000, 10),
    baseDelayMs: envNumber(ctx.env, 'POSTCTL_RETRY_BASE_MS', { fallback: 1000, max: 600_000 }),
    maxLineBytes: envNumber(ctx.env, 'POSTCTL_MAX_LINE_MB', { fallback: 4, min: 0.001, max: 1024 }) * 1024 * 1024,
    capDelayMs: 60_000,
    stallTimeoutMs: intFlag(opts.stallTimeout, '--stall-timeout', 1, 3600, 30) * 1000,
    signal: ctx.signal,
    log: ctx.log,
    now: () => ctx.now(),
    onEvent: async (event) => {
      // One complete line per event, compact (big integers exact); wait when the reader is slow.
      // --query filters each event's JSON line (the readable line is for people, unfiltered).
      const line = ctx.format === 'table' ? readable(event) : stringifyJson(ctx.printer.filtered(event));
      if (!out.write(line + '\n')) await once(out, 'drain');
    },
  };
}

/** The closing line on stderr; the exit code. */
export function reportStream(ctx: Context, summary: StreamSummary, noun: string): number {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const dropped = summary.duplicatesDropped ? `, ${plural(summary.duplicatesDropped, 'replayed duplicate')} dropped` : '';
  ctx.log.info(
    `${summary.stopped === 'limit' ? 'done' : 'stopped'}: ${plural(summary.events, noun)}, ${plural(summary.reconnects, 'reconnect')}${dropped}`,
  );
  return summary.stopped === 'limit' ? EXIT.OK : EXIT.INTERRUPTED;
}
