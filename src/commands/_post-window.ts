// The window flags of the post timelines (users posts, users mentions, users
// timeline): the API's since_id, until_id, start_time and end_time. Lists' posts
// and bookmarks take none of them (openapi v2.159), so they do not offer them.
import type { OptionTable } from './define.js';

export const postWindowOptions = {
  sinceId: { flags: '--since-id <id>', description: 'only posts newer than this post id (a bot keeps its last seen id here)' },
  untilId: { flags: '--until-id <id>', description: 'only posts older than this post id' },
  startTime: {
    flags: '--start-time <time>',
    description: 'oldest post time, RFC 3339 (2026-11-20T08:00:00Z), 2010-11-06T00:00:01Z or later; --since-id wins over it at the API',
  },
  endTime: {
    flags: '--end-time <time>',
    description: 'newest post time, RFC 3339; after --start-time; --until-id wins over it at the API',
  },
} as const satisfies OptionTable;

export const excludeOption = {
  exclude: { flags: '--exclude <list>', description: 'leave out replies and/or retweets (comma list, repeatable)', repeatable: true },
} as const satisfies OptionTable;
