// `postctl dm send <user> | --conversation <id>`: one direct message, text
// and/or one media (an id, or a file uploaded here with its dm_* category);
// everything checked before the first request; --dry-run sends nothing.
import { UsageError } from '../../errors/cli-error.js';
import { type DmMessage, dmMessage, dmPlans } from '../../platform/dm.js';
import { userRefsFromArgs } from '../../platform/refs.js';
import { resolveUserIds } from '../../platform/users.js';
import { send } from '../../platform/webhook-lifecycle.js';
import { USER_CONTEXT, authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { lifecycleDryRun, printPlanned } from '../_lifecycle.js';
import { defineVerb } from '../define.js';
import { UPLOAD_ENDPOINTS } from '../../media/upload.js';
import { dmMediaId, dmMediaOptions, planDmMedia } from './_media.js';
import { checkedKey, idempotencyKeyOption, sendOnceFor } from '../_once.js';
import { actingUser } from '../../platform/acting-user.js';
import { findRecentMessage } from '../../platform/find-sent.js';

export const DM_SENT_COLUMNS = [
  { header: 'dm_conversation_id', key: 'dm_conversation_id' },
  { header: 'dm_event_id', key: 'dm_event_id' },
];

/** The string ids of a send's answer (dm_conversation_id, dm_event_id), kept in the ledger. */
function stringIds(data: Record<string, unknown> | undefined): Record<string, string> | undefined {
  const ids = Object.fromEntries(Object.entries(data ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'));
  return Object.keys(ids).length ? ids : undefined;
}

export default defineVerb({
  name: 'send [user]',
  description:
    'send a direct message to a user (id, @handle or URL) or --conversation (POST /2/dm_conversations/…/messages): --text up to 10,000 characters and/or one media',
  examples: [
    'postctl dm send @alice --text "hi"',
    'postctl dm send @alice --text "the plan" --media-file photo.png',
    'postctl dm send --conversation 1000000001-2244994945 --text "back to you"',
  ],
  options: {
    text: { flags: '--text <text>', description: 'the message, 1 to 10,000 characters' },
    conversation: {
      flags: '--conversation <dm_conversation_id>',
      description: 'send into this conversation (<id>-<id>, or a group id) instead of to a user',
    },
    ...dmMediaOptions,
    idempotencyKey: idempotencyKeyOption,
    dryRun: lifecycleDryRun,
    auth: authOption('user (OAuth 1.0a) when the profile holds an access token, else oauth2 (dm.write)'),
  },
  async run([user], opts, ctx) {
    if ((user === undefined) === (opts.conversation === undefined))
      throw new UsageError('give a user or --conversation (exactly one)', 'postctl dm send @alice --text hi');
    const refs = user !== undefined ? userRefsFromArgs([user], 'user') : [];
    const key = checkedKey(opts.idempotencyKey);
    const plan = await planDmMedia(opts);
    // The text and a given media id are checked before any upload or lookup.
    dmMessage(opts.text, opts.media ?? (plan ? '1' : undefined));
    const target =
      user !== undefined
        ? 'POST /2/dm_conversations/with/{participant_id}/messages'
        : 'POST /2/dm_conversations/{dm_conversation_id}/messages';
    const endpoints = [target, ...(plan ? UPLOAD_ENDPOINTS : []), ...(refs[0]?.username !== undefined ? ['GET /2/users/by'] : [])];
    const { client, auth } = await authedClient(ctx, { endpoints, prefer: USER_CONTEXT, flag: opts.auth });
    // Ids need no request; a handle costs one lookup (a dry run too: the path needs the id).
    const participant = refs.length ? (await resolveUserIds(client, refs, auth))[0] : undefined;
    const planFor = (m: DmMessage) =>
      participant !== undefined ? dmPlans.toParticipant(participant, m) : dmPlans.toConversation(opts.conversation!, m);
    if (opts.dryRun) return printPlanned(ctx, [planFor(dmMessage(opts.text, opts.media, plan?.path))]);
    // The conversation id is checked before an upload.
    planFor({});
    const message = dmMessage(opts.text, await dmMediaId(ctx, client, opts.media, plan));
    const planned = planFor(message);
    const scope = participant !== undefined ? { participantId: participant } : { conversationId: opts.conversation! };
    const text = opts.text;
    // Keyed on the text and target, not an uploaded media id (new on every run); a given media id counts.
    const { result: body } = await sendOnceFor(ctx, 'sent', {
      key,
      content: ['dm', scope, text ?? null, plan ? 'media-file' : (opts.media ?? null)],
      repeatable: true,
      send: () => send<{ data?: Record<string, unknown> }>(client, planned),
      ids: (r) => stringIds(r.data),
      replay: (ids) => ({ data: ids }),
      find: async (since) =>
        text === undefined
          ? undefined
          : findRecentMessage(client, scope, (await actingUser(client, await ctx.settings(), ctx.env, auth)).id, text, since),
    });
    ctx.printer.object(body.data ?? {}, DM_SENT_COLUMNS, body);
    return 0;
  },
});
