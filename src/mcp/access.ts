// What an agent may run through `postctl mcp`, decided from the verb's path and declarations alone, so a new
// verb needs no entry here: it is a tool, and a write tool unless its last word is one of the read words.
//
// Never tools: verbs that print, store or sign with secrets (`auth …`, `webhooks crc`, `verify-signature` and
// `listen` compute HMACs with the consumer secret; `listen` also serves until stopped and runs commands), that change where credentials are sent (`config set|unset`), or that
// make no sense over MCP (`emulator`, `completion`, `mcp` itself, hidden helpers), and the sync store's verbs
// (`ads sync`, `ads sync status`, `ads sql`): their target is a database path or a URL with credentials that
// --root does not confine, and SQL can write files anywhere (COPY … TO).
//
// Read tools send GET requests only — apart from the queries the ads API takes as POSTs that change nothing
// in the account (`ads stats` report jobs, `ads audience-estimate`). test/cli/mcp-server.test.ts runs every read
// tool against the emulator and checks its request log for anything else. Anything not known to be a read is
// a write, refused unless the server was started with --allow-writes (its dry run is allowed: it sends nothing).
import type { ToolShape } from './tool-schema.js';

const NEVER_GROUPS = new Set(['auth', 'emulator', 'completion', 'mcp', '__profiles']);
const NEVER_VERBS = new Set([
  'config set',
  'config unset',
  'webhooks crc',
  'webhooks verify-signature',
  'webhooks listen',
  'ads sync',
  'ads sync status',
  'ads sql',
]);

/** Last words of verbs that only read (`posts lookup`, `ads line-items list`, `users followers`…). */
const READ_WORDS = new Set([
  'list',
  'get',
  'lookup',
  'search',
  'counts',
  'count',
  'me',
  'followers',
  'following',
  'posts',
  'mentions',
  'liked',
  'owned',
  'followed',
  'history',
  'apps',
  'business-categories',
  'audience-estimate',
  'stats',
  'active',
  'reach',
  'suggestions',
  'products',
  'targeted',
  'keywords',
  'path',
]);

/** Flags only a write declares: a verb with one is a write whatever its name. */
const WRITE_FLAGS = ['dry-run', 'yes'];

export type Access = 'read' | 'write' | 'request';

export function isNeverTool(words: readonly string[], hidden: boolean | undefined): boolean {
  return Boolean(hidden) || NEVER_GROUPS.has(words[0]!) || NEVER_VERBS.has(words.join(' '));
}

export function accessOf(shape: ToolShape): Access {
  if (shape.words.length === 1 && shape.words[0] === 'request') return 'request';
  if (shape.flags.some((f) => WRITE_FLAGS.includes(f))) return 'write';
  return READ_WORDS.has(shape.words.at(-1)!) ? 'read' : 'write';
}

/** `request`'s method decides: GET and HEAD read. */
export function requestReads(input: Record<string, unknown>): boolean {
  return typeof input.method === 'string' && /^(get|head)$/i.test(input.method);
}

/**
 * `--tools PATTERN,…`: a tool is exposed when one pattern matches its name; `*` matches any run of
 * characters (`posts_*`, `ads_*_list`). No patterns: every tool.
 */
export function toolFilter(patterns: readonly string[]): (name: string) => boolean {
  if (!patterns.length) return () => true;
  const res = patterns.map(
    (p) =>
      new RegExp(
        `^${p
          .split('*')
          .map((s) => s.replace(/[.+?^${}()|[\]\\-]/g, '\\$&'))
          .join('.*')}$`,
      ),
  );
  return (name) => res.some((r) => r.test(name));
}
