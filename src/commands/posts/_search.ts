// What `posts search` and `posts counts` share: the time-window and paging
// flags, --auth (app or user only), and reading the query and flags into a
// SearchInput. Recent (last 7 days) by default, --archive for the full archive.
import { UsageError, invalid } from '../../errors/cli-error.js';
import { timeFlag } from '../../validate/relative-time.js';
import { integerBetween } from '../../validate/rules.js';
import type { SearchInput } from '../../validate/search.js';
import type { OptionTable } from '../define.js';
import { nextTokenOption } from '../_listing.js';

export const timeOptions = <const W extends string>(what: W) =>
  ({
    start: { flags: '--start <time>', description: `oldest ${what} time, ISO 8601 (recent: within the last 7 days)` },
    end: { flags: '--end <time>', description: `newest ${what} time, ISO 8601, at least 10 s in the past; must be after --start` },
    since: { flags: '--since <time>', description: `like --start, as a relative time (24h, 7d, 30m: that long ago) or ISO 8601` },
    until: { flags: '--until <time>', description: `like --end, as a relative time (10m: ten minutes ago) or ISO 8601` },
    sinceId: { flags: '--since-id <id>', description: 'only posts newer than this post id' },
    untilId: { flags: '--until-id <id>', description: 'only posts older than this post id' },
    archive: { flags: '--archive', description: 'the full archive (/all) instead of the last 7 days (/recent)' },
    maxQueryLength: {
      flags: '--max-query-length <n>',
      description: 'query length limit: 512 recent / 1,024 archive by default (self-serve access), up to 4,096 (enterprise)',
    },
    all: { flags: '--all', description: 'follow next_token and print every page as it arrives' },
    limit: { flags: '--limit <n>', description: 'follow next_token until n items are printed, then stop' },
    nextToken: nextTokenOption,
  }) as const satisfies OptionTable;

/** Read verbs default to the app's bearer token, then whatever user login the profile holds. */
export const APP_FIRST = ['app', 'user', 'oauth2'] as const;

/**
 * The endpoint-table key of a search or count (src/auth/endpoint-auth.ts): the
 * archive takes only a bearer token; recent search takes all three; recent
 * counts a bearer or (openapi v2.167) an OAuth 2.0 user token, never OAuth 1.0a.
 */
export const searchEndpoint = (kind: 'search' | 'counts', scope: SearchInput['scope']): string =>
  `GET /2/tweets/${kind}/${scope === 'archive' ? 'all' : 'recent'}`;

/** The parsed flags both verbs read (--max-results is search's, --granularity counts'). */
export interface SearchFlags {
  start?: string | undefined;
  end?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
  sinceId?: string | undefined;
  untilId?: string | undefined;
  archive?: boolean | undefined;
  maxQueryLength?: string | undefined;
  all?: boolean | undefined;
  limit?: string | undefined;
  nextToken?: string | undefined;
  maxResults?: string | undefined;
  granularity?: string | undefined;
}

const PASSED_ON = ['start', 'end', 'sinceId', 'untilId', 'maxResults', 'granularity', 'maxQueryLength'] as const;

export function searchInput(args: readonly string[], opts: SearchFlags, now: number): SearchInput {
  if (args.length !== 1)
    throw new UsageError(
      args.length ? 'give the query as one argument (quote it)' : 'no query given',
      'e.g. postctl posts search "coffee -is:retweet lang:en"',
    );
  const input: SearchInput = { query: args[0]!, scope: opts.archive ? 'archive' : 'recent' };
  for (const key of PASSED_ON) {
    const v = opts[key];
    if (v !== undefined) input[key] = v;
  }
  // --since/--until: the same window in relative terms (resolved against one clock reading).
  for (const [flag, rel, key] of [
    ['--since', opts.since, 'start'],
    ['--until', opts.until, 'end'],
  ] as const) {
    if (rel === undefined) continue;
    if (input[key] !== undefined) throw new UsageError(`${flag} and --${key} set the same time; give one`);
    input[key] = timeFlag(flag, rel, now);
  }
  return input;
}

/** --limit n: a positive integer, not with --all. */
export function limitFlag(opts: SearchFlags): number | undefined {
  if (opts.limit === undefined) return undefined;
  const msg = integerBetween(1, Number.MAX_SAFE_INTEGER)(String(opts.limit));
  if (msg) throw invalid('--limit', msg);
  if (opts.all)
    throw new UsageError('--all and --limit cannot be combined', '--limit N follows pages until N items; --all follows every page.');
  return Number(opts.limit);
}
