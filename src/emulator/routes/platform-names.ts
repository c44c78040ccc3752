// The emulator's own table of the names that differ between the live service
// ("official", openapi v2.159) and the spec's neutral text. Independent of the
// client's src/wire/names.ts on purpose: the emulator is a model of the
// service, not of postctl. Every route of these families is served under the
// spellings the emulator's `names` mode allows (both by default); a route
// answers in the spelling of the path it was called on.
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse, RouteSpec } from '../types.js';
import { spellingsOf } from '../spelling.js';

type Spelling = 'official' | 'neutral';

/** name → [official, neutral]. */
const POSTING_NAMES = {
  posts: ['tweets', 'posts'],
  postFields: ['tweet.fields', 'post.fields'],
  quoteId: ['quote_tweet_id', 'quote_post_id'],
  replyToId: ['in_reply_to_tweet_id', 'in_reply_to_post_id'],
  editHistory: ['edit_history_tweet_ids', 'edit_history_post_ids'],
  count: ['tweet_count', 'post_count'],
  totalCount: ['total_tweet_count', 'total_post_count'],
} as const satisfies Record<string, readonly [string, string]>;

export type NameOf = (key: keyof typeof POSTING_NAMES) => string;

/** Names that follow the field dialect (openapi v2.167 spells them neutrally on the official paths). */
const DIALECT_KEYS = new Set<keyof typeof POSTING_NAMES>(['postFields', 'editHistory']);

const namesFor =
  (style: Spelling, state: EmulatorState): NameOf =>
  (key) =>
    POSTING_NAMES[key][style === 'official' && !(state.dialect === '2.167' && DIALECT_KEYS.has(key)) ? 0 : 1];

export interface DualRoute extends Omit<RouteSpec, 'handler' | 'path'> {
  /** Path with `{posts}` where the resource name goes: '/2/{posts}/search/recent'. */
  path: string;
  handler: (req: EmuRequest, state: EmulatorState, name: NameOf) => EmuResponse | Promise<EmuResponse>;
}

/** Registers the route under each served spelling's path, sharing one rate-limit bucket. */
export function dualRoute(r: Router, state: EmulatorState, spec: DualRoute): void {
  for (const style of spellingsOf(state.names)) {
    const name = namesFor(style, state);
    r.route({
      ...spec,
      bucket: spec.bucket ?? `${spec.method} ${spec.path}`,
      path: spec.path.replace('{posts}', name('posts')),
      handler: (req, state) => spec.handler(req, state, name),
    });
  }
}
