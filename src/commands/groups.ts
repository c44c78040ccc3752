// Where each top-level command word is declared, without loading commander:
// the command tree (src/entry/program.ts) and the launcher's fast path
// (src/entry/fast-path.ts) both start here. A word's manifest is imported only when
// argv names it.
import { registerManifest, type Manifest, type TreeTarget, type OptionTable } from './define.js';
import { FORMATS } from '../output/format.js';
import { TOP_WORDS } from './manifest/index.js';
import { MORE_TREE } from './_groups-more.js';

export { TOP_WORDS };

type Register = (program: TreeTarget) => void;

/** A top-level word whose verbs are listed in its generated manifest (src/commands/manifest/). */
const fromManifest = (load: () => Promise<{ MANIFEST: Manifest }>) => async (): Promise<Register> => {
  const { MANIFEST } = await load();
  return (program) => registerManifest(program, MANIFEST);
};

/**
 * Top-level words: the generated index (src/commands/manifest/index.ts, written by scripts/manifest.mjs
 * from the verb files) lists every word with its description and manifest, so a new top-level group is
 * registered by `npm run build` alone. The words of LAST are registered after the groups, eagerly, in
 * this order; every other word is a group, listed in top-level help in TREE['']'s order.
 */
const LAST = ['request', 'config', 'mcp', 'emulator', 'completion', '__profiles'];
/** Other words that build a group (`creatives <group>` is `ads <group>`). */
const ALSO: Record<string, string[]> = { ads: ['creatives'] };

/** Top-level groups: the word, its description (top-level help needs no manifest), its manifest. */
export const GROUPS: Array<{ word: string; description: string; register: () => Promise<Register>; also?: string[] }> = TOP_WORDS.filter(
  (t) => !LAST.includes(t.word),
).map((t) => ({
  word: t.word,
  description: t.description,
  register: fromManifest(t.load),
  ...(ALSO[t.word] ? { also: ALSO[t.word] } : {}),
}));

/** Top-level verbs, registered after the groups (their order is the help's order). */
export const BUILTINS: Array<{ words: string[]; register: () => Promise<Register> }> = LAST.flatMap((word) =>
  TOP_WORDS.filter((t) => t.word === word).map((t) => ({ words: [word], register: fromManifest(t.load) })),
);

/** Options of the program itself, accepted anywhere on the command line. */
export const GLOBAL_OPTIONS: OptionTable = {
  profile: { flags: '--profile <name>', description: 'config profile to use (env POSTCTL_PROFILE)' },
  output: { flags: '-o, --output <format>', description: 'output format; default table on a terminal, json when piped', choices: FORMATS },
  json: { flags: '--json', description: 'same as -o json' },
  columns: {
    flags: '--columns <list>',
    description: 'table and CSV columns: names or dotted paths, comma list (id,name,public_metrics.like_count); help lists them',
  },
  query: { flags: '--query <expr>', description: 'JMESPath filter over the JSON output, as in the AWS CLI (--query "data[].id")' },
  color: { flags: '--no-color', description: 'no colour (also NO_COLOR)' },
  input: { flags: '--no-input', description: 'never prompt; fail with exit 2 instead (also POSTCTL_NO_INPUT, CI)' },
  verbose: { flags: '--verbose', description: 'trace requests on stderr (secrets redacted)' },
  quiet: { flags: '--quiet', description: 'no retry and wait lines on stderr (shown by default when stderr is not a terminal)' },
  timeout: { flags: '--timeout <seconds>', description: 'per-request timeout (default 30)' },
  maxWait: { flags: '--max-wait <seconds>', description: 'longest wait for rate-limit resets and retries (default 900)' },
  maxPages: { flags: '--max-pages <n>', description: 'most pages one listing may request (default 10000; env POSTCTL_MAX_PAGES)' },
  csvRaw: { flags: '--csv-raw', description: "CSV: keep values starting with = + - @ as they are (default: prefixed with ')" },
};

/** The creative groups under `ads`, also reachable as `postctl creatives <group> …`. */
export const CREATIVE_GROUPS = ['cards', 'media', 'media-library', 'poll-cards', 'video-conversation-cards', 'posts'] as const;

/** `creatives <group> …` is `ads <group> …` (argv before parsing, and `help creatives <group>`). */
export function creativesToAds(args: readonly string[]): string[] {
  const i = args.indexOf('creatives');
  if (i < 0 || !(CREATIVE_GROUPS as readonly string[]).includes(args[i + 1] ?? '')) return [...args];
  return [...args.slice(0, i), 'ads', ...args.slice(i + 1)];
}

/**
 * Groups below the top level (their help descriptions), and the help order of
 * every group's verbs and subgroups; scripts/manifest.mjs reads it. A verb or
 * group not named in `order` comes after those that are, in name order.
 */
