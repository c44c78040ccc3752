// The post-timeline window (openapi v2.159, GET /2/users/{id}/tweets, /mentions
// and /timelines/reverse_chronological): since_id and until_id are post ids
// (TweetId, ^[0-9]{1,19}$), start_time and end_time RFC 3339 date-times. Not in
// the reference copy, from the published timelines reference
// (https://docs.x.com/x-api/posts/timelines/introduction, the endpoints' start_time):
// the minimum allowable time is 2010-11-06T00:00:01Z, when post ids began to
// carry their time. A window that cannot match anything is refused here, so a
// cron job with a typo learns it from exit 6 rather than from an empty page.
import type { Params } from '../http/encode.js';
import { Problems, commaList, oneOf } from './rules.js';

const POST_ID = /^[0-9]{1,19}$/;
/** A full RFC 3339 date-time: date, time and a zone (Z or an offset). */
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;
const EARLIEST_TIME = '2010-11-06T00:00:01Z';
const EARLIEST_MS = Date.parse(EARLIEST_TIME);

export interface PostWindowFlags {
  sinceId?: string | undefined;
  untilId?: string | undefined;
  startTime?: string | undefined;
  endTime?: string | undefined;
}

/** Epoch ms of a valid RFC 3339 date-time (a day or hour that does not exist is not valid), else undefined. */
function parseRfc3339(v: string): number | undefined {
  const m = RFC3339.exec(v);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  if (mo! < 1 || mo! > 12 || h! > 23 || mi! > 59 || s! > 60) return undefined;
  if (new Date(Date.UTC(y!, mo! - 1, d!)).getUTCDate() !== d) return undefined;
  const t = Date.parse(v.toUpperCase());
  return Number.isFinite(t) ? t : undefined;
}

/** Whole seconds in UTC, the form the API documents (YYYY-MM-DDTHH:mm:ssZ). */
const wireTime = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Adds the window's problems to `p` and returns its parameters (meaningful only when `p` is ok). */
function postWindowParams(f: PostWindowFlags, p: Problems): Params {
  const out: Params = [];
  for (const [flag, v, wireName] of [
    ['--since-id', f.sinceId, 'since_id'],
    ['--until-id', f.untilId, 'until_id'],
  ] as const) {
    if (v === undefined) continue;
    if (!POST_ID.test(v)) p.add(flag, `must be a post id, 1 to 19 digits (got ${JSON.stringify(v)})`);
    else out.push([wireName, v]);
  }
  if (f.sinceId && f.untilId && POST_ID.test(f.sinceId) && POST_ID.test(f.untilId) && BigInt(f.sinceId) >= BigInt(f.untilId))
    p.add('--since-id', `must be smaller than --until-id (${f.sinceId} is not below ${f.untilId})`);
  const times: { start?: number; end?: number } = {};
  for (const [flag, v, key] of [
    ['--start-time', f.startTime, 'start'],
    ['--end-time', f.endTime, 'end'],
  ] as const) {
    if (v === undefined) continue;
    const t = parseRfc3339(v);
    if (t === undefined) p.add(flag, `must be an RFC 3339 date-time with a zone, such as 2026-11-20T08:00:00Z (got ${JSON.stringify(v)})`);
    else if (t < EARLIEST_MS) p.add(flag, `must be ${EARLIEST_TIME} or later, the earliest time the API allows (got ${wireTime(t)})`);
    else times[key] = t;
  }
  if (times.start !== undefined && times.end !== undefined && times.start >= times.end)
    p.add('--start-time', `must be before --end-time (${wireTime(times.start)} is not before ${wireTime(times.end)})`);
  if (times.start !== undefined) out.push(['start_time', wireTime(times.start)]);
  if (times.end !== undefined) out.push(['end_time', wireTime(times.end)]);
  return out;
}

const EXCLUDE = ['replies', 'retweets'];

/** --exclude (comma list, repeatable) among replies and retweets, as one parameter. */
function excludeParams(given: string[] | undefined, p: Problems): Params {
  const exclude = [...new Set(commaList(given))];
  for (const e of exclude) p.check('--exclude', e, [oneOf(EXCLUDE)], { id: e });
  return exclude.length ? [['exclude', exclude.join(',')]] : [];
}

/** The window alone, checked: every problem at once, exit 6, nothing sent. */
export function checkedWindow(f: PostWindowFlags & { exclude?: string[] | undefined }): Params {
  const p = new Problems();
  const out = [...postWindowParams(f, p), ...excludeParams(f.exclude, p)];
  p.throwIfAny('invalid timeline window');
  return out;
}
