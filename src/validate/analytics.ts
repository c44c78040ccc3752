// What `posts analytics` and `media analytics` check before sending (openapi
// v2.159 GET /2/tweets/analytics and GET /2/media/analytics): 1 to 100 ids of
// the right shape, a window (--since required; --until defaults to now) whose
// start is before its end, a granularity from the operation's enum (required
// by v2.159, so always sent), and the analytics field names.
import { UsageError } from '../errors/cli-error.js';
import type { Params } from '../http/encode.js';
import { neutralize } from '../output/sanitize.js';
import { BAD_POST, parsePostRef } from './platform-ids.js';
import { parseTimeFlag, timeFlag } from './relative-time.js';
import { Problems, oneOf } from './rules.js';
import { selectionParams } from './selection.js';

/** openapi v2.159 MediaKey. */
const MEDIA_KEY = /^[0-9]+_[0-9]+$/;

interface AnalyticsKind {
  /** The query parameter that carries the ids. */
  idsParam: string;
  /** The id an argument names (a post URL gives its id), or undefined when it names none. */
  parse: (raw: string) => string | undefined;
  bad: (raw: string) => string;
  granularities: readonly string[];
  /** v2.159 names a default where it declares one; `total` for posts, `daily` for media. */
  defaultGranularity: string;
  family: 'analytics' | 'mediaAnalytics';
}

export const ANALYTICS_KINDS = {
  posts: {
    idsParam: 'ids',
    parse: parsePostRef,
    bad: BAD_POST,
    granularities: ['hourly', 'daily', 'weekly', 'total'],
    defaultGranularity: 'total',
    family: 'analytics',
  },
  media: {
    idsParam: 'media_keys',
    parse: (raw) => (MEDIA_KEY.test(raw.trim()) ? raw.trim() : undefined),
    bad: (raw) => `not a media key: digits_digits, e.g. 3_1720000000000000004 (got ${JSON.stringify(neutralize(raw.slice(0, 80)))})`,
    granularities: ['hourly', 'daily', 'total'],
    defaultGranularity: 'daily',
    family: 'mediaAnalytics',
  },
} as const satisfies Record<string, AnalyticsKind>;

export interface AnalyticsFlags {
  since?: string | undefined;
  until?: string | undefined;
  granularity?: string | undefined;
  fields?: string[] | string | undefined;
  allowUnknownFields?: boolean | undefined;
}

/** The query of one analytics request; every problem at once (exit 6 naming the flag) before anything is sent. */
export function analyticsParams(kind: keyof typeof ANALYTICS_KINDS, ids: readonly string[], opts: AnalyticsFlags, now: number): Params {
  const k: AnalyticsKind = ANALYTICS_KINDS[kind];
  const p = new Problems();
  const parsed: string[] = [];
  for (const raw of ids) {
    const id = k.parse(raw);
    if (id === undefined) p.add(k.idsParam, k.bad(raw));
    else parsed.push(id);
  }
  const unique = [...new Set(parsed)];
  if (ids.length === 0) throw new UsageError(`no ${kind === 'posts' ? 'post ids' : 'media keys'} given`);
  if (opts.since === undefined)
    throw new UsageError('--since is required: the start of the window (7d, 24h or an ISO 8601 time)', 'the API takes no open window');
  if (unique.length > 100) p.add(k.idsParam, `takes at most 100 (got ${unique.length})`);
  const granularity = opts.granularity ?? k.defaultGranularity;
  p.check('--granularity', granularity, [oneOf(k.granularities)]);
  p.throwIfAny('invalid input');
  const start = timeFlag('--since', opts.since, now);
  const end = timeFlag('--until', opts.until ?? '0s', now);
  if (parseTimeFlag(start, now)! >= parseTimeFlag(end, now)!) throw new UsageError(`--since (${start}) must be before --until (${end})`);
  return [
    [k.idsParam, unique.join(',')],
    ['start_time', start],
    ['end_time', end],
    ['granularity', granularity],
    ...selectionParams({ fields: { [k.family]: opts.fields }, allowUnknown: opts.allowUnknownFields }),
  ];
}
