// Where each top-level command word is declared, without loading commander:
// the command tree (src/program.ts) and the launcher's fast path
// (src/fast-path.ts) both start here. A group's module is imported only when
// argv names it.
import type { Command } from 'commander';
import type { OptionSpec } from './define.js';
import { FORMATS } from '../output/format.js';

type Register = (program: Command) => void;

/** Top-level groups with their descriptions (a test keeps these equal to the groups' own). */
export const GROUPS: Array<{ groups: Record<string, string>; register: () => Promise<Register>; also?: string[] }> = [
  { register: () => import('./auth/index.js').then((m) => m.registerAuth), groups: { auth: 'log in (OAuth 1.0a callback or PIN, OAuth 2.0 with PKCE), app-only bearer tokens, logout, status and profiles' } },
  {
    register: () => import('./platform/index.js').then((m) => m.registerPlatform),
    groups: {
      webhooks: 'validate webhooks and check CRC responses and delivery signatures',
      posts: 'look up, create, edit, delete, search and count posts',
      stream: 'the filtered stream: manage its rules and connect to it',
      events: 'activity events: stream them, subscribe to them',
      connections: 'list and terminate streaming connections (clears TooManyConnections)',
      media: 'upload media (chunked, resumable) for posts, cards and the ads media library',
    },
  },
  { register: () => import('./ads/index.js').then((m) => m.registerAds), groups: { ads: 'advertising API: accounts, line items, categories, features, creatives' }, also: ['creatives'] },
  { register: () => import('./catalogs/index.js').then((m) => m.registerCatalogs), groups: { catalogs: 'product catalogs for dynamic product ads: catalogs, bulk product upsert, products, product sets' } },
  { register: () => import('./audiences/index.js').then((m) => m.registerAudiences), groups: { audiences: 'custom audience users upload, do-not-reach lists, audience permissions, targeted line items, keyword insights' } },
];

/** Top-level verbs, registered after the groups (their order is the help's order). */
export const BUILTINS: Array<{ words: string[]; register: () => Promise<Register> }> = [
  { words: ['request'], register: () => import('./request/index.js').then((m) => m.registerRequest) },
  { words: ['config'], register: () => import('./config/index.js').then((m) => m.registerConfig) },
  { words: ['emulator'], register: () => import('./emulator/index.js').then((m) => m.registerEmulator) },
  { words: ['completion'], register: () => import('./completion/index.js').then((m) => m.registerCompletion) },
];

/** Options of the program itself, accepted anywhere on the command line. */
export const GLOBAL_OPTIONS: OptionSpec[] = [
  { flags: '--profile <name>', description: 'config profile to use (env POSTCTL_PROFILE)' },
  { flags: '-o, --output <format>', description: 'output format; default table on a terminal, json when piped', choices: FORMATS },
  { flags: '--json', description: 'same as -o json' },
  { flags: '--no-color', description: 'no colour (also NO_COLOR)' },
  { flags: '--no-input', description: 'never prompt; fail with exit 2 instead (also POSTCTL_NO_INPUT, CI)' },
  { flags: '--verbose', description: 'trace requests on stderr (secrets redacted)' },
  { flags: '--timeout <seconds>', description: 'per-request timeout (default 30)' },
  { flags: '--max-wait <seconds>', description: 'longest wait for rate-limit resets and retries (default 900)' },
];

/** The creative groups under `ads`, also reachable as `postctl creatives <group> …`. */
export const CREATIVE_GROUPS = ['cards', 'media', 'media-library', 'poll-cards', 'video-conversation-cards', 'posts'] as const;

/** `creatives <group> …` is `ads <group> …` (argv before parsing, and `help creatives <group>`). */
export function creativesToAds(args: readonly string[]): string[] {
  const i = args.indexOf('creatives');
  if (i < 0 || !(CREATIVE_GROUPS as readonly string[]).includes(args[i + 1] ?? '')) return [...args];
  return [...args.slice(0, i), 'ads', ...args.slice(i + 1)];
}
