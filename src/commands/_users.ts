// Flags and columns of the verbs that print users (users me/get/followers/
// following, lists members list).
import type { Column } from '../output/printer.js';
import type { OptionSpec } from './define.js';

export const userFieldOptions = [
  {
    flags: '--user-fields <list>',
    description: 'user.fields: created_at, description, public_metrics, verified, location, url… (repeatable)',
    repeatable: true,
  },
  { flags: '--post-fields <list>', description: 'post.fields for the expanded pinned or most recent post (repeatable)', repeatable: true },
  {
    flags: '--expansions <list>',
    description: 'pinned_tweet_id, most_recent_tweet_id, affiliation.user_id (repeatable)',
    repeatable: true,
  },
  { flags: '--allow-unknown-fields', description: 'send field and expansion names postctl does not know (the API still checks them)' },
] as const satisfies readonly OptionSpec[];

export const USER_COLUMNS: Column[] = [
  { header: 'id', key: 'id' },
  { header: 'username', key: 'username' },
  { header: 'name', key: 'name' },
  { header: 'followers', key: 'public_metrics.followers_count' },
  { header: 'created_at', key: 'created_at' },
  { header: 'description', key: 'description', flex: true },
];

/** Listing flags: one page of --max-results, or every page (--all) up to --limit items. */
export const pageOptions = [
  { flags: '--max-results <n>', description: 'items per page (the endpoint’s range; default the API’s)' },
  { flags: '--all', description: 'follow pagination and list every page' },
  { flags: '--limit <n>', description: 'stop after this many items (implies following pages)' },
] as const satisfies readonly OptionSpec[];
