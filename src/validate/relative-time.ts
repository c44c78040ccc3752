// --since / --until: a relative time ("24h", "7d", "30m", "90s", "2w": that long
// before now) or an ISO 8601 time, turned into the ISO time the API takes.
// Relative times are resolved against one clock reading per run, so --since
// and --until of the same command agree.
import { invalid } from '../errors/cli-error.js';
import { parseIso8601 } from './rules.js';

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;
const RELATIVE = /^(\d{1,6})([smhdw])$/;
const HOUR = 3_600_000;

/** Whether `value` is a relative time (24h, 30m, …) rather than a date. */
export const isRelativeTime = (value: string): boolean => RELATIVE.test(value.trim());

/** Epoch ms of `value` (relative to `now`, or ISO 8601), or undefined when it is neither. */
export function parseTimeFlag(value: string, now: number): number | undefined {
  const m = RELATIVE.exec(value.trim());
  if (m) return now - Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
  return parseIso8601(value);
}

/** ISO 8601 in UTC to the second, as the APIs take it (2026-01-05T10:00:00Z). */
const isoSeconds = (ms: number): string => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/** A --since/--until value for an API time parameter: relative times resolved, ISO times passed on as typed. */
export function timeFlag(flag: string, value: string, now: number): string {
  if (!RELATIVE.test(value.trim())) {
    if (parseIso8601(value) === undefined) throw badTime(flag, value);
    return value;
  }
  return isoSeconds(parseTimeFlag(value, now)!);
}

/**
 * The same for APIs that take whole hours only (account history): a relative --since is rounded down
 * to its hour and --until up to the next, so the window covers the time asked for.
 */
export function wholeHourFlag(flag: string, value: string, now: number, round: 'down' | 'up'): string {
  if (!RELATIVE.test(value.trim())) return timeFlag(flag, value, now);
  const t = parseTimeFlag(value, now)!;
  return isoSeconds(round === 'down' ? Math.floor(t / HOUR) * HOUR : Math.ceil(t / HOUR) * HOUR);
}

function badTime(flag: string, value: string) {
  return invalid(
    flag,
    `must be a relative time such as 24h, 7d, 30m, 2w (that long ago) or an ISO 8601 time (got ${JSON.stringify(value)})`,
  );
}
