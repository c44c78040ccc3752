// Rules of the listing parameters beyond paging and fields (openapi v2.159):
// the user search query (UserSearchQueryVnext: ^[A-Za-z0-9_' ]{1,50}$) and the
// home timeline's window (since_id/until_id post ids, start_time/end_time
// date-times, exclude among replies and retweets).
import type { Params } from '../http/encode.js';
import { numericId } from './platform-ids.js';
import { Problems, commaList, isoDateTime, oneOf } from './rules.js';

const USER_QUERY = /^[A-Za-z0-9_' ]{1,50}$/;

export function userSearchParams(query: string): Params {
  const p = new Problems();
  if (!USER_QUERY.test(query)) p.add('query', "1 to 50 letters, digits, _, ' or spaces (the API's pattern)", { id: query });
  p.throwIfAny('invalid user search');
  return [['query', query]];
}

export interface TimelineFlags {
  sinceId?: string | undefined;
  untilId?: string | undefined;
  start?: string | undefined;
  end?: string | undefined;
  exclude?: string[] | undefined;
}

const TIMELINE_EXCLUDE = ['replies', 'retweets'];

export function timelineParams(f: TimelineFlags): Params {
  const p = new Problems();
  p.check('--since-id', f.sinceId, [numericId]);
  p.check('--until-id', f.untilId, [numericId]);
  p.check('--start', f.start, [isoDateTime]);
  p.check('--end', f.end, [isoDateTime]);
  const exclude = [...new Set(commaList(f.exclude))];
  for (const e of exclude) p.check('--exclude', e, [oneOf(TIMELINE_EXCLUDE)], { id: e });
  if (f.start && f.end && p.ok && Date.parse(f.end) <= Date.parse(f.start)) p.add('--end', 'must be after --start');
  p.throwIfAny('invalid timeline window');
  const out: Params = [];
  if (f.sinceId) out.push(['since_id', f.sinceId]);
  if (f.untilId) out.push(['until_id', f.untilId]);
  if (f.start) out.push(['start_time', f.start]);
  if (f.end) out.push(['end_time', f.end]);
  if (exclude.length) out.push(['exclude', exclude.join(',')]);
  return out;
}
