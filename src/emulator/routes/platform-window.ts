// The post timelines' window, as the service applies it (openapi v2.159: GET
// /2/users/{id}/tweets, /mentions, /timelines/reverse_chronological):
// since_id and until_id are exclusive post-id bounds, start_time and end_time
// inclusive time bounds read from the ids themselves (a snowflake id carries its
// creation time), since_id wins over start_time and until_id over end_time. The
// published minimum start_time is 2010-11-06T00:00:01Z. The made-up timelines
// are snowflakes of recent times, so a window has something to cut.
import type { EmulatorState } from '../state.js';
import type { EmuResponse } from '../types.js';
import { invalid } from './platform-posting.js';

const EPOCH = 1288834974657n;
const ID = /^[0-9]{1,19}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const MIN_START = '2010-11-06T00:00:01Z';

const timeOf = (id: string): number => Number((BigInt(id) >> 22n) + EPOCH);

/**
 * `n` post ids of one user's timeline, newest first, `spacingMin` minutes apart, the newest a minute before
 * the emulator's first look at timelines (fixed from then on, so paging stays stable).
 */
export function timelineIds(state: EmulatorState, userId: string, n: number, salt: number, spacingMin = 60): string[] {
  const anchor = state.slice('platform-window', () => ({ at: state.now() })).at;
  const seq = (BigInt(userId) % 400_000n) * 10n + BigInt(salt % 10);
  return Array.from({ length: n }, (_, i) => (((BigInt(anchor - 60_000 - i * spacingMin * 60_000) - EPOCH) << 22n) + seq).toString());
}

function timeParam(q: URLSearchParams, key: 'start_time' | 'end_time'): number | EmuResponse | undefined {
  const v = q.get(key);
  if (v === null) return undefined;
  const t = Date.parse(v);
  if (!DATE_TIME.test(v) || !Number.isFinite(t))
    return invalid(`The \`${key}\` query parameter value [${v}] is not a valid date-time (YYYY-MM-DDTHH:mm:ssZ)`, key, v);
  if (t < Date.parse(MIN_START)) return invalid(`The \`${key}\` query parameter value [${v}] must be on or after ${MIN_START}`, key, v);
  return t;
}

/** The ids inside the request's window, or the 400 the service answers for a malformed one. */
export function windowed(ids: readonly string[], q: URLSearchParams): string[] | EmuResponse {
  const since = q.get('since_id');
  const until = q.get('until_id');
  for (const [key, v] of [
    ['since_id', since],
    ['until_id', until],
  ] as const) {
    if (v !== null && !ID.test(v)) return invalid(`The \`${key}\` query parameter value [${v}] does not match ^[0-9]{1,19}$`, key, v);
  }
  const start = timeParam(q, 'start_time');
  if (typeof start === 'object') return start;
  const end = timeParam(q, 'end_time');
  if (typeof end === 'object') return end;
  if (start !== undefined && end !== undefined && end <= start)
    return invalid(
      `The \`end_time\` query parameter value [${q.get('end_time')}] must be after the \`start_time\``,
      'end_time',
      q.get('end_time'),
    );
  return ids.filter((id) => {
    const n = BigInt(id);
    if (since !== null ? n <= BigInt(since) : start !== undefined && timeOf(id) < start) return false;
    if (until !== null ? n >= BigInt(until) : end !== undefined && timeOf(id) > end) return false;
    return true;
  });
}
