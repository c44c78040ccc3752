// `postctl notes create <post_id> --text … --classification …`: write a
// Community Note (POST /2/notes), in test mode unless --live.
import { createNoteRequest } from '../../platform/notes.js';
import { CLASSIFICATIONS, MISLEADING_TAGS, noteInfo } from '../../validate/notes.js';
import { parsePostRef } from '../../platform/refs.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { lifecycleDryRun, printRequests } from '../_lifecycle.js';
import { defineVerb } from '../define.js';
import { NOTE_AUTH, liveOption } from './_notes.js';

export default defineVerb({
  name: 'create <post_id>',
  description:
    'write a Community Note on a post (POST /2/notes; user context): --text with a source link, --classification, --misleading-tags; test mode unless --live',
  examples: [
    'postctl notes create 1460323737035677698 --classification not_misleading --text "The photo is from 2019: https://example.org/source"',
    'postctl notes create 1460323737035677698 --classification misinformed_or_potentially_misleading --misleading-tags factual_error --trustworthy-sources --text "See https://example.org" --live',
  ],
  options: {
    text: { flags: '--text <text>', description: 'the note, with at least one http(s) link to a source' },
    classification: { flags: '--classification <value>', description: CLASSIFICATIONS.join(' or '), choices: CLASSIFICATIONS },
    misleadingTags: {
      flags: '--misleading-tags <list>',
      description: `${MISLEADING_TAGS.join(', ')} (comma list, repeatable)`,
      repeatable: true,
    },
    trustworthySources: { flags: '--trustworthy-sources', description: 'the note’s links are trustworthy sources' },
    live: liveOption('propose the note for real (publicly visible)'),
    auth: authOption('user (OAuth 1.0a) when held, else oauth2'),
    dryRun: lifecycleDryRun,
  },
  async run([arg], opts, ctx) {
    // A pasted post URL stands for its id; anything else is refused by noteInfo.
    const postId = parsePostRef(arg!) ?? arg;
    const info = noteInfo({
      postId: postId!,
      text: opts.text,
      classification: opts.classification,
      misleadingTags: opts.misleadingTags,
      trustworthySources: Boolean(opts.trustworthySources),
    });
    const { client } = await authedClient(ctx, { endpoints: ['POST /2/notes'], prefer: NOTE_AUTH, flag: opts.auth });
    if (opts.dryRun) return printRequests(ctx, [createNoteRequest(postId!, info, !opts.live)]);
    const res = await client.request<{ data?: { id?: string } }>(createNoteRequest(postId!, info, !opts.live));
    ctx.printer.object(res.body?.data ?? {}, [{ header: 'id', key: 'id' }], res.body);
    if (!opts.live) ctx.log.info('test mode: the note is not publicly visible (--live proposes it for real)');
    return 0;
  },
});
