// Rules of the listing parameters beyond paging and fields (openapi v2.159):
// the user search query (UserSearchQueryVnext: ^[A-Za-z0-9_' ]{1,50}$) and the
// home timeline's window (src/validate/post-window.ts, with the older --start/--end).
import type { Params } from '../http/encode.js';
import { UsageError } from '../errors/cli-error.js';
import { checkedWindow, type PostWindowFlags } from './post-window.js';
import { Problems } from './rules.js';

const USER_QUERY = /^[A-Za-z0-9_' ]{1,50}$/;

export function userSearchParams(query: string): Params {
  const p = new Problems();
  if (!USER_QUERY.test(query)) p.add('query', "1 to 50 letters, digits, _, ' or spaces (the API's pattern)", { id: query });
  p.throwIfAny('invalid user search');
  return [['query', query]];
}

export interface TimelineFlags extends PostWindowFlags {
  /** Older spellings of --start-time and --end-time, still accepted. */
  start?: string | undefined;
  end?: string | undefined;
  exclude?: string[] | undefined;
}

/** The home timeline's window: --start/--end are the older names of --start-time/--end-time (one of each). */
export function timelineParams(f: TimelineFlags): Params {
  for (const [old, now] of [
    ['start', 'startTime'],
    ['end', 'endTime'],
  ] as const) {
    if (f[old] !== undefined && f[now] !== undefined)
      throw new UsageError(`--${old} and --${old}-time set the same time; give one`, `--${old} is the older name of --${old}-time.`);
  }
  return checkedWindow({ ...f, startTime: f.startTime ?? f.start, endTime: f.endTime ?? f.end });
}
