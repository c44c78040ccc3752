// `postctl posts create`: every rule checked before sending (exit 6, nothing
// sent); the created id on stdout (table) or the API envelope (json);
// --dry-run prints the JSON body and sends nothing. Sent at most once per
// idempotency key (commands/_once.ts): a rerun after a lost answer looks for
// the post first.
import { EXIT } from '../../errors/exit-codes.js';
import { createBody, sendPost } from '../../platform/posting.js';
import { commaList } from '../../validate/rules.js';
import { draftProblems, type PostDraft } from '../../validate/posting.js';
import { USER_CONTEXT, authedClient } from '../_auth.js';
import { parsePostRef } from '../../platform/refs.js';
import { authOption } from '../_flags.js';
import { defineVerb } from '../define.js';
import { checkedKey, idempotencyKeyOption, sendOnceFor } from '../_once.js';
import { actingUser } from '../../platform/acting-user.js';
import { findRecentPost } from '../../platform/find-sent.js';
import { dryRun, dryRunOption, mediaOption, printResult, textFrom, textOptions } from './_write.js';

export default defineVerb({
  name: 'create [-]',
  description: 'create a post (POST /2/tweets); prints the new id (table) or the API envelope (json)',
  examples: [
    'postctl posts create --text "Hello from postctl"',
    'postctl posts create --text "Which one?" --poll-option Tea --poll-option Coffee --poll-duration 1440',
    'postctl posts create --text-file thread-1.txt --reply-to 1460323737035677698 --dry-run',
    'echo "from stdin" | postctl posts create -',
    'postctl posts create --text "daily digest #2" --idempotency-key digest-2026-12-01',
  ],
  options: {
    ...textOptions,
    replyTo: { flags: '--reply-to <post>', description: 'reply to this post: id or post URL (reply.in_reply_to_tweet_id)' },
    quote: { flags: '--quote <post>', description: 'quote this post: id or post URL (quote_tweet_id); not with --media or --poll-option' },
    media: mediaOption,
    pollOption: {
      flags: '--poll-option <text>',
      description: 'a poll choice, 1 to 25 characters; repeat 2 to 4 times; needs --poll-duration',
      repeatable: true,
    },
    pollDuration: { flags: '--poll-duration <minutes>', description: 'how long the poll runs: 5 to 10080 minutes' },
    replySettings: {
      flags: '--reply-settings <who>',
      description: 'who can reply: following, mentionedUsers, subscribers or verified (default: everyone)',
    },
    community: { flags: '--community <community_id>', description: 'post into this community (community_id)' },
    paidPartnership: { flags: '--paid-partnership', description: 'disclose the post as a paid partnership (paid_partnership: true)' },
    shareWithFollowers: {
      flags: '--share-with-followers',
      description: 'also show a community post to your followers (needs --community)',
    },
    idempotencyKey: idempotencyKeyOption,
    dryRun: dryRunOption,
    auth: authOption('user (OAuth 1.0a) when the profile holds an access token, else oauth2'),
  },
  async run(args, opts, ctx) {
    const draft: PostDraft = {
      text: await textFrom(args, opts, ctx),
      media: commaList(opts.media),
      pollOptions: opts.pollOption ?? [],
      ...(opts.replyTo !== undefined ? { replyTo: parsePostRef(opts.replyTo) ?? opts.replyTo } : {}),
      ...(opts.quote !== undefined ? { quote: parsePostRef(opts.quote) ?? opts.quote } : {}),
      ...(opts.pollDuration !== undefined ? { pollDuration: opts.pollDuration } : {}),
      ...(opts.replySettings !== undefined ? { replySettings: opts.replySettings } : {}),
      ...(opts.community !== undefined ? { community: opts.community } : {}),
      paidPartnership: Boolean(opts.paidPartnership),
      shareWithFollowers: Boolean(opts.shareWithFollowers),
    };
    draftProblems(draft).throwIfAny('invalid post');
    const key = checkedKey(opts.idempotencyKey);
    if (opts.dryRun) return dryRun(ctx, createBody(draft, await ctx.client()));
    const { client, auth } = await authedClient(ctx, { endpoints: ['POST /2/tweets'], prefer: USER_CONTEXT, flag: opts.auth });
    const body = createBody(draft, client);
    const text = draft.text;
    const { result, already } = await sendOnceFor(ctx, 'posted', {
      key,
      content: ['post', body],
      send: () => sendPost(client, body),
      ids: (env) => (typeof env.data?.id === 'string' ? { id: env.data.id } : undefined),
      replay: (ids) => ({ data: { id: ids.id ?? '', ...(text !== undefined ? { text } : {}) } }),
      find: async (since) =>
        text === undefined
          ? undefined
          : findRecentPost(client, (await actingUser(client, await ctx.settings(), ctx.env, auth)).id, text, since),
    });
    printResult(ctx, result, already ? 'post' : 'created post');
    return EXIT.OK;
  },
});