export const TREE: Record<string, { description?: string; order?: readonly string[] }> = {
  '': {
    order: [
      'auth',
      'webhooks',
      'posts',
      'users',
      'dm',
      'lists',
      'stream',
      'events',
      'connections',
      'media',
      'ads',
      'catalogs',
      'audiences',
    ],
  },
  auth: {
    description: 'log in (OAuth 1.0a callback or PIN, OAuth 2.0 with PKCE), app-only bearer tokens, logout, status and profiles',
    order: ['login', 'pin', 'oauth2', 'token', 'logout', 'status', 'use', 'list', 'remove', 'import'],
  },
  webhooks: {
    description:
      'register, list, validate and delete webhooks, their account activity subscriptions; CRC responses and delivery signatures',
    order: ['create', 'list', 'delete', 'validate', 'subscriptions', 'stream-links', 'crc', 'verify-signature', 'replay'],
  },
  'webhooks subscriptions': {
    description: 'account activity subscriptions of a webhook (/2/account_activity): add the user, list, count, remove',
    order: ['add', 'list', 'check', 'count', 'remove'],
  },
  'webhooks stream-links': {
    description: 'deliver the filtered stream to a webhook (/2/tweets/search/webhooks): list, add, remove; app',
    order: ['list', 'add', 'remove'],
  },
  posts: {
    description: 'look up, create, edit, delete, search and count posts; like, repost and bookmark them',
    order: [
      'lookup',
      'create',
      'edit',
      'delete',
      'search',
      'counts',
      'likers',
      'hide',
      'unhide',
      'reposters',
      'quotes',
      'reposts',
      'like',
      'unlike',
      'repost',
      'unrepost',
      'bookmark',
      'unbookmark',
      'bookmarks',
      'bookmark-folders',
    ],
  },
  users: {
    description: 'users: who am I, look up and search users, followers, following, timelines, muted and blocked; follow, mute',
    order: [
      'me',
      'get',
      'show',
      'search',
      'followers',
      'following',
      'posts',
      'mentions',
      'liked',
      'timeline',
      'reposts-of-me',
      'affiliates',
      'muted',
      'blocked',
      'follow',
      'unfollow',
      'mute',
      'unmute',
    ],
  },
  dm: {
    description: 'direct messages: send (with media), list events, get and delete one, create group conversations, block senders',
    order: ['send', 'list', 'events', 'get', 'delete', 'conversation', 'block', 'unblock'],
  },
  'dm conversation': { description: 'direct message conversations (POST /2/dm_conversations)', order: ['create'] },
  lists: {
    description: 'lists: get, create, update, delete, members, followers, posts, owned, followed, pinned; follow and pin',
    order: [
      'get',
      'create',
      'update',
      'delete',
      'members',
      'followers',
      'posts',
      'owned',
      'followed',
      'memberships',
      'pinned',
      'follow',
      'unfollow',
      'pin',
      'unpin',
    ],
  },
  'lists members': { description: 'members of a list (GET/POST /2/lists/{id}/members)', order: ['list', 'add', 'remove'] },
  stream: {
    description: 'the filtered stream (its rules, connect) and the sample, firehose, compliance and likes streams (open)',
    order: ['rules', 'connect', 'open'],
  },
  'stream rules': {
    description: 'list, add and delete filtered stream rules (/2/tweets/search/stream/rules); their counts against the caps',
    order: ['list', 'add', 'delete', 'counts'],
  },
  events: {
    description: 'activity events: stream them, subscribe to them, list, update and delete subscriptions',
    order: ['stream', 'subscribe', 'subscriptions'],
  },
  'events subscriptions': {
    description: 'activity subscriptions (/2/activity/subscriptions): list, update, delete',
    order: ['list', 'update', 'delete'],
  },
  connections: {
    description: 'list and terminate streaming connections (clears TooManyConnections)',
    order: ['list', 'terminate'],
  },
  media: {
    description:
      'upload media (chunked, resumable) for posts, cards and the ads media library; look media up by key; subtitle tracks of videos',
    order: ['upload', 'get', 'subtitles'],
  },
  'media subtitles': {
    description:
      'subtitle tracks of an uploaded video (/2/media/subtitles): add one language (uploading its SRT or WebVTT file), delete one',
    order: ['add', 'delete'],
  },
  ads: {
    description:
      'advertising API: accounts, funding instruments, campaigns, line items, targeting, promoted posts, analytics, categories, features, creatives',
    order: [
      'accounts',
      'business-categories',
      'curated-categories',
      'features',
      'audience-estimate',
      'funding-instruments',
      'campaigns',
      'line-items',
      'targeting',
      'promoted-posts',
      'scheduled-promoted-posts',
      'promoted-accounts',
      'tracking-tags',
      'promotable-users',
      'line-item-categories',
      'media',
      'cards',
      'media-library',
      'poll-cards',
      'video-conversation-cards',
      'posts',
      'stats',
    ],
  },
  'ads stats': {
    description: 'analytics: stats of any entities over any range (sync or jobs), active entities, reach, jobs',
    order: ['active', 'reach', 'jobs'],
  },
  'ads stats jobs': { description: 'asynchronous analytics jobs of the ad account', order: ['list', 'get', 'cancel'] },
  'ads accounts': {
    description: 'ad accounts: list, show, rename, apps, change history; sandbox accounts',
    order: ['list', 'get', 'update', 'create', 'delete', 'apps', 'history'],
  },
  'ads curated-categories': {
    description: 'curated categories of the ad account (each available only in its countries)',
    order: ['list', 'get'],
  },
  'ads features': { description: 'features of the ad account', order: ['list', 'add'] },
  'ads funding-instruments': {
    description: 'funding instruments of the ad account (what campaigns are charged to); create/delete in the sandbox',
    order: ['list', 'get', 'create', 'delete'],
  },
  'ads campaigns': {
    description: 'campaigns: list, show, create (paused; one or a JSON Lines file in batches), update, pause/resume a tree, delete',
    order: ['list', 'get', 'create', 'update', 'pause', 'resume', 'delete'],
  },
  'ads line-items': {
    description: 'line items: list, show, create (paused; one or a file), update bids/budgets/schedule, pause/resume, delete',
    order: ['list', 'get', 'create', 'update', 'pause', 'resume', 'delete', 'placements'],
  },
  'ads targeting': {
    description: "line items' targeting criteria, and the discovery endpoints that find their values",
    order: ['search', 'suggestions', 'list', 'get', 'add', 'delete'],
  },
  'ads promoted-posts': { description: 'posts promoted by line items', order: ['list', 'get', 'create', 'delete'] },
  'ads scheduled-promoted-posts': {
    description: 'scheduled posts a line item promotes once they are published',
    order: ['list', 'get', 'create', 'delete'],
  },
  'ads promoted-accounts': {
    description: 'accounts promoted by line items (PROMOTED_ACCOUNT)',
    order: ['list', 'get', 'create', 'delete'],
  },
  'ads tracking-tags': {
    description: "line items' tracking tags (measurement partners' impression tags and click trackers)",
    order: ['list', 'get', 'create', 'update', 'delete'],
  },
  'ads promotable-users': { description: 'users whose posts the account can promote', order: ['list', 'get'] },
  'ads line-item-categories': {
    description: 'links between line items and curated categories',
    order: ['list', 'get', 'create', 'update', 'delete'],
  },
  'ads media': {
    description: "account media: the account's media assets by creative type (PREROLL, BANNER…)",
    order: ['list', 'get', 'delete'],
  },
  'ads cards': {
    description: 'cards built from components (media + website details or app button) or slides (multi-destination carousels)',
    order: ['list', 'get', 'create', 'update', 'delete'],
  },
  'ads media-library': {
    description: "the account's media library: images, GIFs and videos usable in cards and posts",
    order: ['list', 'get', 'add', 'update', 'delete'],
  },
  'ads poll-cards': {
    description: 'poll cards: text or media polls with 2 to 4 choices (they cannot be updated)',
    order: ['list', 'get', 'create', 'update'],
  },
  'ads video-conversation-cards': {
    description: 'video conversation cards: a 16:9 video with up to four hashtag calls to action',
    order: ['list', 'get', 'create', 'update'],
  },
  'ads posts': { description: 'posts made through the ad account (promoted-only by default) and their names', order: ['create', 'name'] },
  catalogs: {
    description: 'product catalogs for dynamic product ads: catalogs, bulk product upsert, products, product sets',
    order: ['list', 'create', 'rename', 'delete', 'upsert', 'products', 'delete-products', 'sets'],
  },
  'catalogs sets': {
    description: 'product sets: groups of products chosen by key (MANUAL) or by filters (FILTERED)',
    order: ['get', 'create'],
  },
  audiences: {
    description: 'custom audiences (create, upload users), do-not-reach lists, audience permissions, targeted line items, keyword insights',
    order: ['create', 'get', 'update', 'delete', 'upload', 'do-not-reach', 'permissions', 'list', 'targeted', 'keywords'],
  },
  'audiences do-not-reach': {
    description: 'do-not-reach lists: create, list, upload hashed emails and phone numbers, delete a list',
    order: ['create', 'list', 'upload', 'delete'],
  },
  'audiences permissions': {
    description: 'tailored audience permissions (ads API version 5): share an audience with other ad accounts',
    order: ['list', 'grant', 'revoke'],
  },
  config: { description: 'read and change non-secret settings of a profile', order: ['get', 'set', 'unset', 'list', 'path'] },
  emulator: { order: ['status', 'stop'] },
  mcp: { order: ['bridge'] },
  ...MORE_TREE,
};
