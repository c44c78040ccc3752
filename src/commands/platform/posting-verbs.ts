// Verbs of issue 17: posts create/edit/delete/search/counts and the filtered
// stream (stream rules, stream connect). Cheap: verbs load lazily.
import type { Command } from 'commander';
import { group, verb, type OptionSpec } from '../define.js';
import { postFieldOptions } from './post-field-options.js';

const textOptions: OptionSpec[] = [
  { flags: '--text <text>', description: 'the post text (at most 25,000 characters, counted as Unicode code points after NFC)' },
  { flags: '--text-file <file>', description: 'read the text from a UTF-8 file (- for stdin); one trailing newline is dropped' },
];
const mediaOption: OptionSpec = { flags: '--media <media_ids>', description: 'media ids to attach, comma separated or repeated: up to 4 images, or 1 video or GIF', repeatable: true };
const dryRun: OptionSpec = { flags: '--dry-run', description: 'print the JSON body that would be sent and send nothing' };

const timeOptions = (what: string): OptionSpec[] => [
  { flags: '--start <time>', description: `oldest ${what} time, ISO 8601 (recent: within the last 7 days)` },
  { flags: '--end <time>', description: `newest ${what} time, ISO 8601, at least 10 s in the past; must be after --start` },
  { flags: '--since-id <id>', description: 'only posts newer than this post id' },
  { flags: '--until-id <id>', description: 'only posts older than this post id' },
  { flags: '--archive', description: 'the full archive (/all) instead of the last 7 days (/recent)' },
  { flags: '--max-query-length <n>', description: 'query length limit: 512 recent / 1,024 archive by default (self-serve access), up to 4,096 (enterprise)' },
  { flags: '--all', description: 'follow next_token and print every page as it arrives' },
  { flags: '--limit <n>', description: 'follow next_token until n items are printed, then stop' },
];

function authOption(dflt: string): OptionSpec {
  return { flags: '--auth <mode>', description: `app (bearer token) or user (OAuth 1.0a); default ${dflt}`, choices: ['app', 'user'] };
}

/** create, edit, delete, search, counts under `posts`. */
export function registerPosting(posts: Command): void {
  const loadWrite = () => import('./posts-write.js');
  verb(posts, {
    name: 'create [-]',
    description: 'create a post (POST /2/tweets); prints the new id (table) or the API envelope (json)',
    examples: [
      'postctl posts create --text "Hello from postctl"',
      'postctl posts create --text "Which one?" --poll-option Tea --poll-option Coffee --poll-duration 1440',
      'postctl posts create --text-file thread-1.txt --reply-to 1460323737035677698 --dry-run',
      'echo "from stdin" | postctl posts create -',
    ],
    options: [
      ...textOptions,
      { flags: '--reply-to <post_id>', description: 'reply to this post (reply.in_reply_to_tweet_id)' },
      { flags: '--quote <post_id>', description: 'quote this post (quote_tweet_id); not with --media or --poll-option' },
      mediaOption,
      { flags: '--poll-option <text>', description: 'a poll choice, 1 to 25 characters; repeat 2 to 4 times; needs --poll-duration', repeatable: true },
      { flags: '--poll-duration <minutes>', description: 'how long the poll runs: 5 to 10080 minutes' },
      { flags: '--reply-settings <who>', description: 'who can reply: following, mentionedUsers, subscribers or verified (default: everyone)' },
      { flags: '--community <community_id>', description: 'post into this community (community_id)' },
      { flags: '--paid-partnership', description: 'disclose the post as a paid partnership (paid_partnership: true)' },
      { flags: '--share-with-followers', description: 'also show a community post to your followers (needs --community)' },
      dryRun,
    ],
    load: () => loadWrite().then((m) => m.create),
  });
  verb(posts, {
    name: 'edit <post_id> [-]',
    description: 'edit a post (POST /2/tweets with edit_options.previous_post_id): within 1 hour of creation, 5 edits; prints the new version id',
    examples: ['postctl posts edit 1460323737035677698 --text "Fixed the typo"', 'postctl posts edit 1460323737035677698 --text-file fixed.txt --no-edit-check'],
    options: [...textOptions, mediaOption, { flags: '--no-edit-check', description: 'do not look the post up first to check the edit window and the edits left' }, dryRun],
    load: () => loadWrite().then((m) => m.edit),
  });
  verb(posts, {
    name: 'delete <post_ids...>',
    description: 'delete posts (DELETE /2/tweets/{id}); asks y/N on a terminal, needs --yes otherwise',
    examples: ['postctl posts delete 1460323737035677698', 'postctl posts delete 1460323737035677698 1460323737035677699 --yes'],
    options: [{ flags: '-y, --yes', description: 'do not ask for confirmation' }],
    load: () => loadWrite().then((m) => m.remove),
  });

  registerSearch(posts);
}

