// `postctl dm conversation create --participants …`: a group conversation
// with its first message (POST /2/dm_conversations).
import { dmMessage, dmPlans } from '../../../platform/dm.js';
import { userRefsFromArgs } from '../../../platform/refs.js';
import { resolveUserIds } from '../../../platform/users.js';
import { send } from '../../../platform/webhook-lifecycle.js';
import { USER_CONTEXT, authedClient } from '../../_auth.js';
import { authOption } from '../../_flags.js';
import { lifecycleDryRun, printPlanned } from '../../_lifecycle.js';
import { defineVerb } from '../../define.js';
import { UPLOAD_ENDPOINTS } from '../../../media/upload.js';
import { dmMediaId, dmMediaOptions, planDmMedia } from '../_media.js';
import { DM_SENT_COLUMNS } from '../send.js';

export default defineVerb({
  name: 'create',
  description: 'start a group conversation with 2 to 49 users and a first message (POST /2/dm_conversations)',
  examples: ['postctl dm conversation create --participants @alice,@bob --text "welcome"'],
  options: {
    participants: {
      flags: '--participants <users>',
      description: 'the other members: ids, @handles or URLs, comma separated or repeated (2 to 49)',
      repeatable: true,
    },
    text: { flags: '--text <text>', description: 'the first message, 1 to 10,000 characters' },
    ...dmMediaOptions,
    dryRun: lifecycleDryRun,
    auth: authOption('user (OAuth 1.0a) when the profile holds an access token, else oauth2 (dm.write)'),
  },
  async run(_args, opts, ctx) {
    const refs = userRefsFromArgs(opts.participants ?? [], '--participants');
    const plan = await planDmMedia(opts);
    dmMessage(opts.text, opts.media ?? (plan ? '1' : undefined));
    // The participant count is checked before any lookup or upload.
    dmPlans.group(
      refs.map((r) => r.id ?? '0'),
      {},
    );
    const endpoints = [
      'POST /2/dm_conversations',
      ...(plan ? UPLOAD_ENDPOINTS : []),
      ...(refs.some((r) => r.username) ? ['GET /2/users/by'] : []),
    ];
    const { client, auth } = await authedClient(ctx, { endpoints, prefer: USER_CONTEXT, flag: opts.auth });
    const ids = await resolveUserIds(client, refs, auth);
    if (opts.dryRun) return printPlanned(ctx, [dmPlans.group(ids, dmMessage(opts.text, opts.media, plan?.path))]);
    const message = dmMessage(opts.text, await dmMediaId(ctx, client, opts.media, plan));
    const body = await send<{ data?: Record<string, unknown> }>(client, dmPlans.group(ids, message));
    ctx.printer.object(body.data ?? {}, DM_SENT_COLUMNS, body);
    return 0;
  },
});
