// `postctl notes eligible`: posts that may get a Community Note (GET /2/notes/search/posts_eligible_for_notes).
import { noteReads } from '../../platform/notes.js';
import { fieldParamsFromFlags } from '../../validate/post-fields.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { pageOptions, pageParams, printListing } from '../_listing.js';
import { POST_COLUMNS, postFieldOptions } from '../_post-fields.js';
import { defineVerb } from '../define.js';
import { NOTE_AUTH, liveOption } from './_notes.js';

export default defineVerb({
  name: 'eligible',
  description:
    'posts eligible for a Community Note (GET /2/notes/search/posts_eligible_for_notes; user context): --post-selection "feed_size: small, feed_lang: en", --all',
  examples: ['postctl notes eligible', 'postctl notes eligible --post-selection "feed_size: large, feed_lang: all" --limit 50 -o jsonl'],
  options: {
    live: liveOption('the feed for notes outside test mode'),
    postSelection: {
      flags: '--post-selection <text>',
      description: "which feed: 'feed_size: small|large|xl, feed_lang: en|es|…|all' (the API’s default: small, en)",
    },
    ...pageOptions,
    ...postFieldOptions,
    auth: authOption('user (OAuth 1.0a) when held, else oauth2'),
  },
  async run(_args, opts, ctx) {
    const { query, limit } = pageParams(opts, [1, 100]);
    const { client } = await authedClient(ctx, {
      endpoints: ['GET /2/notes/search/posts_eligible_for_notes'],
      prefer: NOTE_AUTH,
      flag: opts.auth,
    });
    const selection = opts.postSelection !== undefined ? [['post_selection', opts.postSelection] as [string, string]] : [];
    const req = noteReads.eligible(!opts.live, [...query, ...selection, ...fieldParamsFromFlags(opts, client.names)]);
    return printListing(
      ctx,
      client,
      req,
      POST_COLUMNS,
      { ...opts, ...(limit !== undefined ? { limit: String(limit) } : {}) },
      'eligible posts',
    );
  },
});