function registerSearch(posts: Command): void {
  const loadSearch = () => import('./posts-search.js');
  verb(posts, {
    name: 'search <query>',
    description: 'search posts (GET /2/tweets/search/recent, or /all with --archive); --all/--limit follow pages',
    examples: ['postctl posts search "coffee -is:retweet"', 'postctl posts search "from:emu_news" --archive --start 2025-01-01T00:00:00Z --all -o jsonl', 'postctl posts search "#postctl" --limit 250 --max-results 100 -o csv'],
    options: [...timeOptions('post'), { flags: '--max-results <n>', description: 'posts per page: 10 to 100 (recent), 10 to 500 (archive)' }, ...postFieldOptions, authOption('app')],
    load: () => loadSearch().then((m) => m.search),
  });
  verb(posts, {
    name: 'counts <query>',
    description: 'count matching posts per minute, hour or day (GET /2/tweets/counts/recent, or /all with --archive)',
    examples: ['postctl posts counts "coffee" --granularity day', 'postctl posts counts "from:emu_news" --archive --start 2025-01-01T00:00:00Z --all -o csv'],
    options: [...timeOptions('bucket'), { flags: '--granularity <unit>', description: 'minute, hour (the API default) or day' }, authOption('app')],
    load: () => loadSearch().then((m) => m.counts),
  });
}

export function registerStream(program: Command): void {
  const stream = group(program, 'stream', 'the filtered stream: manage its rules and connect to it');
  const rules = group(stream, 'rules', 'list, add and delete filtered stream rules (/2/tweets/search/stream/rules)');
  const loadRules = () => import('./stream-rules.js');
  verb(rules, {
    name: 'list [rule_ids...]',
    description: 'list the rules (all, or these ids)',
    examples: ['postctl stream rules list', 'postctl stream rules list -o json'],
    options: [],
    load: () => loadRules().then((m) => m.list),
  });
  verb(rules, {
    name: 'add [values...]',
    description: 'add rules (each at most 2,048 characters); --dry-run asks the API to check them without adding',
    examples: ['postctl stream rules add "coffee -is:retweet" --tag coffee', 'postctl stream rules add --file rules.txt --dry-run'],
    options: [
      { flags: '--tag <tag>', description: 'label for the rules given as arguments' },
      { flags: '--file <path>', description: 'one rule per line (- for stdin); "value<TAB>tag" sets a tag; blank lines and # comments skipped' },
      { flags: '--dry-run', description: 'dry_run=true: the API validates the rules and adds nothing' },
    ],
    load: () => loadRules().then((m) => m.add),
  });
  verb(rules, {
    name: 'delete [rule_ids...]',
    description: 'delete rules by id (or --all); asks first unless --yes; --dry-run asks the API to check only',
    examples: ['postctl stream rules delete 1165037377523306498 --yes', 'postctl stream rules delete --all --yes'],
    options: [
      { flags: '--all', description: 'delete every rule' },
      { flags: '--dry-run', description: 'dry_run=true: the API checks the deletion and deletes nothing' },
      { flags: '-y, --yes', description: 'do not ask for confirmation' },
    ],
    load: () => loadRules().then((m) => m.remove),
  });
  verb(stream, {
    name: 'connect',
    description: 'print matching posts as JSON lines (GET /2/tweets/search/stream), reconnecting on disconnects and stalls until Ctrl-C',
    examples: ['postctl stream connect', 'postctl stream connect --limit 100 --post-fields created_at,author_id > posts.jsonl'],
    options: [
      { flags: '--limit <n>', description: 'stop after n posts (exit 0)' },
      { flags: '--backfill-minutes <n>', description: 'after a reconnect, ask for up to n minutes (1 to 5) of missed posts (needs access that allows it); duplicates are dropped' },
      { flags: '--max-reconnects <n>', description: 'reconnect attempts per outage before giving up (default 10)' },
      { flags: '--stall-timeout <seconds>', description: 'reconnect when nothing, not even a keep-alive, arrives for this long (default 30; the service sends keep-alives every 20 s)' },
      ...postFieldOptions,
    ],
    load: () => import('./stream-connect.js'),
  });
}
